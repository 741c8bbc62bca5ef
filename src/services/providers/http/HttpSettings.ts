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
   * The API key. Left out, the adapter reads its environment variable (`OPENAI_API_KEY`,
   * `ANTHROPIC_API_KEY`) — for the vendor's own URL only: a custom `baseURL` reads no
   * environment variable and is called without a key when none is given.
   * A key in the config (`providers.<name>.apiKey`) wins over this one.
   */
  readonly apiKey?: string;
  /** The base URL of the HTTP API, for a gateway or a compatible local server. */
  readonly baseURL?: string;
  /** Headers sent with every request. The adapter's auth header, when it sends a key, wins over one of the same name. */
  readonly headers?: Readonly<Record<string, string>>;
  /** How long one call may take, the end of a streamed body included, before it fails with kind `timeout`. Default 600000 (10 minutes). */
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
  fetch: z.custom<typeof globalThis.fetch>((value) => typeof value === 'function', 'expected a fetch function').optional(),
});

/** What each settings field should hold, said the way the fix is written. */
export const httpSettingsExpected: Readonly<Record<string, string>> = {
  apiKey: 'the key as a non-empty string',
  baseURL: "an absolute http(s) URL, such as 'http://127.0.0.1:8080/v1'",
  headers: "a record of header names to string values, such as { 'x-team': 'help' }",
  timeoutMs: 'a positive whole number of milliseconds, such as 30000',
  maxTokens: 'a positive whole number, such as 4096',
  body: "an object of extra JSON fields, such as { reasoning_effort: 'low' }",
  fetch: 'a fetch function',
};

/**
 * Parses an adapter's settings with `schema`; throws `P0004` naming each bad field (under
 * `root`: `settings`, or `config.providers.<name>` for settings that come from the config)
 * and its fix.
 *
 * @example
 * ```ts
 * parseSettings('settings', openAISettingsSchema, { baseURL: 'ftp://x' }, expected);
 * // throws P0004: Invalid provider settings:\nsettings.baseURL: ...
 * ```
 */
export function parseSettings<S extends z.ZodObject>(root: string, schema: S, input: unknown, expected: Readonly<Record<string, string>>): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const lines = describeIssues(root, input, parsed.error.issues, { expected, keys: { '': Object.keys(schema.shape) } });
  throw new StandinError('P0004', `Invalid provider settings:\n${lines.join('\n')}`);
}
