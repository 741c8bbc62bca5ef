import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer, type SentEntry } from '../../src/server.js';
import { serveCommand } from '../../src/server/serveCommand.js';
import { createTestApp, type ChaosSettings, type Disturbance } from '../../src/testing.js';

/** How chaos marked a sent entry: an MCP tool call has no mark. */
const chaosOf = (entry: SentEntry | undefined) =>
  entry === undefined || entry.call === 'tools/call' ? undefined : entry.chaos;

const MODEL = 'gpt-4.1-mini';
const rates = {
  rate_limit: 0.15,
  server: 0.1,
  network: 0.05,
  refusal: 0.05,
  content_filter: 0.05,
  empty: 0.05,
  truncated: 0.05,
  unknown_tool: 0.05,
} as const;
const SCOPES = ['ann', 'bob', 'cy', 'dee', 'eve'];
const CALLS = 10;

/** The disturbances of each scope, as `step:kind`, the scopes in order. */
function perScope(disturbed: readonly Disturbance[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const { scope, model, step, kind } of disturbed) (found[scope] ??= []).push(`${model}#${step}:${kind}`);
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

/** The same calls in process: each scope's calls one after another, every scope at once, one try each. */
async function inProcess(settings: ChaosSettings): Promise<Record<string, string[]>> {
  const app = createTestApp({ models: { [MODEL]: { provider: 'openai', model: MODEL } } });
  app.fake(MODEL, () => ({ text: 'ok' }));
  const disorder = app.chaos(settings);
  await Promise.all(
    SCOPES.map((scope) =>
      app.scope(scope, async () => {
        for (let i = 0; i < CALLS; i++)
          await app.reply(MODEL, { messages: 'Hi' }, { retry: false }).catch(() => undefined);
      }),
    ),
  );
  return perScope(disorder.disturbed);
}

describe('FakeServer', () => {
  let server: FakeServer;

  beforeEach(async () => {
    server = await createFakeServer();
    server.fake(MODEL, () => ({ text: 'ok' }));
  });
  afterEach(async () => {
    await server.close();
  });

  function client(scope?: string): OpenAI {
    return new OpenAI({
      baseURL: `${server.url}/v1`,
      apiKey: 'sk-test-secret',
      maxRetries: 0,
      ...(scope === undefined ? {} : { defaultHeaders: { 'x-standin-scope': scope } }),
    });
  }

  function control(method: string, body?: unknown, query = ''): Promise<Response> {
    return fetch(`${server.url}/__standin/chaos${query}`, {
      method,
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  }

  /** Each scope's calls with the official client, one after another, every scope at once. */
  async function overTheWire(): Promise<void> {
    await Promise.all(
      SCOPES.map(async (scope) => {
        const openai = client(scope);
        for (let i = 0; i < CALLS; i++) {
          await openai.chat.completions
            .create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] })
            .catch(() => undefined);
        }
      }),
    );
  }

  describe('.chaos', () => {
    it('draws over the wire as in process, for the same scope, model and step', async () => {
      const settings = { seed: 42, rates };
      const disorder = server.chaos(settings)!;
      await overTheWire();
      expect(Object.keys(perScope(disorder.disturbed))).toEqual([...SCOPES].sort());
      expect(perScope(disorder.disturbed)).toEqual(await inProcess(settings));
    });

    it("marks each request it disturbed in the server's sent, with the kind", async () => {
      const disorder = server.chaos({ seed: 9, rates })!;
      await overTheWire();
      const marked = server.sent.filter((entry) => chaosOf(entry) !== undefined);
      expect(marked).toHaveLength(disorder.disturbed.length);
      for (const scope of SCOPES) {
        const kinds = (list: readonly { scope: string; chaos?: string | undefined; kind?: string }[]) =>
          list.filter((entry) => entry.scope === scope).map((entry) => entry.chaos ?? entry.kind);
        expect(kinds(marked)).toEqual(kinds(disorder.disturbed));
      }
    });

    it("sends each disturbance in the provider's own wire shape", async () => {
      const ask = () => client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] });
      server.chaos({ seed: 1, rates: { rate_limit: 1 } });
      expect(await ask().catch((error: { status?: number }) => error.status)).toBe(429);
      server.chaos({ seed: 1, rates: { refusal: 1 } });
      expect((await ask()).choices[0]?.message.refusal).toBe("I'm sorry, but I can't help with that.");
      server.chaos({ seed: 1, rates: { content_filter: 1 } });
      expect((await ask()).choices[0]?.finish_reason).toBe('content_filter');
      server.chaos({ seed: 1, rates: { truncated: 1 } });
      expect((await ask()).choices[0]?.finish_reason).toBe('length');
      server.chaos({ seed: 1, rates: { unknown_tool: 1 } });
      expect((await ask()).choices[0]?.message.tool_calls?.[0]).toMatchObject({ function: { name: 'no_such_tool' } });
    });

    it('is taken off with undefined, and a reset of a scope starts its steps again', async () => {
      const disorder = server.chaos({ seed: 1, rates: { server: 1 }, scopes: ['ann'] })!;
      const ask = (scope: string) =>
        client(scope)
          .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] })
          .then((reply) => reply.choices[0]?.message.content)
          .catch((error: { status?: number }) => error.status);
      expect(await ask('bob')).toBe('ok');
      expect(await ask('ann')).toBe(500);
      expect(await ask('ann')).toBe(500);
      await server.reset('ann');
      expect(disorder.disturbed).toEqual([]);
      expect(await ask('ann')).toBe(500);
      expect(disorder.disturbed).toEqual([{ scope: 'ann', model: MODEL, step: 0, kind: 'server' }]);
      server.chaos(undefined);
      expect(await ask('ann')).toBe('ok');
    });

    it('lays over the models of a served app, by their names', async () => {
      const app = createTestApp({ models: { writer: { provider: 'openai', model: MODEL } } });
      app.fake('writer', () => ({ text: 'from the app' }));
      const served = await createFakeServer({ app, chaos: { seed: 1, rates: { timeout: 1 } } });
      const openai = new OpenAI({ baseURL: `${served.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
      const status = await openai.chat.completions
        .create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] })
        .catch((error: { status?: number }) => error.status);
      expect(status).toBe(408);
      expect(chaosOf(served.sent[0])).toBe('timeout');
      await served.close();
    });

    it('refuses bad settings with their code, when the server is made too', async () => {
      expect(() => server.chaos({ seed: 1, rates: { server: 2 } })).toThrow(expect.objectContaining({ code: 'T0093' }));
      await expect(createFakeServer({ chaos: { seed: -1, rates: {} } })).rejects.toMatchObject({ code: 'T0091' });
    });
  });

  describe('POST /__standin/chaos', () => {
    it('lays chaos, GET answers it and what it disturbed, DELETE takes it off', async () => {
      const laid = await control('POST', { seed: 3, rates: { server: 1 }, scopes: ['ann'] });
      expect(laid.status).toBe(200);
      expect(await laid.json()).toEqual({ ok: true, chaos: { seed: 3, rates: { server: 1 }, scopes: ['ann'] } });
      await client('ann')
        .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] })
        .catch(() => undefined);
      const read = (await (await control('GET', undefined, '?scope=ann')).json()) as { disturbed: unknown };
      expect(read.disturbed).toEqual([{ scope: 'ann', model: MODEL, step: 0, kind: 'server' }]);
      expect(await (await control('DELETE')).json()).toEqual({ ok: true, chaos: null });
      expect(await (await control('GET')).json()).toEqual({ chaos: null, disturbed: [] });
    });

    it('refuses settings that are not chaos settings with 400 W0041, naming their own code', async () => {
      const refused = await control('POST', { seed: 3, rates: { rate_limited: 0.1 } });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(/^W0041: .*\(T0092\).*Did you mean 'rate_limit'/);
    });
  });
});

describe('standin serve --chaos', () => {
  const dir = mkdtempSync(join(tmpdir(), 'standin-chaos-'));
  const scripts = join(dir, 'scripts.json');
  writeFileSync(scripts, JSON.stringify({ models: { [MODEL]: [{ text: 'Hello' }] } }));

  async function serve(chaos: string): Promise<{ started: FakeServer | number; err: string[] }> {
    const err: string[] = [];
    const started = await serveCommand(['serve', '--scripts', scripts, '--chaos', chaos], {
      out: () => undefined,
      err: (line) => err.push(line),
    });
    return { started, err };
  }

  it('serves with the chaos laid', async () => {
    const { started } = await serve('seed=7,server=1');
    const server = started as FakeServer;
    const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
    const status = await openai.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] })
      .catch((error: { status?: number }) => error.status);
    expect(status).toBe(500);
    expect(chaosOf(server.sent[0])).toBe('server');
    await server.close();
  });

  it.each([
    ['no seed', 'rate_limit=0.1', /names no seed/],
    ['a pair that is no name=value', 'seed=7,rate_limit', /'rate_limit' is no name=value pair/],
    ['a rate that is no number', 'seed=7,rate_limit=often', /is 'often', which is no number/],
    ['an unknown kind', 'seed=7,rate_limited=0.1', /\(T0092\)/],
    ['rates summing above 1', 'seed=7,server=0.7,timeout=0.7', /\(T0094\)/],
    ['a kind named __proto__', 'seed=7,__proto__=0.5', /names '__proto__', which is no kind of chaos.*\(T0092\)/],
    ['two pairs split by a space', 'seed=7 rate_limit=0.1', /'seed=7 rate_limit=0.1' holds more than one pair/],
    ['a kind given twice', 'seed=7,rate_limit=0.1,rate_limit=0.2', /rate_limit is given twice/],
    ['the seed given twice', 'seed=7,seed=8', /seed is given twice/],
    [
      'a seed that is no whole number',
      'seed=nightly,rate_limit=0.1',
      /the seed is 'nightly'; a seed is a whole number/,
    ],
    ['a hexadecimal rate', 'seed=7,rate_limit=0x1', /the rate of rate_limit is '0x1', which is no number/],
    ['an infinite rate', 'seed=7,rate_limit=Infinity', /is 'Infinity', which is no number/],
  ])('exits 2 with W0040 for %s', async (_what, value, message) => {
    const { started, err } = await serve(value);
    expect(started).toBe(2);
    expect(err.join('\n')).toMatch(/^W0040: --chaos is refused: /);
    expect(err.join('\n')).toMatch(message);
  });

  it('exits 2 with W0040 when --chaos is given twice, rather than keep the last', async () => {
    const err: string[] = [];
    const started = await serveCommand(
      ['serve', '--scripts', scripts, '--chaos', 'seed=7,server=1', '--chaos', 'seed=7,timeout=0.1'],
      { out: () => undefined, err: (line) => err.push(line) },
    );
    expect(started).toBe(2);
    expect(err.join('\n')).toMatch(/^W0040: --chaos is refused: it is given 2 times; give it once/);
  });

  it('reads rates written as decimals', async () => {
    const { started } = await serve('seed=7,server=.25,timeout=1e-1,rate_limit=0.5');
    const server = started as FakeServer;
    const read = await fetch(`${server.url}/__standin/chaos`, { headers: { authorization: `Bearer ${server.token}` } });
    expect(((await read.json()) as { chaos: unknown }).chaos).toEqual({
      seed: 7,
      rates: { server: 0.25, timeout: 0.1, rate_limit: 0.5 },
    });
    await server.close();
  });
});
