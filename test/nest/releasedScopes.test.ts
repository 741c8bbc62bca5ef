import { Controller, Get, Inject, Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClassificationQuestion, type App } from '../../src/index.js';
import { STANDIN_APP, StandinModule, useStandin } from '../../src/nest.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { startRedis, type RedisServer } from '../support/redis.js';

const models = { writer: { provider: 'openai', model: 'gpt-4.1-mini' } };
const team = { team: ClassificationQuestion.choice('Which team?', ['billing', 'technical']) };

@Controller()
class AskController {
  constructor(@Inject(STANDIN_APP) private readonly app: App) {}

  @Get('ask')
  async ask(): Promise<{ text: string }> {
    return { text: (await this.app.reply('writer', { messages: 'hello' })).text };
  }

  @Get('triage')
  async triage(): Promise<{ team: string | null | undefined }> {
    return { team: (await this.app.classify('My card was charged twice.', team)).answer('team')?.choice };
  }
}

@Module({ imports: [StandinModule.forRoot({ models })], controllers: [AskController] })
class AppModule {}

const opened: INestApplication[] = [];

afterEach(async () => {
  while (opened.length > 0) await opened.pop()!.close();
});

/** Serves AppModule on the test app; answers a `get` that resolves once the response has closed and its scope is released. */
async function serve(app: TestApp): Promise<(path: string) => Promise<unknown>> {
  const moduleRef = await useStandin(Test.createTestingModule({ imports: [AppModule] }), app).compile();
  const nest = moduleRef.createNestApplication({ logger: false });
  const closed: Promise<void>[] = [];
  (nest.getHttpServer() as Server).on('request', (_: IncomingMessage, response: ServerResponse) => {
    closed.push(new Promise((resolve) => response.once('close', () => setImmediate(resolve))));
  });
  await nest.listen(0, '127.0.0.1');
  opened.push(nest);
  const url = (await nest.getUrl()).replace('[::1]', '127.0.0.1');
  return async (path) => {
    const body = (await fetch(`${url}${path}`).then((r) => r.json())) as unknown;
    await Promise.all(closed);
    return body;
  };
}

describe('verify after requests that named no scope', () => {
  it('counts the answers a released scope took: verify passes and nothing is pending', async () => {
    const app = createTestApp({ models });
    const writer = app.fake('writer', [{ text: 'Hello' }]);
    const get = await serve(app);
    expect(await get('/ask')).toEqual({ text: 'Hello' });
    await writer.verify();
    expect(await writer.pending()).toEqual([]);
  });

  it('names the released scopes that left answers unused', async () => {
    const app = createTestApp({ models });
    const writer = app.fake('writer', [{ text: 'Hello' }, { text: 'never' }]);
    const get = await serve(app);
    await get('/ask');
    await get('/ask');
    const failure = await writer.verify().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'T0014' });
    expect((failure as Error).message).toMatch(
      /In 2 released scopes \('request:[0-9a-f-]{36}', 'request:[0-9a-f-]{36}'\), 1 of 2 answers never asked for:\n {2}answers\[1\] \{ text: "never" \}/,
    );
    expect(await writer.pending()).toEqual([{ index: 1, answer: { text: 'never' } }]);
  });

  it('counts the classifier entries a released scope took', async () => {
    const app = createTestApp({ models });
    const classifier = app.fakeClassifier([{ answers: { team: 'billing' } }]);
    const get = await serve(app);
    expect(await get('/triage')).toEqual({ team: 'billing' });
    await classifier.verify();
    expect(await classifier.pending()).toEqual([]);
  });

  it('lists the classifier entries released scopes left unused, naming one of them', async () => {
    const app = createTestApp({ models });
    const classifier = app.fakeClassifier([{ answers: { team: 'billing' } }, { answers: { team: 'technical' } }]);
    const get = await serve(app);
    await get('/triage');
    expect(await classifier.pending()).toEqual([
      { scope: expect.stringMatching(/^request:/), index: 1, entry: { answers: { team: 'technical' } }, released: 1 },
    ]);
    await expect(classifier.verify()).rejects.toThrow(
      /\[1\] .* — scope "request:[^"]+" \(released; 1 released scope left it\)/,
    );
  });
});

describe('verify after requests that named no scope, on the Redis cursor store', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, 60_000);
  afterAll(() => redis?.stop());

  it('counts what released scopes took, and names those that left answers unused', async () => {
    const app = createTestApp({ models, cursors: { store: 'redis', url: redis.url } });
    const writer = app.fake('writer', [{ text: 'Hello' }]);
    const get = await serve(app);
    expect(await get('/ask')).toEqual({ text: 'Hello' });
    // Redis releases over the network, after the response has closed: wait for it, bounded.
    await vi.waitFor(async () => expect(await writer.pending()).toEqual([]), { timeout: 10_000 });
    await writer.verify();
    const two = app.fake('writer', [{ text: 'Hello' }, { text: 'never' }]);
    await get('/ask');
    await vi.waitFor(
      () =>
        expect(two.verify()).rejects.toThrow(
          /In 1 released scope \('request:[0-9a-f-]{36}'\), 1 of 2 answers never asked for/,
        ),
      { timeout: 10_000 },
    );
    await app.dispose();
  });
});
