import { z } from 'zod';
import { MAX_TEXT_BYTES, MAX_TIMER_MS } from '../services/providers/http/limits.js';
import { credentialFree } from './credentialFree.js';
import { redisDbProblem } from '../services/cursors/redis/maskRedisUrl.js';
import { lazySchema } from '../validation/lazySchema.js';
import { adapterNames } from './adapterNames.js';
import { mcpConfigSchema, type McpConfig } from './mcpConfigSchema.js';
import type { ClassifierConfig } from './ClassifierConfig.js';
import type { ProviderConfig } from './ProviderConfig.js';
import type { RedisCursorsConfig, RedisCursorsInput } from './RedisCursorsConfig.js';

export { adapterNames, classifierAdapterNames, modelAdapterNames } from './adapterNames.js';
export type { AdapterName, ModelAdapterName } from './adapterNames.js';
export type { ClassifierConfig } from './ClassifierConfig.js';
export type { ProviderConfig } from './ProviderConfig.js';
export type { RedisCursorsConfig, RedisCursorsInput } from './RedisCursorsConfig.js';
export type { McpConfig, McpServerConfig } from './mcpConfigSchema.js';

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
    api: z.enum(['chat', 'responses']).optional(),
    auth: z.enum(['x-api-key', 'api-key', 'x-goog-api-key', 'bearer']).optional(),
    apiVersion: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/)
      .optional(),
    region: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional(),
    project: z
      .string()
      .regex(/^[a-z][a-z0-9.:-]{0,62}$/)
      .optional(),
    location: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional(),
    models: z.array(z.string().min(1)).min(1).max(32).optional(),
    provider: z.record(z.string(), z.unknown()).optional(),
    accessKeyId: z.string().min(1).optional(),
    secretAccessKey: z.string().min(1).optional(),
    sessionToken: z.string().min(1).optional(),
    stream: z.boolean().optional(),
    inputType: z.enum(['search_document', 'search_query', 'classification', 'clustering']).optional(),
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
    mcp: mcpConfigSchema.optional(),
  }),
);

/**
 * The config as an application writes it. Every field but the model's `provider` and `model` may be left out.
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
  /**
   * The MCP servers the app's agents use, by name: `{ servers: { tickets: { url, headers? } } }` or
   * `{ command, args?, env?, cwd? }`; each is connected on first use (`app.mcpTools(name)`). See {@link McpConfig}.
   */
  readonly mcp?: McpConfig | undefined;
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
  readonly mcp?: McpConfig | undefined;
}
