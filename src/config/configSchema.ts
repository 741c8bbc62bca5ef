import { z } from 'zod';
import { MAX_TEXT_BYTES, MAX_TIMER_MS } from '../services/providers/http/limits.js';
import { credentialFree } from './credentialFree.js';
import { redisDbProblem } from '../services/cursors/redis/maskRedisUrl.js';
import { lazySchema } from '../validation/lazySchema.js';

/** The most models one fallback list may name, and the most models one model's whole chain may hold. */
export const MAX_FALLBACKS = 100;

/** One model the application calls by name. */
export const modelConfigSchema = lazySchema(() =>
  z.strictObject({
    provider: z.string().min(1),
    model: z.string().min(1),
    fallback: z.array(z.string().min(1)).max(MAX_FALLBACKS).optional(),
  }),
);

/** The real adapters a provider config can name: two for models, two for the classifier. */
export const adapterNames = ['openai', 'anthropic', 'typesafe', 'decisions'] as const;

/** The real adapters that serve models. */
export const modelAdapterNames = ['openai', 'anthropic'] as const;

/** A real adapter that serves models: `'openai'` or `'anthropic'`. */
export type ModelAdapterName = (typeof modelAdapterNames)[number];

/** The real adapters that serve the classifier. */
export const classifierAdapterNames = ['typesafe', 'decisions'] as const;

/** Which classifier the application's `classify` calls. */
const classifierLinkSchema = lazySchema(() =>
  z.strictObject({
    provider: z.string().min(1),
    model: z.string().min(1).optional(),
  }),
);

/** Which classifier the application's `classify` calls, and the classifiers it falls back to. */
export const classifierConfigSchema = lazySchema(() =>
  classifierLinkSchema.extend({
    fallback: z.array(classifierLinkSchema).max(MAX_FALLBACKS).optional(),
  }),
);

/** How to reach one provider. */
export const providerConfigSchema = lazySchema(() =>
  z.strictObject({
    adapter: z.enum(adapterNames).optional(),
    apiKey: z.string().min(1).optional(),
    baseURL: credentialFree(z.url({ protocol: /^https?$/ })).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    timeoutMs: z.number().int().positive().max(MAX_TIMER_MS).optional(),
    maxTokens: z.number().int().positive().optional(),
    body: z.record(z.string(), z.unknown()).optional(),
    voice: z.string().min(1).optional(),
    auth: z.enum(['x-api-key', 'bearer']).optional(),
    maxLineBytes: z.number().int().positive().max(MAX_TEXT_BYTES).optional(),
    maxEventBytes: z.number().int().positive().max(MAX_TEXT_BYTES).optional(),
    maxBodyBytes: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    maxRetryAfterMs: z.number().int().min(0).max(MAX_TIMER_MS).optional(),
  }),
);

/** How the engine retries a retryable provider failure. */
export const retryConfigSchema = lazySchema(() =>
  z.strictObject({
    attempts: z.number().int().min(1).max(100).default(3),
    baseDelayMs: z.number().min(0).max(MAX_TIMER_MS).default(500),
    maxDelayMs: z.number().min(0).max(MAX_TIMER_MS).default(30_000),
    jitter: z.number().min(0).max(1).default(0.2),
  }),
);

/** The characters a namespace may have: they become part of Redis key names and a Cluster hash tag. */
export const namespacePattern = /^[A-Za-z0-9_.:-]{1,100}$/;

/** Where scripted fakes keep their cursors when they live in Redis. */
export const redisCursorsSchema = lazySchema(() =>
  z.strictObject({
    store: z.literal('redis'),
    url: z
      .string()
      .refine((url) => /^rediss?:\/\/[^\s]+$/.test(url) && URL.canParse(url), 'Expected a redis:// or rediss:// URL')
      .refine(
        (url) => redisDbProblem(url) === undefined,
        'Expected a redis:// URL whose path is a database number (redis://host:port/2) or is left out',
      ),
    namespace: z.string().regex(namespacePattern).optional(),
    ttlSeconds: z.number().int().min(1).max(2_592_000).default(86_400),
    timeoutMs: z.number().int().min(1).max(600_000).default(2_000),
    cluster: z.boolean().default(false),
  }),
);

