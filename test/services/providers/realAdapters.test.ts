import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { createApp, createEngine, Tokens, type Provider, type ReplyPart } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { standIn } from '../../../src/services/container/standIn.js';
import { KEY } from './loopback/callContext.js';
import { type LoopbackServer, stream } from './loopback/LoopbackServer.js';
import { useLoopback } from './loopback/useLoopback.js';
import { chatStream, textParts } from '../../support/openaiStreams.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

/** An in-memory provider that always says `text`. */
const saying = (text: string): Provider => ({
  async *reply(): AsyncGenerator<ReplyPart> {
    yield { type: 'text', text };
    yield { type: 'finish', reason: 'stop' };
  },
});

const config = {
  models: {
    writer: { provider: 'anthropic', model: 'claude-test' },
    backup: { provider: 'openai', model: 'gpt-test' },
    odd: { provider: 'mystery', model: 'x' },
  },
  // Configured without an adapter: the app binds it itself (or forgets to, which is E0002).
  providers: { mystery: {} },
};

describe('real adapters bound by the production container', () => {
  it('binds a real adapter under each provider name the config uses that names a known adapter', () => {
    const app = createApp(config);
    expect(app.container.get(Tokens.Provider, { name: 'anthropic' })).toMatchObject({ adapter: 'anthropic' });
    expect(app.container.get(Tokens.Provider, { name: 'openai' })).toMatchObject({ adapter: 'openai' });
    expect(app.container.isBound(Tokens.Provider, { name: 'mystery' })).toBe(false);
  });

  it('a configured name that is no adapter gets none, and a call to it is E0002', async () => {
    await expect(createApp(config).reply('odd', { messages: 'Hi' })).rejects.toMatchObject({ code: 'E0002' });
  });

  it("binds the adapter a provider's `adapter` names, under the provider's own name: local: { adapter: 'openai', baseURL }", async () => {
    server.on('/v1/chat/completions', stream(chatStream(textParts(['Hi from local']))));
    const app = createApp({
      models: { writer: { provider: 'local', model: 'llama3.2' } },
      providers: {
        local: { adapter: 'openai', baseURL: server.url('/v1'), headers: { 'x-team': 'help' }, maxTokens: 64 },
      },
    });
    expect(app.container.get(Tokens.Provider, { name: 'local' })).toMatchObject({ adapter: 'openai' });
    const reply = await app.reply('writer', { messages: 'Hello' });
    expect(reply.text).toBe('Hi from local');
    const sent = server.at('/v1/chat/completions')[0]!;
    expect(sent.headers['x-team']).toBe('help');
    expect(sent.headers.authorization).toBeUndefined();
    expect(JSON.parse(sent.body.toString())).toMatchObject({ model: 'llama3.2', max_completion_tokens: 64 });
  });

  it('binds the adapters of configured providers no model uses yet', () => {
    const app = createApp({ providers: { anthropic: { apiKey: KEY } } });
    expect(app.container.get(Tokens.Provider, { name: 'anthropic' })).toMatchObject({ adapter: 'anthropic' });
  });

  it('a setting the adapter does not take is P0004 at once, naming the config path', () => {
    expect(() => createApp({ providers: { openai: { auth: 'bearer' } } })).toThrow(
      expect.objectContaining({ code: 'P0004', message: expect.stringContaining('config.providers.openai') }),
    );
    expect(() => createApp({ providers: { claude: { adapter: 'anthropic', voice: 'nova' } } })).toThrow(
      expect.objectContaining({
        code: 'P0004',
        message: expect.stringContaining("config.providers.claude.voice: unknown key 'voice'"),
      }),
    );
  });

  it('an adapter name that does not exist is C0001 with the names that do', () => {
    expect(() => createApp({ providers: { local: { adapter: 'no-such-adapter' as never } } })).toThrow(
      expect.objectContaining({ code: 'C0001', message: expect.stringContaining("'openai', 'anthropic'") }),
    );
  });

  it('a provider setting of the wrong shape is C0001 naming the path and what to write', () => {
    expect(() =>
      createApp({ providers: { local: { adapter: 'openai', maxTokens: -1, auth: 'basic' as never } } }),
    ).toThrow(
      expect.objectContaining({
        code: 'C0001',
        message: expect.stringMatching(
          /config\.providers\.local\.maxTokens[^\n]*positive whole number of tokens[\s\S]*config\.providers\.local\.auth[^\n]*'x-api-key'/,
        ),
      }),
    );
  });

  it('createEngine makers replace the real adapter bound under the same name', async () => {
    const engine = createEngine({ ...config, makers: { providers: () => ({ anthropic: saying('from the maker') }) } });
    expect((await engine.reply('writer', { messages: 'Hi' })).text).toBe('from the maker');
  });

  it('standIn unbinds the real adapter it replaces, leaving one binding', async () => {
    const app = createApp(config);
    standIn(app.container, Tokens.Provider, saying('first'), 'openai');
    standIn(app.container, Tokens.Provider, saying('second'), 'openai');
    expect(app.container.getAll(Tokens.Provider, { name: 'openai' })).toHaveLength(1);
    expect((await app.reply('backup', { messages: 'Hi' })).text).toBe('second');
  });

  it("a user module that binds a provider under the same name overrides it — never an inversify 'Ambiguous bindings' crash", async () => {
    const app = createApp(
      config,
      new ContainerModule(({ bind }) => {
        bind(Tokens.Provider).toConstantValue(saying('from the module')).whenNamed('anthropic');
      }),
    );
    expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('from the module');
    expect(app.container.get(Tokens.Provider, { name: 'openai' })).toMatchObject({ adapter: 'openai' });
  });

  it('a module that rebinds Tokens.Provider wholesale serves alone', async () => {
    const app = createApp(
      config,
      new ContainerModule(({ rebind }) => {
        rebind(Tokens.Provider).toConstantValue(saying('rebound')).whenNamed('anthropic');
      }),
    );
    expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('rebound');
    expect(app.container.isBound(Tokens.Provider, { name: 'openai' })).toBe(false);
  });

  it('a binding made on the living container overrides too, and unbinding it brings the real adapter back', async () => {
    const app = createApp(config);
    const id = app.container
      .bind(Tokens.Provider)
      .toConstantValue(saying('late'))
      .whenNamed('anthropic')
      .getIdentifier();
    expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('late');
    app.container.unbind(id);
    expect(app.container.get(Tokens.Provider, { name: 'anthropic' })).toMatchObject({ adapter: 'anthropic' });
  });

  it('a test app blocks the real adapters (E0008) until the test allows them', async () => {
    server.on('/v1/chat/completions', stream(chatStream(textParts(['real']))));
    const app = createTestApp({
      models: { writer: { provider: 'openai', model: 'm' } },
      providers: { openai: { baseURL: server.url('/v1') } },
    });
    await expect(app.reply('writer', { messages: 'Hi' })).rejects.toMatchObject({ code: 'E0008' });
    expect(server.received).toHaveLength(0);
    app.allowRealCalls('openai');
    expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('real');
  });

  it('two containers get two adapters: nothing is shared', () => {
    const a = createApp(config).container.get(Tokens.Provider, { name: 'openai' });
    const b = createApp(config).container.get(Tokens.Provider, { name: 'openai' });
    expect(a).not.toBe(b);
  });
});
