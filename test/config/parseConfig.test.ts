import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfig, StandinError, type StandinConfigInput } from '../../src/index.js';

/** The StandinError a bad config throws, for its code and message. */
function rejection(config: unknown): StandinError {
  try {
    parseConfig(config as StandinConfigInput);
  } catch (error) {
    expect(error).toBeInstanceOf(StandinError);
    return error as StandinError;
  }
  throw new Error('expected the config to be rejected');
}

describe(parseConfig, () => {
  describe('defaults', () => {
    it('fills in every default from an empty config', () => {
      expect(parseConfig({})).toEqual({
        models: {},
        providers: {},
        retry: { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0.2 },
        cursors: 'memory',
        strictScopes: false,
      });
    });

    it('treats a missing config as an empty one', () => {
      expect(parseConfig(undefined).models).toEqual({});
    });

    it('keeps the retry fields it is given and defaults the rest', () => {
      expect(parseConfig({ retry: { attempts: 5 } }).retry).toEqual({
        attempts: 5,
        baseDelayMs: 500,
        maxDelayMs: 30_000,
        jitter: 0.2,
      });
    });

    it('keeps models, providers and their settings as written', () => {
      const config = parseConfig({
        models: {
          writer: { provider: 'anthropic', model: 'claude-sonnet-4-5', fallback: ['backup'] },
          backup: { provider: 'openai', model: 'gpt-4.1-mini' },
        },
        providers: {
          openai: {
            apiKey: 'sk-test',
            baseURL: 'http://127.0.0.1:8080/v1',
            headers: { 'x-team': 'help' },
            timeoutMs: 30_000,
          },
        },
      });
      expect(config.models.writer).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5', fallback: ['backup'] });
      expect(config.providers.openai?.baseURL).toBe('http://127.0.0.1:8080/v1');
    });
  });

  describe('an unknown key', () => {
    it('is rejected at the root with code C0001, the path, a guess and the allowed keys', () => {
      const error = rejection({ model: {} });
      expect(error.code).toBe('C0001');
      expect(error.message).toContain(
        "config.model: unknown key 'model'. Did you mean 'models'? Allowed keys here: models, providers, classifier, retry, cursors, strictScopes, mcp.",
      );
    });

    it('is rejected inside a model', () => {
      const error = rejection({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini', fallbak: [] } } });
      expect(error.message).toContain(
        "config.models.writer.fallbak: unknown key 'fallbak'. Did you mean 'fallback'? Allowed keys here: provider, model, fallback.",
      );
    });

    it('is rejected inside a provider', () => {
      const error = rejection({ providers: { openai: { api_key: 'sk' } } });
      expect(error.message).toContain("config.providers.openai.api_key: unknown key 'api_key'. Did you mean 'apiKey'?");
    });

    it('is rejected inside retry', () => {
      const error = rejection({ retry: { tries: 3 } });
      expect(error.message).toContain(
        "config.retry.tries: unknown key 'tries'. Allowed keys here: attempts, baseDelayMs, maxDelayMs, jitter.",
      );
    });

    it('writes a model name that is not an identifier in brackets', () => {
      const error = rejection({ models: { 'my model': { provider: 'openai', model: 'm', extra: 1 } } });
      expect(error.message).toContain('config.models["my model"].extra: unknown key');
    });
  });

  describe('a wrong type', () => {
    it('names the path, what was expected and the type it got', () => {
      const error = rejection({ providers: { openai: { timeoutMs: '30s' } } });
      expect(error.code).toBe('C0001');
      expect(error.message).toContain(
        'config.providers.openai.timeoutMs: expected a whole number of milliseconds from 1 to 2147483647 (the longest a Node timer holds), such as 30000, got a string.',
      );
    });

    it('names a missing required field', () => {
      const error = rejection({ models: { writer: { provider: 'openai' } } });
      expect(error.message).toContain(
        "config.models.writer.model: missing. Write the provider's model id as a non-empty string, such as 'gpt-4.1-mini'.",
      );
    });

    it('rejects a model that is not an object', () => {
      const error = rejection({ models: { writer: 'gpt-4.1-mini' } });
      expect(error.message).toContain(
        'config.models.writer: expected an object { provider, model, fallback? }, got a string.',
      );
    });

    it('rejects a fallback that is not a list', () => {
      const error = rejection({ models: { writer: { provider: 'openai', model: 'm', fallback: 'backup' } } });
      expect(error.message).toContain(
        "config.models.writer.fallback: expected a list of at most 100 model names, such as ['backup'], got a string.",
      );
    });

    it('rejects bounds with the rule and the fix', () => {
      const error = rejection({ retry: { attempts: 0, jitter: 2 } });
      expect(error.message).toContain('config.retry.attempts:');
      expect(error.message).toContain('Write a whole number from 1 to 100 (1 means no retry).');
      expect(error.message).toContain('config.retry.jitter:');
      expect(error.message).toContain('Write a fraction from 0 to 1.');
    });

    it('rejects a base URL that is not an http(s) URL', () => {
      const error = rejection({ providers: { local: { baseURL: 'ftp://example.com' } } });
      expect(error.message).toContain('config.providers.local.baseURL:');
      expect(error.message).toContain(
        "Write an absolute http(s) URL, such as 'http://127.0.0.1:8080' (with the path the adapter's docs give).",
      );
    });

    it('rejects a base URL with credentials, naming where and never echoing them', () => {
      const error = rejection({
        providers: { local: { baseURL: 'http://admin:pw-hunter2-secret@127.0.0.1:8080/v1' } },
      });
      expect(error.code).toBe('C0001');
      expect(error.message).toContain(
        'config.providers.local.baseURL: holds credentials before the host (user:password@host)',
      );
      expect(error.message).not.toContain('hunter2');
      expect(error.message).not.toContain('admin');
    });

    it('keeps the bounds of a provider, and rejects one out of range with its rule', () => {
      const bounds = { maxLineBytes: 1024, maxEventBytes: 2048, maxBodyBytes: 4096, maxRetryAfterMs: 0 };
      expect(parseConfig({ providers: { openai: bounds } }).providers.openai).toEqual(bounds);
      const error = rejection({ providers: { openai: { maxRetryAfterMs: 2 ** 31, maxLineBytes: 0 } } });
      expect(error.message).toContain('config.providers.openai.maxRetryAfterMs:');
      expect(error.message).toContain('Write a whole number of milliseconds from 0 to 2147483647');
      expect(error.message).toContain('config.providers.openai.maxLineBytes:');
    });

    it('rejects a cursor store it does not know', () => {
      const error = rejection({ cursors: 'disk' });
      expect(error.message).toContain('config.cursors:');
      expect(error.message).toContain(
        "expected 'memory', or { store: 'redis', url, namespace?, ttlSeconds?, timeoutMs?, cluster? }, got a string.",
      );
    });

    it('reports every problem at once, one line each', () => {
      const error = rejection({ models: { a: { provider: 1, model: 2 } }, strictScopes: 'yes' });
      const lines = error.message.split('\n').slice(1);
      expect(lines).toHaveLength(3);
    });

    it('never writes a value it was given: a secret in the wrong place stays secret', () => {
      const error = rejection({
        providers: { openai: { apiKey: 'sk-secret-123', timeoutMs: 'sk-secret-456' } },
        stray: 'sk-secret-789',
      });
      expect(error.message).not.toContain('sk-secret');
    });
  });

  describe('a fallback', () => {
    it('that names no configured model is rejected with C0002, the configured names and the fix', () => {
      const error = rejection({
        models: {
          writer: { provider: 'openai', model: 'm', fallback: ['bakcup'] },
          backup: { provider: 'openai', model: 'n' },
        },
      });
      expect(error.code).toBe('C0002');
      expect(error.message).toContain(
        "config.models.writer.fallback[0]: 'bakcup' is not a configured model (configured: writer, backup). Did you mean 'backup'? Add a model named 'bakcup' under models, or remove it from the fallback.",
      );
    });

    it('that forms a cycle is rejected with C0003 and the cycle spelled out', () => {
      const error = rejection({
        models: {
          a: { provider: 'p', model: 'm', fallback: ['b'] },
          b: { provider: 'p', model: 'm', fallback: ['c'] },
          c: { provider: 'p', model: 'm', fallback: ['a'] },
        },
      });
      expect(error.code).toBe('C0003');
      expect(error.message).toContain('config.models.a.fallback: fallback cycle a -> b -> c -> a.');
    });

    it('that names its own model is rejected with C0004', () => {
      const error = rejection({ models: { a: { provider: 'p', model: 'm', fallback: ['a'] } } });
      expect(error.code).toBe('C0004');
      expect(error.message).toContain("config.models.a.fallback[0]: 'a' names the model it belongs to.");
    });

    it('that lists a model twice is rejected with C0004', () => {
      const error = rejection({
        models: { a: { provider: 'p', model: 'm', fallback: ['b', 'b'] }, b: { provider: 'p', model: 'm' } },
      });
      expect(error.code).toBe('C0004');
      expect(error.message).toContain("config.models.a.fallback[1]: 'b' is listed twice.");
    });

    it('may share fallbacks between models without a cycle', () => {
      expect(() =>
        parseConfig({
          models: {
            a: { provider: 'p', model: 'm', fallback: ['c'] },
            b: { provider: 'p', model: 'm', fallback: ['c'] },
            c: { provider: 'p', model: 'm' },
          },
        }),
      ).not.toThrow();
    });
  });

  describe('the classifier', () => {
    it('is left out unless given, and kept as written', () => {
      expect(parseConfig({}).classifier).toBeUndefined();
      expect(parseConfig({ classifier: { provider: 'typesafe', model: 'jev-1.13.0' } }).classifier).toEqual({
        provider: 'typesafe',
        model: 'jev-1.13.0',
      });
    });

    it('takes typesafe and decisions as a provider adapter', () => {
      expect(
        parseConfig({ providers: { jev: { adapter: 'typesafe' }, luna: { adapter: 'decisions' } } }).providers.jev
          ?.adapter,
      ).toBe('typesafe');
    });

    it('is rejected with C0001 when it has no provider, naming the path and what to write', () => {
      const error = rejection({ classifier: { model: 'jev-latest' } });
      expect(error.code).toBe('C0001');
      expect(error.message).toContain(
        "config.classifier.provider: missing. Write the name of the provider that classifies, such as 'typesafe', 'decisions' or 'openai'.",
      );
    });

    it('is rejected with C0001 for an empty model', () => {
      expect(rejection({ classifier: { provider: 'typesafe', model: '' } }).message).toContain(
        'config.classifier.model',
      );
    });
  });

  describe('any input', () => {
    it('either parses or throws a StandinError with a code, never anything else', () => {
      fc.assert(
        fc.property(fc.anything(), (input) => {
          try {
            parseConfig(input as StandinConfigInput);
          } catch (error) {
            expect(error).toBeInstanceOf(StandinError);
            expect((error as StandinError).code).toMatch(/^C000[1-7]$/);
          }
        }),
        { numRuns: 500 },
      );
    });
  });
});