/** The whole config `createContainer` and `createApp` take. */
export const configSchema = lazySchema(() =>
  z.strictObject({
    models: z.record(z.string().min(1), modelConfigSchema).default({}),
    providers: z.record(z.string().min(1), providerConfigSchema).default({}),
    classifier: classifierConfigSchema.optional(),
    retry: retryConfigSchema.default({ attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0.2 }),
    cursors: z
      .union([
        z.literal('memory'),
        z.discriminatedUnion('store', [z.strictObject({ store: z.literal('memory') }), redisCursorsSchema]),
      ])
      .default('memory'),
    strictScopes: z.boolean().default(false),
  }),
);

/**
 * The config as an application writes it. Every field but the model's `provider` and `model`
 * may be left out.
 *
 * @example
 * ```ts
 * const config: StandinConfigInput = {
 *   models: {
 *     writer: { provider: 'anthropic', model: 'claude-sonnet-4-5', fallback: ['backup'] },
 *     backup: { provider: 'openai', model: 'gpt-4.1-mini' },
 *   },
 *   providers: { anthropic: { apiKey: process.env.ANTHROPIC_API_KEY } },
 * };
 * ```
 */
export interface StandinConfigInput {
  /** Model name -> `{ provider, model, fallback? }`. Every fallback name must be a model here. */
  readonly models?: Readonly<Record<string, ModelConfig>> | undefined;
  /** Provider name -> how to reach it. A provider left out reads its key from the environment. */
  readonly providers?: Readonly<Record<string, ProviderConfig>> | undefined;
  /**
   * The real classifier `classify` calls, bound at `Tokens.Classifier`: `{ provider: 'typesafe' }`.
   * Left out, none is bound (a test binds one with `app.fakeClassifier()`).
   */
  readonly classifier?: ClassifierConfig | undefined;
  /** How retryable provider failures are retried. Defaults: 3 attempts, 500 ms base, 30 s cap, 0.2 jitter. */
  readonly retry?: RetryConfigInput | undefined;
  /**
   * Where scripted fakes keep their cursors. `'memory'` (the default) keeps them in the container;
   * `{ store: 'redis', url, namespace?, ttlSeconds?, timeoutMs?, cluster? }` keeps them in Redis,
   * where a namespace shares them (and the fakes' scripts) between processes. See {@link RedisCursorsConfig}.
   */
  readonly cursors?: 'memory' | { readonly store: 'memory' } | RedisCursorsInput | undefined;
  /** When true, using a cursor outside any scope is an error (`S0001`) instead of using the default partition. */
  readonly strictScopes?: boolean | undefined;
}

/** One model: which provider serves it, the provider's model id, and the models to fall back to. */
export interface ModelConfig {
  /** The provider's name, such as `'openai'` or `'anthropic'`: a `Tokens.Provider` binding of that name serves it. */
  readonly provider: string;
  /** The provider's own model id, such as `'gpt-4.1-mini'`. */
  readonly model: string;
  /**
   * Model names tried in order when this model fails after its retries: at most 100, and at most 100 models in the
   * whole chain.
   */
  readonly fallback?: readonly string[] | undefined;
}

/**
 * A real adapter standin has: for models, `'openai'` (and every OpenAI-compatible server) or
 * `'anthropic'`; for the classifier, `'typesafe'` (System One) or `'decisions'` (OpenAI's
 * Decisions shape).
 *
 * @example
 * ```ts
 * const adapter: AdapterName = 'openai';
 * createApp({ providers: { local: { adapter, baseURL: 'http://127.0.0.1:11434/v1' } } });
 * ```
 */
export type AdapterName = (typeof adapterNames)[number];

