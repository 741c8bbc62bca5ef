import { Inject, Injectable, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type App, ClassificationQuestion, Tokens, type Engine } from '../../src/index.js';
import { STANDIN_APP, StandinModule, useStandin } from '../../src/nest.js';
import { createTestApp } from '../../src/testing.js';

const config = { models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } };

@Injectable()
class Greeter {
  constructor(@Inject(STANDIN_APP) private readonly app: App) {}

  async greet(): Promise<string> {
    return (await this.app.reply('writer', { messages: 'hello' })).text;
  }
}

@Module({ imports: [StandinModule.forRoot(config)], providers: [Greeter] })
class AppModule {}

describe('one test app shared by a file, a testing module per test', () => {
  const app = createTestApp(config);
  let moduleRef: TestingModule;

  beforeEach(async () => {
    moduleRef = await useStandin(Test.createTestingModule({ imports: [AppModule] }), app).compile();
  });

  afterEach(async () => {
    await moduleRef.close();
  });

  it('serves the first test', async () => {
    const writer = app.fake('writer', [{ text: 'Hello' }]);
    expect(await moduleRef.get(Greeter).greet()).toBe('Hello');
    await writer.verify();
  });

  it('serves the next test: closing the module left the app it was handed open', async () => {
    const writer = app.fake('writer', [{ text: 'Hello again' }]);
    expect(await moduleRef.get(Greeter).greet()).toBe('Hello again');
    await writer.verify();
  });
});

describe('a module that made its app', () => {
  it('disposes it when Nest closes, and every later use fails with E0050', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    const app = moduleRef.get<App>(STANDIN_APP);
    const engine = moduleRef.get<Engine>(Tokens.Engine);
    await moduleRef.close();
    await expect(app.reply('writer', { messages: 'hi' })).rejects.toMatchObject({ code: 'E0050' });
    // A bridged token refuses at the first touch, with what was touched.
    expect(() => engine.reply('writer', { messages: 'hi' })).toThrow(
      /Nest's standin\/Engine provider \(\.reply\): this app was disposed/,
    );
    expect(() => moduleRef.get(Tokens.CursorStore).peek('', 'x')).toThrow(expect.objectContaining({ code: 'E0050' }));
  });
});

describe('a disposed test app', () => {
  const questions = { team: ClassificationQuestion.choice('Which team?', ['billing', 'technical']) };
  const agent = { name: 'helper', model: 'writer', instructions: 'Help.' };

  async function disposed() {
    const app = createTestApp(config);
    const writer = app.fake('writer', [{ text: 'Hi' }]);
    const classifier = app.fakeClassifier([{ answers: { team: 'billing' } }]);
    await app.dispose();
    return { app, writer, classifier };
  }

  it('refuses calls with E0050, naming the call and the way out', async () => {
    const { app } = await disposed();
    const failure = await app.reply('writer', { messages: 'hi' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'E0050' });
    expect((failure as Error).message).toMatch(/^E0050 |app\.reply\(\.\.\.\): this app was disposed/);
    expect((failure as Error).message).toContain('useStandin(builder, app)');
    await expect(app.run(agent, 'hi')).rejects.toMatchObject({ code: 'E0050' });
    await expect(app.classify('Charged twice.', questions)).rejects.toMatchObject({ code: 'E0050' });
    await expect(app.embed('writer', 'hi')).rejects.toMatchObject({ code: 'E0050' });
    await expect(app.ready()).rejects.toMatchObject({ code: 'E0050' });
    await expect(app.engine.reply('writer', { messages: 'hi' })).rejects.toMatchObject({ code: 'E0050' });
    await expect(app.engine.classify('Charged twice.', questions)).rejects.toMatchObject({ code: 'E0050' });
    expect(() => app.stream('writer', { messages: 'hi' })).toThrow(expect.objectContaining({ code: 'E0050' }));
    expect(() => app.scope('s', () => 1)).toThrow(expect.objectContaining({ code: 'E0050' }));
  });

  it('refuses to fake, to allow real calls and to read its clock, with E0050', async () => {
    const { app } = await disposed();
    expect(() => app.fake('writer', [{ text: 'Hi' }])).toThrow(expect.objectContaining({ code: 'E0050' }));
    expect(() => app.fakeClassifier([])).toThrow(expect.objectContaining({ code: 'E0050' }));
    expect(() => app.allowRealCalls()).toThrow(expect.objectContaining({ code: 'E0050' }));
    expect(() => app.clock).toThrow(expect.objectContaining({ code: 'E0050' }));
  });

  it("fails its fakes' pending and verify with E0050", async () => {
    const { writer, classifier } = await disposed();
    await expect(writer.verify()).rejects.toMatchObject({ code: 'E0050' });
    await expect(writer.pending()).rejects.toMatchObject({ code: 'E0050' });
    await expect(classifier.verify()).rejects.toMatchObject({ code: 'E0050' });
  });

  it('disposes once: a second dispose does nothing', async () => {
    const { app } = await disposed();
    await expect(app.dispose()).resolves.toBeUndefined();
  });
});
