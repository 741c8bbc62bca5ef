import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CallFailed, createApp, ProviderFailure, StandinError, tool } from '../../../src/index.js';
import { chaos, createTestApp, replies, toolResults, type ChaosSettings } from '../../../src/testing.js';
import { createFakeServer } from '../../../src/server.js';

const config = {
  models: {
    writer: { provider: 'openai', model: 'gpt-4.1-mini' },
    triage: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
  },
};
const Team = z.object({ team: z.enum(['billing', 'technical']) });
const once = { retry: false } as const;

/** How a call ended: its text, or its error's code or kind. */
async function ended(call: Promise<{ readonly text: string }>): Promise<string> {
  try {
    return `text:${(await call).text}`;
  } catch (thrown) {
    const error = thrown instanceof CallFailed && thrown.cause instanceof ProviderFailure ? thrown.cause : thrown;
    if (error instanceof ProviderFailure) return `failure:${error.kind}${error.refusal ? `:${error.refusal}` : ''}`;
    if (error instanceof StandinError) return `error:${error.code}`;
    throw error;
  }
}

describe('TestApp', () => {
  describe('.chaos', () => {
    it('draws anew for each try: the engine retries a drawn failure as a real one', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', () => ({ text: 'ok' }));
      const disorder = app.chaos({ seed: 1, rates: { server: 1 } });
      expect(await ended(app.reply('writer', { messages: 'Hi' }))).toBe('failure:server');
      const tries = writer.sent.length;
      expect(tries).toBeGreaterThan(1);
      expect(disorder.disturbed.map((d) => d.step)).toEqual([...Array(tries).keys()]);
      expect(app.clock.slept).toHaveLength(tries - 1);
    });

    it('fails a call with the provider failure drawn, reaching no stand-in below', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ text: 'Hello' }]);
      const disorder = app.chaos({ seed: 1, rates: { rate_limit: 1 } });
      expect(await ended(app.reply('writer', { messages: 'Hi' }, once))).toBe('failure:rate_limit');
      expect(disorder.disturbed).toEqual([{ scope: '', model: 'writer', step: 0, kind: 'rate_limit' }]);
      expect(await writer.pending()).toHaveLength(1);
    });

    it('misbehaves as a scripted misbehave does: the app gets what the adapters deliver', async () => {
      for (const [kind, output] of [
        ['invalid_json', Team],
        ['wrong_shape', Team],
        ['truncated', undefined],
        ['refusal', undefined],
        ['content_filter', undefined],
        ['empty', undefined],
        ['unknown_tool', undefined],
      ] as const) {
        const scripted = createTestApp(config);
        scripted.fake('writer', [{ misbehave: kind }]);
        const drawn = createTestApp(config);
        drawn.fake('writer', [{ text: 'never given' }]);
        drawn.chaos({ seed: 3, rates: { [kind]: 1 } });
        const ask = (app: typeof scripted) =>
          ended(
            app
              .reply('writer', { messages: 'Hi', ...(output === undefined ? {} : { output }) }, once)
              .then((reply) => ({ text: `${reply.text}|${reply.finish}|${reply.calls.map((c) => c.tool).join()}` })),
          );
        expect(await ask(drawn)).toBe(await ask(scripted));
      }
    });

    it('never draws a kind the call cannot have, and shares the draw among the kinds that fit', async () => {
      const app = createTestApp(config);
      app.fake('writer', () => ({ text: 'ok' }));
      const disorder = app.chaos({ seed: 5, rates: { wrong_shape: 0.5, invalid_json: 0.5 } });
      for (let i = 0; i < 20; i++) expect(await ended(app.reply('writer', { messages: 'Hi' }, once))).toBe('text:ok');
      expect(disorder.disturbed).toEqual([]);
      const mixed = app.chaos({ seed: 5, rates: { wrong_shape: 0.5, server: 0.5 } });
      for (let i = 0; i < 20; i++) await ended(app.reply('writer', { messages: 'Hi' }, once));
      expect(new Set(mixed.disturbed.map((d) => d.kind))).toEqual(new Set(['server']));
    });

    it("hands a run's model the error of a misbehaving tool call, even with strict tools", async () => {
      const app = createTestApp(config);
      const findInGuide = tool({ input: z.object({ words: z.string() }), run: ({ words }) => `page about ${words}` });
      const writer = app.fake('writer', () => ({ text: 'done' }));
      const disorder = app.chaos({ seed: 6, rates: { bad_tool_input: 0.5, unknown_tool: 0.4 } });
      const run = await app.run({ model: 'writer', tools: { findInGuide }, maxSteps: 30 }, 'How do I reset it?');
      expect(run.text).toBe('done');
      expect(disorder.disturbed.length).toBeGreaterThan(0);
      expect(new Set(disorder.disturbed.map((d) => d.kind))).toEqual(new Set(['bad_tool_input', 'unknown_tool']));
      expect(writer.sent.at(-1)?.chaos).toBeUndefined();
      const last = replies(writer.sent).at(-1)!;
      const messages = typeof last.messages === 'string' ? [] : last.messages;
      const results = messages.flatMap((message) => (message.role === 'tool' ? message.results : []));
      expect(results).toHaveLength(disorder.disturbed.length);
      expect(toolResults(last)).toHaveLength(1);
      expect(results.every((result) => 'error' in result)).toBe(true);
    });

    it('draws only provider failures for calls other than replies', async () => {
      const app = createTestApp(config);
      app.fake('writer', { embed: () => [1, 0] });
      const disorder = app.chaos({ seed: 2, rates: { empty: 0.5, timeout: 0.5 } });
      for (let i = 0; i < 10; i++) await app.embed('writer', 'Hi', once).catch(() => undefined);
      expect(disorder.disturbed.length).toBeGreaterThan(0);
      expect(disorder.disturbed.every((d) => d.kind === 'timeout')).toBe(true);
    });

    it('hands each call it leaves alone to the stand-in below, and lists the disturbed ones in its sent', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', () => ({ text: 'ok' }));
      const disorder = app.chaos({ seed: 11, rates: { server: 0.5 } });
      const ends = [];
      for (let i = 0; i < 12; i++) ends.push(await ended(app.reply('writer', { messages: 'Hi' }, once)));
      expect(ends.filter((end) => end === 'text:ok')).toHaveLength(12 - disorder.disturbed.length);
      expect(writer.sent).toHaveLength(12);
      expect(writer.sent.filter((entry) => entry.chaos === 'server')).toHaveLength(disorder.disturbed.length);
      expect(writer.sent.map((entry) => entry.chaos !== undefined)).toEqual(ends.map((end) => end !== 'text:ok'));
    });

    it("shows each try it disturbed in the app's transcript, with its kind", async () => {
      const app = createTestApp(config);
      app.fake('writer', () => ({ text: 'Hello' }));
      app.chaos({ seed: 9, rates: { rate_limit: 0.2, truncated: 0.1 } });
      for (let i = 0; i < 3; i++) await app.reply('writer', { messages: 'Hi' });
      expect(app.transcript()).toContain(
        'call 2 · writer reply\n  > user: Hi\n  ! chaos: rate_limit\ncall 2 · writer reply · attempt 2\n  > user: Hi\n' +
          '  ! chaos: truncated\n',
      );
    });

    it('stands over every stand-in of the model: a fake faked after it, and a scope fake', async () => {
      const app = createTestApp(config);
      app.chaos({ seed: 1, rates: { server: 1 } });
      app.fake('writer', [{ text: 'Hello' }]);
      app.scope('ann').fake('writer', [{ text: 'Hello, Ann' }]);
      expect(await ended(app.reply('writer', { messages: 'Hi' }, once))).toBe('failure:server');
      const inAnn = app.scope('ann', () => ended(app.reply('writer', { messages: 'Hi' }, once)));
      expect(await inAnn).toBe('failure:server');
    });

    it('disturbs only the models and scopes it names', async () => {
      const app = createTestApp(config);
      app.fake('writer', () => ({ text: 'ok' }));
      app.fake('triage', () => ({ text: 'ok' }));
      const disorder = app.chaos({ seed: 1, rates: { server: 1 }, models: ['writer'], scopes: ['ann'] });
      expect(await ended(app.reply('triage', { messages: 'Hi' }, once))).toBe('text:ok');
      expect(await ended(app.reply('writer', { messages: 'Hi' }, once))).toBe('text:ok');
      expect(await app.scope('bob', () => ended(app.reply('writer', { messages: 'Hi' }, once)))).toBe('text:ok');
      expect(await app.scope('ann', () => ended(app.reply('writer', { messages: 'Hi' }, once)))).toBe('failure:server');
      expect(await app.scope('ann', () => ended(app.reply('triage', { messages: 'Hi' }, once)))).toBe('text:ok');
      expect(disorder.disturbed).toEqual([{ scope: 'ann', model: 'writer', step: 0, kind: 'server' }]);
    });

    it('lays over a real adapter the app allows: a disturbed call never reaches the provider', async () => {
      const server = await createFakeServer();
      server.fake('gpt-4.1-mini', () => ({ text: 'from the provider' }));
      const app = createTestApp({
        models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } },
        providers: { openai: { apiKey: 'sk-test', baseURL: `${server.url}/v1` } },
      });
      const disorder = app.chaos({ seed: 4, rates: { rate_limit: 0.5 } });
      expect(await ended(app.reply('writer', { messages: 'Hi' }, once))).toMatch(/error:E0008|failure:rate_limit/);
      app.allowRealCalls('openai');
      const ends = [];
      for (let i = 0; i < 8; i++) ends.push(await ended(app.reply('writer', { messages: 'Hi' }, once)));
      expect(ends.filter((end) => end === 'text:from the provider')).toHaveLength(server.sent.length);
      expect(ends.filter((end) => end === 'failure:rate_limit').length).toBe(disorder.disturbed.length);
      expect(disorder.disturbed.length).toBeGreaterThan(0);
      expect(server.sent.length).toBeGreaterThan(0);
      await server.close();
    });

    it('is a layer: findings none, taken off by app.reset(), which forgets what it disturbed', async () => {
      const app = createTestApp(config);
      app.fake('writer', () => ({ text: 'ok' }));
      const disorder = app.chaos({ seed: 1, rates: { server: 1 } });
      await ended(app.reply('writer', { messages: 'Hi' }, once));
      expect(await app.pending()).toEqual([]);
      await app.verify();
      await app.reset();
      expect(disorder.disturbed).toEqual([]);
      app.fake('writer', () => ({ text: 'ok' }));
      expect(await ended(app.reply('writer', { messages: 'Hi' }, once))).toBe('text:ok');
    });

    it('is replaced when laid again, on the models the new one leaves alone too', async () => {
      const app = createTestApp(config);
      app.fake('writer', () => ({ text: 'ok' }));
      app.fake('triage', () => ({ text: 'ok' }));
      const first = app.chaos({ seed: 1, rates: { server: 1 } });
      const second = app.chaos({ seed: 1, rates: { timeout: 1 }, models: ['writer'] });
      expect(await ended(app.reply('writer', { messages: 'Hi' }, once))).toBe('failure:timeout');
      expect(await ended(app.reply('triage', { messages: 'Hi' }, once))).toBe('text:ok');
      expect(first.disturbed).toEqual([]);
      expect(second.disturbed).toEqual([{ scope: '', model: 'writer', step: 0, kind: 'timeout' }]);
    });
  });
});

