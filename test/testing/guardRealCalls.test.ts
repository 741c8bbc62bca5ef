import { Inject, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, ClassificationQuestion, createApp, type StandinConfigInput } from '../../src/index.js';
import { STANDIN_APP, StandinModule } from '../../src/nest.js';
import { createTestApp, guardRealCalls } from '../../src/testing.js';
import { KEY, useFolder } from '../fakes/cassettes/support.js';
import { LoopbackServer, stream } from '../services/providers/loopback/LoopbackServer.js';
import { chatStream, textParts } from '../support/openaiStreams.js';
import { systemone } from '../services/providers/loopback/classifierServers.js';

let server: LoopbackServer;
const folder = useFolder();
const questions = { team: ClassificationQuestion.choice('Which team?', ['billing', 'technical']) };

beforeAll(async () => {
  server = await LoopbackServer.start();
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  guardRealCalls(false);
  delete process.env.STANDIN_REAL_CALLS;
  server.reset();
});

function config(): StandinConfigInput {
  server.on('/v1/chat/completions', stream(chatStream(textParts(['Hello from the provider']))));
  server.on('/v1/systemone', systemone());
  return {
    models: { writer: { provider: 'openai', model: 'gpt-test' } },
    providers: {
      openai: { baseURL: server.url('/v1'), apiKey: KEY },
      typesafe: { baseURL: server.url(), apiKey: KEY },
    },
    classifier: { provider: 'typesafe' },
  };
}

describe(guardRealCalls, () => {
  it('makes an app from createApp refuse real calls with E0008, reaching no provider', async () => {
    guardRealCalls();
    const app = createApp(config());
    const failure = await app.reply('writer', { messages: 'hi' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'E0008' });
    expect((failure as Error).message).toContain('real calls are refused in this process');
    expect((failure as Error).message).toContain('useStandin(builder, createTestApp(config))');
    expect(server.received).toEqual([]);
  });

  it('refuses a real classifier with K0006', async () => {
    guardRealCalls();
    const app = createApp(config());
    await expect(app.classify('Charged twice.', questions)).rejects.toMatchObject({ code: 'K0006' });
    expect(server.received).toEqual([]);
  });

  it('refuses real calls in a Nest module whose test forgot useStandin', async () => {
    guardRealCalls();
    @Injectable()
    class Greeter {
      constructor(@Inject(STANDIN_APP) readonly app: App) {}
    }
    @Module({ imports: [StandinModule.forRoot(config())], providers: [Greeter] })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    await expect(moduleRef.get(Greeter).app.reply('writer', { messages: 'hi' })).rejects.toMatchObject({
      code: 'E0008',
    });
    await moduleRef.close();
    expect(server.received).toEqual([]);
  });

  it('leaves faked models answering', async () => {
    guardRealCalls();
    const app = createTestApp(config());
    app.fake('writer', [{ text: 'Hi' }]);
    expect((await app.reply('writer', { messages: 'hi' })).text).toBe('Hi');
  });

  it("keeps a test app's explicit allowRealCalls", async () => {
    guardRealCalls();
    const app = createTestApp(config());
    app.allowRealCalls('openai');
    expect((await app.reply('writer', { messages: 'hi' })).text).toBe('Hello from the provider');
  });

  it('lets a cassette that records reach the providers for its own calls', async () => {
    guardRealCalls();
    const path = join(folder(), 'guarded.json');
    const app = createTestApp(config());
    const cassette = app.cassette(path, { mode: 'record' });
    expect((await app.reply('writer', { messages: 'hi' })).text).toBe('Hello from the provider');
    await cassette.save();
    expect(readFileSync(path, 'utf8')).toContain('Hello from the provider');
    await expect(createApp(config()).reply('writer', { messages: 'hi' })).rejects.toMatchObject({ code: 'E0008' });
  });

  it('is lifted by guardRealCalls(false)', async () => {
    guardRealCalls();
    guardRealCalls(false);
    expect((await createApp(config()).reply('writer', { messages: 'hi' })).text).toBe('Hello from the provider');
  });

  it('refuses a value other than true or false, with E0052', () => {
    expect(() => guardRealCalls('yes' as never)).toThrow(expect.objectContaining({ code: 'E0052' }));
  });
});

describe('STANDIN_REAL_CALLS', () => {
  it('=refuse turns the guard on for every app, and guardRealCalls(false) cannot lift it', async () => {
    process.env.STANDIN_REAL_CALLS = 'refuse';
    guardRealCalls(false);
    await expect(createApp(config()).reply('writer', { messages: 'hi' })).rejects.toMatchObject({ code: 'E0008' });
    expect(server.received).toEqual([]);
  });

  it('is read once, when an app is made: a call reads no environment variable', async () => {
    const app = createApp(config());
    process.env.STANDIN_REAL_CALLS = 'refuse';
    expect((await app.reply('writer', { messages: 'hi' })).text).toBe('Hello from the provider');
    await expect(createApp(config()).reply('writer', { messages: 'hi' })).rejects.toMatchObject({ code: 'E0008' });
  });

  it('with a value standin does not know fails the call with E0052 rather than leave the guard off', async () => {
    process.env.STANDIN_REAL_CALLS = 'refuze';
    await expect(createApp(config()).reply('writer', { messages: 'hi' })).rejects.toThrow(
      /STANDIN_REAL_CALLS is 'refuze'.*Set it to 'refuse'/,
    );
    expect(server.received).toEqual([]);
  });
});
