import { describe, expect, it } from 'vitest';
import { parseConfig, StandinError, type StandinConfigInput } from '../../src/index.js';

/** The StandinError `make` throws. */
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

describe('config lists', () => {
  it('refuses a sparse fallback list of 5e7 entries with C0009, without reading it', () => {
    const fallback: string[] = [];
    fallback.length = 5e7;
    const error = rejection(() => parseConfig({ models: { writer: { ...writer, fallback } } }));
    expect(error.code).toBe('C0009');
    expect(error.message).toContain('config.models.writer.fallback: a list of 50000000 entries');
    expect(error.message).toContain('at most 10000 entries');
  });

  it('refuses a proxy that claims a huge length with C0009', () => {
    const fallback = new Proxy(['backup'], {
      get: (target, key) => (key === 'length' ? 2 ** 40 : Reflect.get(target, key)),
    });
    expect(rejection(() => parseConfig({ models: { writer: { ...writer, fallback } } })).code).toBe('C0009');
  });

  it('refuses a proxy whose length is not a whole number with C0009', () => {
    const fallback = new Proxy(['backup'], {
      get: (target, key) => (key === 'length' ? 'many' : Reflect.get(target, key)),
    });
    const error = rejection(() => parseConfig({ models: { writer: { ...writer, fallback } } }));
    expect(error.code).toBe('C0009');
    expect(error.message).toContain('length is not a whole number');
  });

  it('refuses a fallback list of more than 100 names with C0001', () => {
    const models: Record<string, typeof writer & { fallback?: string[] }> = {};
    const names = Array.from({ length: 101 }, (_, i) => `m${i}`);
    for (const name of names) models[name] = writer;
    models.writer = { ...writer, fallback: names };
    const error = rejection(() => parseConfig({ models }));
    expect(error.code).toBe('C0001');
    expect(error.message).toContain('at most 100 model names');
  });

  it('refuses a 200,000-entry fallback list with a typed error, not a RangeError', () => {
    const fallback = Array.from({ length: 200_000 }, (_, i) => `m${i}`);
    expect(rejection(() => parseConfig({ models: { writer: { ...writer, fallback } } })).code).toBe('C0009');
  });

  it('refuses a 5,000-model fallback chain with C0010, not a RangeError', () => {
    const models: Record<string, unknown> = {};
    for (let i = 0; i < 5_000; i++) models[`m${i}`] = { ...writer, ...(i < 4_999 ? { fallback: [`m${i + 1}`] } : {}) };
    const error = rejection(() => parseConfig({ models } as StandinConfigInput));
    expect(error.code).toBe('C0010');
    expect(error.message).toContain("config.models.m0.fallback: model 'm0' may fall back through more than 100 models");
  });

  it('finds a cycle at the end of a long chain without overflowing the stack', () => {
    const models: Record<string, unknown> = {};
    for (let i = 0; i < 5_000; i++) models[`m${i}`] = { ...writer, fallback: [`m${(i + 1) % 5_000}`] };
    expect(rejection(() => parseConfig({ models } as StandinConfigInput)).code).toBe('C0003');
  });

  it('keeps a chain of 100 models', () => {
    const models: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) models[`m${i}`] = { ...writer, ...(i < 99 ? { fallback: [`m${i + 1}`] } : {}) };
    expect(
      Object.keys(parseConfig(models === undefined ? {} : ({ models } as StandinConfigInput)).models),
    ).toHaveLength(100);
  });
});

describe('timer settings', () => {
  const MAX = 2 ** 31 - 1;

  it.each([
    [
      'providers.openai.timeoutMs',
      { providers: { openai: { timeoutMs: 2 ** 31 } } },
      'config.providers.openai.timeoutMs',
    ],
    ['retry.maxDelayMs', { retry: { maxDelayMs: 2 ** 31 } }, 'config.retry.maxDelayMs'],
    ['retry.baseDelayMs', { retry: { baseDelayMs: 2 ** 40 } }, 'config.retry.baseDelayMs'],
    [
      'providers.openai.maxRetryAfterMs',
      { providers: { openai: { maxRetryAfterMs: 2 ** 31 } } },
      'config.providers.openai.maxRetryAfterMs',
    ],
    [
      'cursors.timeoutMs',
      { cursors: { store: 'redis', url: 'redis://127.0.0.1:6379', timeoutMs: 2 ** 31 } },
      'config.cursors.timeoutMs',
    ],
    [
      'cursors.ttlSeconds',
      { cursors: { store: 'redis', url: 'redis://127.0.0.1:6379', ttlSeconds: 2 ** 31 } },
      'config.cursors.ttlSeconds',
    ],
  ])('refuses %s past what a Node timer holds with C0001, naming the bound', (_, config, where) => {
    const error = rejection(() => parseConfig(config as StandinConfigInput));
    expect(error.code).toBe('C0001');
    expect(error.message).toContain(where);
  });

  it('says the bound and why for a timeoutMs of 2^31', () => {
    const error = rejection(() => parseConfig({ providers: { openai: { timeoutMs: 2 ** 31 } } }));
    expect(error.message).toContain('from 1 to 2147483647 (the longest a Node timer holds)');
  });

  it('keeps the largest a timer holds', () => {
    const config = parseConfig({
      providers: { openai: { timeoutMs: MAX } },
      retry: { maxDelayMs: MAX, baseDelayMs: MAX },
    });
    expect(config.providers.openai?.timeoutMs).toBe(MAX);
    expect(config.retry.maxDelayMs).toBe(MAX);
  });
});

describe('provider body', () => {
  it.each([
    ['a BigInt', 1n, 'a BigInt'],
    ['a symbol', Symbol('x'), 'a symbol'],
  ])('refuses %s in providers.*.body with C0005: the body is JSON', (_, value, said) => {
    const error = rejection(() => parseConfig({ providers: { openai: { body: { seed: value } } } }));
    expect(error.code).toBe('C0005');
    expect(error.message).toContain(`config.providers.openai.body.seed`);
    expect(error.message).toContain(said);
  });
});

describe("a call's retry options fed to timers", () => {
  it.each([['maxDelayMs'], ['baseDelayMs']])('refuses retry.%s of 2^31 with a typed error naming it', async (field) => {
    const { createTestApp } = await import('../../src/testing.js');
    const app = createTestApp({ models: { writer } });
    app.fake('writer', [{ text: 'hi' }]);
    const error = await app.reply('writer', { messages: 'x' }, { retry: { [field]: 2 ** 31 } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StandinError);
    expect((error as StandinError).message).toContain(`retry.${field}`);
  });
});
