import { Controller, Get, Inject, Injectable, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { ContainerModule } from 'inversify';
import { afterEach, describe, expect, it } from 'vitest';
import { App, createApp, Tokens, type Engine, type Provider } from '../../src/index.js';
import { FakeClassifier } from '../../src/testing.js';
import { TypesafeClassifier } from '../../src/services/providers/typesafe/TypesafeClassifier.js';
import { STANDIN_APP, StandinModule, useStandin } from '../../src/nest.js';
import { createTestApp } from '../../src/testing.js';
import { says } from '../support/providers.js';

const models = { writer: { provider: 'main', model: 'm' } };

/** A provider that answers with the scope and the answer index the container's cursor store gives the call. */
const cursorEcho = (container: () => App['container']): Provider => ({
  async *reply(_, context) {
    const index = await container().get(Tokens.CursorStore).advance(context.scope, 'echo');
    yield* says(`${context.scope || '(default)'}#${index}`);
  },
});

function appWithEcho(make: typeof createApp): App {
  const made: { app?: App } = {};
  made.app = make(
    { models },
    new ContainerModule(
      ({ bind }) =>
        void bind(Tokens.Provider)
          .toConstantValue(cursorEcho(() => made.app!.container))
          .whenNamed('main'),
    ),
  );
  return made.app;
}

@Injectable()
class Helpdesk {
  constructor(
    @Inject(STANDIN_APP) readonly app: App,
    @Inject(Tokens.Engine) readonly engine: Engine,
  ) {}

  async answer(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    return (await this.app.reply('writer', { messages: 'hello' })).text;
  }
}

@Controller()
class HelpdeskController {
  constructor(@Inject(Helpdesk) private readonly helpdesk: Helpdesk) {}

  @Get('answer')
  async answer(): Promise<{ text: string }> {
    return { text: await this.helpdesk.answer() };
  }
}

const opened: INestApplication[] = [];

async function serve(app: App): Promise<{ nest: INestApplication; url: string }> {
  @Module({
    imports: [StandinModule.forRoot({ models }, { app: () => app })],
    controllers: [HelpdeskController],
    providers: [Helpdesk],
  })
  class AppModule {}
  const nest = await NestFactory.create(AppModule, { logger: false, abortOnError: false });
  await nest.listen(0, '127.0.0.1');
  opened.push(nest);
  return { nest, url: (await nest.getUrl()).replace('[::1]', '127.0.0.1') };
}

afterEach(async () => {
  while (opened.length > 0) await opened.pop()!.close();
});

describe(StandinModule, () => {
  describe('.forRoot', () => {
    it('provides the app and bridges the tokens, so a Nest service injects them like any provider', async () => {
      @Module({ imports: [StandinModule.forRoot({ models })], providers: [Helpdesk] })
      class AppModule {}
      const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
      const helpdesk = moduleRef.get(Helpdesk);
      expect(helpdesk.app).toBeInstanceOf(App);
      expect(helpdesk.engine.id).toBe(helpdesk.app.engine.id);
      expect(moduleRef.get(Tokens.Config).models).toEqual(models);
      await moduleRef.close();
    });

    it('rejects a bad config where the module is declared, with its code', () => {
      expect(() => StandinModule.forRoot({ models: { writer: { provider: 'main' } } } as never)).toThrow(
        expect.objectContaining({ code: 'C0001' }),
      );
    });
  });

  describe('.forRootAsync', () => {
    it('builds the app from settings a factory makes from other providers', async () => {
      const SETTINGS = Symbol('settings');
      @Module({
        providers: [{ provide: SETTINGS, useValue: { writerModel: 'from-config-service' } }],
        exports: [SETTINGS],
      })
      class ConfigModule {}
      @Module({
        imports: [
          StandinModule.forRootAsync({
            imports: [ConfigModule],
            inject: [SETTINGS],
            useFactory: (settings: { writerModel: string }) => ({
              config: { models: { writer: { provider: 'main', model: settings.writerModel } } },
            }),
          }),
        ],
      })
      class AppModule {}
      const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
      expect(moduleRef.get(Tokens.Config).models.writer?.model).toBe('from-config-service');
      await moduleRef.close();
    });

    it('fails to compile with the config error when the factory makes a bad config', async () => {
      @Module({
        imports: [
          StandinModule.forRootAsync({
            useFactory: () => ({
              config: { models: { writer: { provider: 'main', model: 'm', fallback: ['gone'] } } },
            }),
          }),
        ],
      })
      class AppModule {}
      await expect(Test.createTestingModule({ imports: [AppModule] }).compile()).rejects.toMatchObject({
        code: 'C0002',
      });
    });
  });

  describe('closing the Nest application', () => {
    it('disposes the container', async () => {
      const app = appWithEcho(createApp);
      const { nest } = await serve(app);
      await nest.close();
      opened.length = 0;
      expect(app.container.isBound(Tokens.Engine)).toBe(false);
    });
  });

  describe('bridged tokens', () => {
    it('bridge the classifier the config binds, and a fake classifier put in its place', async () => {
      const testApp = createTestApp({
        classifier: { provider: 'typesafe' },
        providers: { typesafe: { apiKey: 'ts-key' } },
      });
      @Module({ imports: [StandinModule.forRoot({}, { app: () => testApp })] })
      class AppModule {}
      const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
      const classifier = moduleRef.get(Tokens.Classifier);
      expect(classifier).toBeInstanceOf(TypesafeClassifier);
      testApp.fakeClassifier([{ answers: {} }]);
      expect(classifier).toBeInstanceOf(FakeClassifier);
      await moduleRef.close();
    });

    it('follow a service rebound after Nest injected it', async () => {
      @Module({ imports: [StandinModule.forRoot({ models })] })
      class AppModule {}
      const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
      const store = moduleRef.get(Tokens.CursorStore);
      const app = moduleRef.get<App>(STANDIN_APP);
      const replacement = { peek: async () => 99 };
      app.container.rebind(Tokens.CursorStore).toConstantValue(replacement as never);
      expect(await store.peek('', 'x')).toBe(99);
      await moduleRef.close();
    });
  });
});

describe('the scope middleware', () => {
  it('runs every request in a scope of its own', async () => {
    const { url } = await serve(appWithEcho(createTestApp));
    const texts = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${url}/answer`).then((r) => r.json() as Promise<{ text: string }>)),
    );
    for (const { text } of texts) expect(text).toMatch(/^request:[0-9a-f-]{36}#0$/);
    expect(new Set(texts.map((t) => t.text)).size).toBe(20);
  });

  it('in a test app, lets the x-standin-scope header name the scope, so a conversation spans requests', async () => {
    const { url } = await serve(appWithEcho(createTestApp));
    const ask = (scope: string) =>
      fetch(`${url}/answer`, { headers: { 'x-standin-scope': scope } }).then(
        (r) => r.json() as Promise<{ text: string }>,
      );
    expect(await ask('test-a')).toEqual({ text: 'test-a#0' });
    expect(await ask('test-b')).toEqual({ text: 'test-b#0' });
    expect(await ask('test-a')).toEqual({ text: 'test-a#1' });
  });

  it('in production, ignores the header', async () => {
    const { url } = await serve(appWithEcho(createApp));
    const { text } = (await fetch(`${url}/answer`, { headers: { 'x-standin-scope': 'test-a' } }).then((r) =>
      r.json(),
    )) as { text: string };
    expect(text).toMatch(/^request:/);
  });

  it('forgets the scope it made up once the response has ended', async () => {
    const app = appWithEcho(createTestApp);
    const { url } = await serve(app);
    await fetch(`${url}/answer`).then((r) => r.json());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await app.container.get(Tokens.CursorStore).scopesOf('echo')).toEqual([]);
  });

  it('keeps 50 concurrent requests with their own named scopes apart', async () => {
    const { url } = await serve(appWithEcho(createTestApp));
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        const scope = `e2e-${n}`;
        const first = (await fetch(`${url}/answer`, { headers: { 'x-standin-scope': scope } }).then((r) =>
          r.json(),
        )) as { text: string };
        const second = (await fetch(`${url}/answer`, { headers: { 'x-standin-scope': scope } }).then((r) =>
          r.json(),
        )) as { text: string };
        return [first.text, second.text];
      }),
    );
    results.forEach(([first, second], n) => {
      expect(first).toBe(`e2e-${n}#0`);
      expect(second).toBe(`e2e-${n}#1`);
    });
  });
});

describe(useStandin, () => {
  it('replaces the whole standin graph of a testing module with the test app', async () => {
    @Module({
      imports: [StandinModule.forRoot({ models: { writer: { provider: 'real', model: 'm' } } })],
      providers: [Helpdesk],
    })
    class AppModule {}
    const testApp = appWithEcho(createTestApp);
    const moduleRef = await useStandin(Test.createTestingModule({ imports: [AppModule] }), testApp).compile();
    const helpdesk = moduleRef.get(Helpdesk);
    expect(helpdesk.app).toBe(testApp);
    expect(helpdesk.engine.id).toBe(testApp.engine.id);
    expect(await helpdesk.answer()).toBe('(default)#0');
    await moduleRef.close();
  });
});