describe('chaos', () => {
  const app = createTestApp(config);
  it.each([
    ['T0090', 'no plain object', 7],
    ['T0090', 'a field it does not take', { seed: 1, rates: {}, rate_limit: 0.1 }],
    ['T0090', 'models that are no list', { seed: 1, rates: {}, models: 'writer' }],
    ['T0090', 'rates it would inherit', { seed: 1, rates: Object.create({ rate_limit: 1 }) as object }],
    [
      'T0090',
      'settings it would inherit',
      Object.assign(Object.create({ models: ['writer'] }) as object, { seed: 1, rates: {} }),
    ],
    ['T0091', 'a seed that is no whole number', { seed: 1.5, rates: {} }],
    ['T0091', 'a negative seed', { seed: -1, rates: {} }],
    ['T0091', 'an empty seed', { seed: '', rates: {} }],
    ['T0091', 'a seed given as a text', { seed: '7', rates: {} }],
    ['T0090', 'an empty scope name', { seed: 1, rates: {}, scopes: [''] }],
    ['T0090', 'an empty model name', { seed: 1, rates: {}, models: [''] }],
    ['T0092', 'an unknown kind', { seed: 1, rates: { rate_limited: 0.1 } }],
    ['T0093', 'a rate above 1', { seed: 1, rates: { server: 1.5 } }],
    ['T0093', 'a rate that is no number', { seed: 1, rates: { server: '0.1' } }],
    ['T0094', 'rates summing above 1', { seed: 1, rates: { server: 0.6, empty: 0.6 } }],
    ['T0095', 'a model the app does not have', { seed: 1, rates: {}, models: ['writre'] }],
  ])('refuses with %s %s', (code, _what, settings) => {
    expect(() => chaos(app, settings as unknown as ChaosSettings)).toThrow(
      expect.objectContaining({ code }) as unknown as Error,
    );
  });

  it('names the kind meant when a kind is misspelt, and takes rates that reach 1 by adding decimals', () => {
    expect(() => chaos(app, { seed: 1, rates: { rate_limited: 0.1 } as never })).toThrow(/Did you mean 'rate_limit'/);
    expect(() => chaos(app, { seed: 1, rates: { server: 0.1, timeout: 0.2, empty: 0.7 } })).not.toThrow();
  });

  it('refuses an app made by createApp, for production (T0096)', () => {
    const production = createApp(config);
    expect(() => chaos(production, { seed: 1, rates: { server: 0.1 } })).toThrow(
      expect.objectContaining({ code: 'T0096' }) as unknown as Error,
    );
  });
});
