import { thrownName } from '../../../validation/formatPath.js';
import { z } from 'zod';
import { providerConfigSchema } from '../../../config/configSchema.js';
import { StandinError } from '../../../errors/StandinError.js';
import { describeIssues } from '../../../validation/describeIssues.js';

/**
 * The settings every HTTP provider adapter takes; each adapter adds its own.
 *
 * @example
 * ```ts
 * const settings: HttpProviderSettings = { baseURL: 'http://127.0.0.1:8000/v1', timeoutMs: 30_000, headers: { 'x-team': 'help' } };
 * ```
 */
export interface HttpProviderSettings {
  /**
   * The API key. Left out, the adapter reads its environment variable (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`) — for the
   * vendor's own URL only: a custom `baseURL` reads no environment variable and is called without a key when none is
   * given. A key in the config (`providers.<name>.apiKey`) wins over this one.
   */
  readonly apiKey?: string;
  /** The base URL of the HTTP API, for a gateway or a compatible local server. */
  readonly baseURL?: string;
  /**
   * Headers sent with every request. The adapter's auth header, when it sends a key, wins over one of the same name.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * How long one call may take, the end of a streamed body included, before it fails with kind `timeout`. Default
   * 600000 (10 minutes).
   */
  readonly timeoutMs?: number;
  /** The most tokens a reply may have (OpenAI `max_completion_tokens`, Anthropic `max_tokens`). */
  readonly maxTokens?: number;
  /**
   * More top-level fields for every reply request's JSON body, such as
   * `{ reasoning_effort: 'low' }` or `{ thinking: { type: 'enabled', budget_tokens: 2048 } }`.
   * The fields the adapter writes itself (model, messages, tools, stream, ...) win over these.
   */
  readonly body?: Readonly<Record<string, unknown>>;
  /** The fetch to call. Default: Node's global `fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /**
   * The most bytes one line of an event stream may have before its line end. Default 4194304
   * (4 MiB). Past it the stream is closed and the call fails (kind `unknown`, naming the setting).
   */
  readonly maxLineBytes?: number;
  /** The most bytes the data of one server-sent event may have, its lines together. Default 16777216 (16 MiB). */
  readonly maxEventBytes?: number;
  /**
   * The most bytes of one response body after decompression (a gzip body is counted inflated): a streamed body counted
   * as it arrives, an answer read whole before it is read. Default 67108864 (64 MiB).
   */
  readonly maxBodyBytes?: number;
  /**
   * The longest wait a `retry-after` or `retry-after-ms` hint may ask for, in ms. Default 60000,
   * as the official OpenAI and Anthropic clients and the AI SDK honour. A longer hint is dropped
   * and the next attempt waits the engine's usual backoff: a server that asks for an hour must
   * not park a call for an hour, and a hint past 2147483647 ms would fire Node's timer at once.
   */
  readonly maxRetryAfterMs?: number;
}

/** The zod shape of {@link HttpProviderSettings}, built when a settings schema is (not at load). */
export const httpSettingsShape = () => ({
  // The fields a provider's config entry shares with the adapter's settings are checked alike.
  apiKey: providerConfigSchema.shape.apiKey,
  baseURL: providerConfigSchema.shape.baseURL,
  headers: providerConfigSchema.shape.headers,
  timeoutMs: providerConfigSchema.shape.timeoutMs,
  maxTokens: providerConfigSchema.shape.maxTokens,
  body: providerConfigSchema.shape.body,
  fetch: z
    .custom<typeof globalThis.fetch>((value) => typeof value === 'function', 'expected a fetch function')
    .optional(),
  maxLineBytes: providerConfigSchema.shape.maxLineBytes,
  maxEventBytes: providerConfigSchema.shape.maxEventBytes,
  maxBodyBytes: providerConfigSchema.shape.maxBodyBytes,
  maxRetryAfterMs: providerConfigSchema.shape.maxRetryAfterMs,
});

/** What each settings field should hold, said the way the fix is written. */
export const httpSettingsExpected: Readonly<Record<string, string>> = {
  apiKey: 'the key as a non-empty string',
  baseURL: "an absolute http(s) URL, such as 'http://127.0.0.1:8080' (with the path the adapter's docs give)",
  headers: "a record of header names to string values, such as { 'x-team': 'help' }",
  timeoutMs: 'a whole number of milliseconds from 1 to 2147483647 (the longest a Node timer holds), such as 30000',
  maxTokens: 'a positive whole number, such as 4096',
  body: "an object of extra JSON fields, such as { reasoning_effort: 'low' }",
  fetch: 'a fetch function',
  maxLineBytes: 'a whole number of bytes from 1 to 268435456, such as 4194304 (the default, 4 MiB)',
  maxEventBytes: 'a whole number of bytes from 1 to 268435456, such as 16777216 (the default, 16 MiB)',
  maxBodyBytes: 'a positive whole number of bytes, such as 67108864 (the default, 64 MiB)',
  maxRetryAfterMs: 'a whole number of milliseconds from 0 to 2147483647, such as 60000 (the default)',
};

/**
 * Parses an adapter's settings; `P0004` names each bad field under `root` (`settings` or `config.providers.<name>`).
 */
export function parseSettings<S extends z.ZodObject>(
  root: string,
  schema: S,
  input: unknown,
  expected: Readonly<Record<string, string>>,
): z.output<S> {
  try {
    const parsed = schema.safeParse(input ?? {});
    if (parsed.success) return parsed.data;
    const lines = describeIssues(root, input, parsed.error.issues, {
      expected,
      keys: { '': Object.keys(schema.shape) },
    });
    throw new StandinError('P0004', `Invalid provider settings:\n${lines.join('\n')}`);
  } catch (error) {
    if (error instanceof StandinError) throw error;
    // A getter or a proxy trap that threw while the settings were read.
    throw new StandinError(
      'P0004',
      `Invalid provider settings:\n${root} threw when read ` +
        `(${thrownName(error)}). Pass plain values, not getters or proxies that can fail.`,
      { cause: error },
    );
  }
}
