import { describe, expect, it } from 'vitest';
import { createApp, createEngine, parseConfig, StandinError, type StandinConfigInput } from '../../src/index.js';
import { createTestApp, fakeProvider } from '../../src/testing.js';

/** The StandinError `make` throws, for its code and message. */
function rejection(make: () => unknown): StandinError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(StandinError);
    return error as StandinError;
  }
  throw new Error('expected a rejection');
}

const writer = { provider: 'openai', model: 'gpt-4.1-mini' };

describe('config that is not plain data', () => {
  describe(createApp, () => {
    it.each([
      ['null', null, 'got null'],
      ['a Date', new Date(), 'got a Date'],
      ['a Map', new Map([['models', {}]]), 'got a Map'],
      ['an array', [], 'got an array'],
      ['a string', 'models', 'got a string'],
      ['a class instance', new (class Settings {})(), 'got an instance of Settings'],
    ])('refuses %s as the config with C0005, naming what was given', (_, config, said) => {
      const error = rejection(() => createApp(config as StandinConfigInput));
      expect(error.code).toBe('C0005');
      expect(error.message).toContain(said);
      expect(error.message.split('\n')[0]).toBe('C0005: Invalid config:');
    });

    it('refuses a Date as retry with C0005 at config.retry, saying what to write', () => {
      const error = rejection(() => createApp({ retry: new Date() } as never));
      expect(error.code).toBe('C0005');
      expect(error.message).toContain(
        'config.retry: expected an object { attempts?, baseDelayMs?, maxDelayMs?, jitter? }, got a Date.',
      );
    });

    it('refuses a class instance as a model', () => {
      class Model {
        provider = 'openai';
        model = 'm';
      }
      const error = rejection(() => createApp({ models: { writer: new Model() } } as never));
      expect(error.message).toContain(
        'config.models.writer: expected an object { provider, model, fallback? }, got an instance of Model.',
      );
    });

    it('refuses a cycle with C0005', () => {
      const body: Record<string, unknown> = {};
      body.self = body;
      expect(rejection(() => createApp({ providers: { openai: { body } } })).code).toBe('C0005');
    });

    it('refuses an object literal that set __proto__ (its prototype) with C0005', () => {
      const models = { __proto__: { writer } } as unknown as StandinConfigInput['models'];
      expect(rejection(() => createApp({ models })).message).toContain('prototype is not Object.prototype');
    });

    it('wraps a getter that throws as C0007, never a raw error', () => {
      const config = {
        get models(): never {
          throw new TypeError('boom');
        },
      };
      const error = rejection(() => createApp(config));
      expect(error.code).toBe('C0007');
      expect(error.message).toContain('config.models threw when read');
    });

    it('wraps a proxy whose traps throw as C0007', () => {
      const config = new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      );
      expect(rejection(() => createApp(config)).code).toBe('C0007');
    });

    it('reads a getter once and takes what it gave', () => {
      let reads = 0;
      const app = createApp({
        get models() {
          reads++;
          return { writer };
        },
      });
      expect(reads).toBe(1);
      expect(app.container).toBeDefined();
    });
  });

  describe(createTestApp, () => {
    it.each([null, new Date(), new Map(), []])('refuses %o with C0005', (config) => {
      expect(rejection(() => createTestApp(config as StandinConfigInput)).code).toBe('C0005');
    });

    it('takes no config as an empty one', () => {
      expect(createTestApp().container).toBeDefined();
    });
  });

  describe(createEngine, () => {
    it.each([null, new Date(), new Map(), []])('refuses %o as the settings with C0005', (settings) => {
      expect(rejection(() => createEngine(settings as never)).code).toBe('C0005');
    });

    it('refuses makers that are not functions with C0001, with did-you-mean', () => {
      const error = rejection(() => createEngine({ makers: { provider: () => ({}) } as never }));
      expect(error.code).toBe('C0001');
      expect(error.message).toContain("Did you mean 'providers'?");
      expect(rejection(() => createEngine({ makers: { clock: 5 } as never })).message).toContain(
        'settings.makers.clock: expected a function',
      );
    });

    it('refuses providers() that answers something other than an object', () => {
      expect(rejection(() => createEngine({ makers: { providers: () => 5 as never } })).code).toBe('C0001');
    });
  });
});