/**
 * Which classifier `classify` calls: a provider of the config and, optionally, its model.
 *
 * The provider's classifier adapter is the one its `adapter` names (`'typesafe'` or
 * `'decisions'`), or else the one its name says: a provider named `typesafe` is TypeSafe's
 * System One API, one named `decisions` the Decisions API. A provider served by the `openai`
 * adapter (named `openai`, or with `adapter: 'openai'`) classifies through its Decisions API
 * (`{baseURL}/decisions`), with the same key, base URL, headers and timeout as its models.
 * Any other provider is `P0006` when the container is made.
 *
 * @example
 * ```ts
 * createApp({ classifier: { provider: 'typesafe', model: 'jev-1.13.0' }, providers: { typesafe: { apiKey: process.env.TYPESAFE_API_KEY } } });
 * createApp({ classifier: { provider: 'openai' } }); // OpenAI's /v1/decisions, key from OPENAI_API_KEY
 * createApp({ classifier: { provider: 'local' }, providers: { local: { adapter: 'typesafe', baseURL: 'http://127.0.0.1:8080' } } });
 * ```
 */
export interface ClassifierConfig {
  /**
   * The name of the provider that classifies: a key of `providers`, or `typesafe`, `decisions` or `openai` left out of
   * it.
   */
  readonly provider: string;
  /** The classifier's model when a request names none. Default: the adapter's (`'jev-latest'`, `'gpt-6-luna'`). */
  readonly model?: string | undefined;
  /**
   * Classifiers to try, in order, when this one fails with a retryable reason after its retries:
   * each `{ provider, model? }` as above.
   */
  readonly fallback?: readonly { readonly provider: string; readonly model?: string | undefined }[] | undefined;
}

/**
 * How to reach one provider. A provider whose name is a real adapter's (`openai`, `anthropic`),
 * or that names one in `adapter`, is served by that adapter; `createEngine` makers, `app.fake`
 * and a module's own binding of the name replace it.
 *
 * @example
 * ```ts
 * const providers: Record<string, ProviderConfig> = {
 *   anthropic: { auth: 'bearer', maxTokens: 8192 },
 *   local: { adapter: 'openai', baseURL: 'http://127.0.0.1:11434/v1' },
 * };
 * ```
 */
export interface ProviderConfig {
  /**
   * The real adapter that serves this provider, when its name is not the adapter's own:
   * `local: { adapter: 'openai', baseURL: 'http://127.0.0.1:8080/v1' }`. Left out, a provider
   * named `openai` or `anthropic` gets that adapter, and any other name none. `'typesafe'` and
   * `'decisions'` make it a classifier, for `classifier.provider` to name; no model can use it.
   */
  readonly adapter?: AdapterName | undefined;
  /**
   * The API key. Left out, the adapter reads its environment variable (`OPENAI_API_KEY`,
   * `ANTHROPIC_API_KEY`, `TYPESAFE_API_KEY`) when it calls the vendor's own URL; with a custom `baseURL` it reads
   * none and calls without a key. Never logged, never in an error message.
   */
  readonly apiKey?: string | undefined;
  /**
   * The base URL of the provider's HTTP API, for a gateway or a compatible local server.
   * OpenAI's (and the decisions classifier's) includes `/v1` (default `https://api.openai.com/v1`);
   * Anthropic's and TypeSafe's do not (defaults `https://api.anthropic.com`, `https://api.typesafe.ai`).
   */
  readonly baseURL?: string | undefined;
  /** Headers sent with every request to this provider. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * How long one HTTP attempt may take, a streamed body's end included, before it fails with kind
   * `timeout`. Default 600000; at most 2147483647 (what a Node timer holds).
   */
  readonly timeoutMs?: number | undefined;
  /** The most tokens a reply may have: OpenAI's `max_completion_tokens` (unset by default), ' +
    'Anthropic's `max_tokens` (default 4096). */
  readonly maxTokens?: number | undefined;
  /**
   * More top-level fields for every reply request's JSON body, such as `{ reasoning_effort: 'low' }`
   * or `{ thinking: { type: 'enabled', budget_tokens: 2048 } }` — or, for a `typesafe` or
   * `decisions` provider, every classify request's, such as `{ safety_identifier: 'user-42' }`.
   * The adapter's own fields win. (An `openai` provider that classifies keeps its `body` for replies.)
   */
  readonly body?: Readonly<Record<string, unknown>> | undefined;
  /** OpenAI only: the voice `speak` asks for. Default `'alloy'`. */
  readonly voice?: string | undefined;
  /**
   * Anthropic only: how the key is sent. `'x-api-key'` (the default) sends `x-api-key` with
   * `anthropic-version: 2023-06-01`; `'bearer'` sends `authorization: Bearer` with `2026-10-21`.
   */
  readonly auth?: 'x-api-key' | 'bearer' | undefined;
  /** The most bytes one line of an event stream may have. Default 4194304 (4 MiB). */
  readonly maxLineBytes?: number | undefined;
  /** The most bytes the data of one server-sent event may have. Default 16777216 (16 MiB). */
  readonly maxEventBytes?: number | undefined;
  /** The most bytes of one response body after decompression, streamed or not. Default 67108864 (64 MiB). */
  readonly maxBodyBytes?: number | undefined;
  /**
   * The longest wait a `retry-after` / `retry-after-ms` hint may ask for, in ms. Default 60000.
   * A longer hint is dropped: the next attempt waits the usual backoff.
   */
  readonly maxRetryAfterMs?: number | undefined;
}