describe('names that are Object.prototype members', () => {
  it("refuses '__proto__' as a model name with C0006 rather than dropping it", () => {
    const models = JSON.parse(`{"__proto__": ${JSON.stringify(writer)}}`) as StandinConfigInput['models'];
    const error = rejection(() => parseConfig({ models }));
    expect(error.code).toBe('C0006');
    expect(error.message).toContain("config.models.__proto__: '__proto__' cannot be a name");
  });

  it("refuses '__proto__' as a provider name with C0006", () => {
    const providers = JSON.parse('{"__proto__": {"apiKey": "k"}}') as StandinConfigInput['providers'];
    expect(rejection(() => parseConfig({ providers })).code).toBe('C0006');
  });

  it.each(['toString', 'constructor', 'hasOwnProperty', 'valueOf'])(
    "keeps a model named '%s' as a model",
    async (name) => {
      const app = createTestApp({ models: { [name]: writer } });
      app.fake(name, [{ text: `I am ${name}` }]);
      expect((await app.reply(name, { messages: 'hi' })).text).toBe(`I am ${name}`);
    },
  );

  it.each(['toString', 'constructor', '__defineGetter__'])(
    "refuses a fallback to '%s' that is no model with C0002",
    (name) => {
      const error = rejection(() => parseConfig({ models: { writer: { ...writer, fallback: [name] } } }));
      expect(error.code).toBe('C0002');
      expect(error.message).toContain(`'${name}' is not a configured model`);
    },
  );

  it.each(['toString', 'constructor', 'hasOwnProperty'])(
    "calls an unknown model named '%s' E0001, never a prototype member",
    async (name) => {
      const app = createTestApp({ models: { writer } });
      await expect(app.reply(name, { messages: 'hi' })).rejects.toMatchObject({ code: 'E0001' });
    },
  );

  it("takes a provider named 'constructor' as a configured provider", () => {
    const app = createApp({
      models: { writer: { provider: 'constructor', model: 'm' } },
      providers: { constructor: { adapter: 'openai' as const, apiKey: 'k' } },
    });
    expect(app.container).toBeDefined();
  });
});

describe('provider names', () => {
  it("refuses a misspelled provider when the app is made with C0008 and did-you-mean ('antropic' -> 'anthropic')", () => {
    const error = rejection(() =>
      createApp({ models: { writer: { provider: 'antropic', model: 'claude-sonnet-4-5' } } }),
    );
    expect(error.code).toBe('C0008');
    expect(error.message).toContain("config.models.writer.provider: no provider is named 'antropic'");
    expect(error.message).toContain("Did you mean 'anthropic'?");
  });

  it('refuses a provider named after an Object.prototype member that no one serves', () => {
    expect(rejection(() => createApp({ models: { writer: { provider: 'toString', model: 'm' } } })).code).toBe('C0008');
  });

  it('takes a provider configured under providers, or supplied by a maker', () => {
    expect(
      createApp({
        models: { writer: { provider: 'local', model: 'm' } },
        providers: { local: { adapter: 'openai', apiKey: 'k' } },
      }),
    ).toBeDefined();
    const engine = createEngine({
      models: { writer: { provider: 'mine', model: 'm' } },
      makers: { providers: () => ({ mine: fakeProvider([{ text: 'hi' }]) }) },
    });
    expect(engine).toBeDefined();
    expect(
      rejection(() =>
        createEngine({
          models: { writer: { provider: 'mien', model: 'm' } },
          makers: { providers: () => ({ mine: fakeProvider([]) }) },
        }),
      ).code,
    ).toBe('C0008');
  });

  it('leaves a test app free to fake a provider it has no adapter for', async () => {
    const app = createTestApp({ models: { writer: { provider: 'only-faked', model: 'm' } } });
    app.fake('writer', [{ text: 'faked' }]);
    expect((await app.reply('writer', { messages: 'hi' })).text).toBe('faked');
  });
});