/** The retry policy, every field filled in. */
export interface RetryConfig {
  /** Attempts per model, the first included: 1 means no retry. */
  readonly attempts: number;
  /** The delay before the second attempt; each later delay doubles it. At most 2147483647. */
  readonly baseDelayMs: number;
  /** The largest delay backoff reaches. At most 2147483647 (what a Node timer holds). */
  readonly maxDelayMs: number;
  /** The fraction of each delay that is random: a delay `d` becomes a value in `[d * (1 - jitter), d]`. */
  readonly jitter: number;
}

/** Fields of the retry policy to change; the others keep their defaults. */
export type RetryConfigInput = { readonly [K in keyof RetryConfig]?: RetryConfig[K] | undefined };

/** The config after parsing: every default filled in. Bound as `Tokens.Config`. */
export interface StandinConfig {
  readonly models: Readonly<Record<string, ModelConfig>>;
  readonly providers: Readonly<Record<string, ProviderConfig>>;
  readonly classifier?: ClassifierConfig | undefined;
  readonly retry: RetryConfig;
  readonly cursors: 'memory' | { readonly store: 'memory' } | RedisCursorsConfig;
  readonly strictScopes: boolean;
}

/**
 * The Redis cursor store, every default filled in. Needs the optional peer dependency `redis`.
 *
 * @example
 * ```ts
 * createTestApp({ models, cursors: { store: 'redis', url: 'redis://127.0.0.1:6379', namespace: 'e2e-checkout' } });
 * ```
 */
export interface RedisCursorsConfig {
  readonly store: 'redis';
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). The password never appears in an error. */
  readonly url: string;
  /**
   * The key space shared by every container that names it, in any process: cursors and the
   * fakes' published scripts. Left out, each container gets a key space of its own (its id), so
   * two apps never share, as with the memory store. Letters, digits and `_.:-`, 1 to 100.
   */
  readonly namespace?: string | undefined;
  /** How long a key lives after its last write, in seconds. Default 86400 (a day). */
  readonly ttlSeconds: number;
  /** How long one Redis command may take before it fails with `D0002` (kind `timeout`). Default 2000. */
  readonly timeoutMs: number;
  /** True when `url` is one node of a Redis Cluster. Default false. */
  readonly cluster: boolean;
}

/** The Redis cursor store as a config names it: `ttlSeconds`, `timeoutMs` and `cluster` may be left out. */
export type RedisCursorsInput = Omit<RedisCursorsConfig, 'ttlSeconds' | 'timeoutMs' | 'cluster'> & {
  readonly ttlSeconds?: number | undefined;
  readonly timeoutMs?: number | undefined;
  readonly cluster?: boolean | undefined;
};
