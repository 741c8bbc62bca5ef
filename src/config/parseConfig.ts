import { StandinError } from '../errors/StandinError.js';
import {
  classifierConfigSchema,
  configSchema,
  MAX_FALLBACKS,
  modelConfigSchema,
  providerConfigSchema,
  redisCursorsSchema,
  retryConfigSchema,
  type StandinConfig,
  type StandinConfigInput,
} from './configSchema.js';
import { capLines, describeIssues } from '../validation/describeIssues.js';
import { closest, describeType, formatPath } from '../validation/formatPath.js';
import { MAX_LIST_LENGTH, NotPlain, plainCopy } from '../validation/plainCopy.js';

/** What each leaf of the config should hold, said the way the fix is written. */
const expected: Readonly<Record<string, string>> = {
  'models.*': 'an object { provider, model, fallback? }',
  'models.*.provider': "the provider's name as a non-empty string, such as 'openai' or 'anthropic'",
  'models.*.model': "the provider's model id as a non-empty string, such as 'gpt-4.1-mini'",
  'models.*.fallback': "a list of at most 100 model names, such as ['backup']",
  'models.*.fallback.*': 'the name of a configured model',
  'providers.*':
    'an object { adapter?, apiKey?, baseURL?, headers?, timeoutMs?, maxTokens?, body?, voice?, api?, auth?, ' +
    'maxLineBytes?, maxEventBytes?, maxBodyBytes?, maxRetryAfterMs?, region?, project?, location?, models?, ' +
    'provider?, accessKeyId?, secretAccessKey?, sessionToken?, stream?, inputType? }',
  'providers.*.adapter':
    "the real adapter that serves this provider: 'openai', 'anthropic', 'gemini', 'azure-openai', 'bedrock', 'cohere', 'vertex' or 'openrouter' " +
    "(models), 'typesafe' or 'decisions' (the classifier)",
  'providers.*.apiKey': 'the key as a non-empty string; leave it out to read it from the environment',
  'providers.*.baseURL':
    "an absolute http(s) URL, such as 'http://127.0.0.1:8080' (with the path the adapter's docs give)",
  'providers.*.headers': "a record of header names to string values, such as { 'x-team': 'help' }",
  'providers.*.headers.*': 'a string',
  'providers.*.timeoutMs':
    'a whole number of milliseconds from 1 to 2147483647 (the longest a Node timer holds), such as 30000',
  'providers.*.maxTokens': 'a positive whole number of tokens, such as 4096',
  'providers.*.body': "an object of extra JSON fields for every reply request, such as { reasoning_effort: 'low' }",
  'providers.*.voice': "the voice speak asks for, such as 'alloy'",
  'providers.*.api': "'chat' (Chat Completions, the default) or 'responses' (the Responses API) (openai, azure-openai)",
  'providers.*.auth':
    "'x-api-key' (anthropic-version 2023-06-01) or 'bearer' (anthropic-version 2026-10-21); 'api-key' or 'bearer' " +
    "(azure-openai); 'x-goog-api-key' or 'bearer' (gemini)",
  'providers.*.apiVersion':
    "an Azure OpenAI API version, such as '2024-10-21' or '2025-04-01-preview', or 'v1' for its v1 paths",
  'providers.*.region': "an AWS region of lowercase letters, digits and dashes, such as 'us-east-1' (bedrock)",
  'providers.*.project':
    "a Google Cloud project id of lowercase letters, digits and dashes, such as 'help-desk-prod' (vertex)",
  'providers.*.location': "a Google Cloud location, such as 'us-central1' or 'global' (vertex)",
  'providers.*.models':
    "a list of 1 to 32 OpenRouter model ids to fall back to, such as ['openai/gpt-4.1-mini'] (openrouter)",
  'providers.*.provider':
    "OpenRouter's provider routing, such as { order: ['anthropic'], allow_fallbacks: false } (openrouter)",
  'providers.*.accessKeyId': 'the AWS access key id as a non-empty string (bedrock)',
  'providers.*.secretAccessKey': 'the AWS secret access key as a non-empty string (bedrock)',
  'providers.*.sessionToken': 'the session token of temporary AWS credentials as a non-empty string (bedrock)',
  'providers.*.stream': 'true (ConverseStream, the default) or false (Converse) (bedrock)',
  'providers.*.inputType':
    "'search_document', 'search_query' (the default), 'classification' or 'clustering': what embedded texts are for (cohere)",
  'providers.*.maxLineBytes': 'a whole number of bytes from 1 to 268435456, such as 4194304 (the default, 4 MiB)',
  'providers.*.maxEventBytes': 'a whole number of bytes from 1 to 268435456, such as 16777216 (the default, 16 MiB)',
  'providers.*.maxBodyBytes': 'a positive whole number of bytes, such as 67108864 (the default, 64 MiB)',
  'providers.*.maxRetryAfterMs': 'a whole number of milliseconds from 0 to 2147483647, such as 60000 (the default)',
  classifier: "an object { provider, model?, fallback? }, such as { provider: 'typesafe' }",
  'classifier.fallback':
    "a list of at most 100 classifiers { provider, model? } to try in order, such as [{ provider: 'decisions' }]",
  'classifier.provider': "the name of the provider that classifies, such as 'typesafe', 'decisions' or 'openai'",
  'classifier.model': "the classifier's model id as a non-empty string, such as 'jev-latest'",
  retry: 'an object { attempts?, baseDelayMs?, maxDelayMs?, jitter? }',
  'retry.attempts': 'a whole number from 1 to 100 (1 means no retry)',
  'retry.baseDelayMs': 'a number of milliseconds from 0 to 2147483647 (the longest a Node timer holds)',
  'retry.maxDelayMs': 'a number of milliseconds from 0 to 2147483647 (the longest a Node timer holds)',
  'retry.jitter': 'a fraction from 0 to 1',
  models: 'an object of model name -> { provider, model, fallback? }',
  providers:
    'an object of provider name -> { adapter?, apiKey?, baseURL?, headers?, timeoutMs?, maxTokens?, body?, voice?, ' +
    'auth?, ... }',
  cursors: "'memory', or { store: 'redis', url, namespace?, ttlSeconds?, timeoutMs?, cluster? }",
  'cursors.store': "'memory' or 'redis'",
  'cursors.url': "a redis:// or rediss:// URL, such as 'redis://127.0.0.1:6379'",
  'cursors.namespace': "a name of 1 to 100 letters, digits and _.:- such as 'e2e-checkout'",
  'cursors.ttlSeconds': 'a whole number of seconds from 1 to 2592000 (30 days)',
  'cursors.timeoutMs': 'a whole number of milliseconds from 1 to 600000',
  'cursors.cluster': 'true when the URL is a node of a Redis Cluster, else false',
  strictScopes: 'true or false',
  '': 'an object { models?, providers?, classifier?, retry?, cursors?, strictScopes? }',
};

/** Built on a bad config only: reading a schema's shape builds the schema. */
const allowedKeys = (): Readonly<Record<string, readonly string[]>> => ({
  '': Object.keys(configSchema.shape),
  'models.*': Object.keys(modelConfigSchema.shape),
  'providers.*': Object.keys(providerConfigSchema.shape),
  classifier: Object.keys(classifierConfigSchema.shape),
  retry: Object.keys(retryConfigSchema.shape),
  cursors: Object.keys(redisCursorsSchema.shape),
});

/** Turns a concrete path into its pattern: `['models', 'writer', 'fallback', 0]` -> `models.*.fallback.*`. */
function pattern(path: readonly PropertyKey[]): string {
  const named = path[0] === 'models' || path[0] === 'providers';
  return path.map((key, i) => (named && (i === 1 || i === 3) ? '*' : String(key))).join('.');
}

/** The first fallback cycle, walked with its own stack: a chain thousands long must not overflow the call stack. */
function findCycle(models: StandinConfig['models']): string[] | undefined {
  const done = new Set<string>();
  for (const root of Object.keys(models)) {
    if (done.has(root)) continue;
    const trail: string[] = [root];
    const onTrail = new Set<string>(trail);
    const next: number[] = [0];
    while (trail.length > 0) {
      const name = trail[trail.length - 1]!;
      const fallbacks = models[name]?.fallback ?? [];
      const i = next[next.length - 1]!;
      if (i >= fallbacks.length) {
        done.add(name);
        onTrail.delete(name);
        trail.pop();
        next.pop();
        continue;
      }
      next[next.length - 1] = i + 1;
      const fallback = fallbacks[i]!;
      if (onTrail.has(fallback)) return [...trail.slice(trail.indexOf(fallback)), fallback];
      if (done.has(fallback)) continue;
      trail.push(fallback);
      onTrail.add(fallback);
      next.push(0);
    }
  }
  return undefined;
}

/** The first model whose chain holds more than {@link MAX_FALLBACKS} models. */
function findLongChain(models: StandinConfig['models']): { model: string; size: number } | undefined {
  for (const model of Object.keys(models)) {
    if ((models[model]?.fallback ?? []).length === 0) continue;
    const seen = new Set<string>([model]);
    const stack = [model];
    while (stack.length > 0) {
      for (const fallback of models[stack.pop()!]?.fallback ?? []) {
        if (seen.has(fallback)) continue;
        seen.add(fallback);
        if (seen.size > MAX_FALLBACKS) return { model, size: seen.size };
        stack.push(fallback);
      }
    }
  }
  return undefined;
}

function checkFallbacks(config: StandinConfig): void {
  const names = Object.keys(config.models);
  const configured = names.length > 0 ? names.join(', ') : 'none';
  const dangling: string[] = [];
  const repeated: string[] = [];
  for (const [name, model] of Object.entries(config.models)) {
    const seen = new Set<string>();
    (model.fallback ?? []).forEach((fallback, i) => {
      const where = formatPath('config', ['models', name, 'fallback', i]);
      if (fallback === name) {
        repeated.push(
          `${where}: '${name}' names the model it belongs to. Remove it: a model is always tried before its fallbacks.`,
        );
      } else if (seen.has(fallback)) {
        repeated.push(`${where}: '${fallback}' is listed twice. List each fallback model once.`);
      } else if (!(fallback in config.models)) {
        const guess = closest(fallback, names);
        dangling.push(
          `${where}: '${fallback}' is not a configured model (configured: ${configured}). ` +
            `${guess ? `Did you mean '${guess}'? ` : ''}Add a model named '${fallback}' under models, or remove it ` +
            `from the fallback.`,
        );
      }
      seen.add(fallback);
    });
  }
  if (dangling.length > 0) throw new StandinError('C0002', `Invalid config:\n${capLines(dangling).join('\n')}`);
  if (repeated.length > 0) throw new StandinError('C0004', `Invalid config:\n${capLines(repeated).join('\n')}`);
  const cycle = findCycle(config.models);
  if (cycle) {
    throw new StandinError(
      'C0003',
      `Invalid config:\n${formatPath('config', ['models', cycle[0]!, 'fallback'])}: fallback cycle ` +
        `${cycle.join(' -> ')}. ` +
        'A model cannot fall back to itself through other models; remove one of these fallbacks so the chain ends.',
    );
  }
  const long = findLongChain(config.models);
  if (long) {
    throw new StandinError(
      'C0010',
      `Invalid config:\n${formatPath('config', ['models', long.model, 'fallback'])}: model '${long.model}' may fall ` +
        `back through more than ${MAX_FALLBACKS} models. ` +
        `A chain holds at most ${MAX_FALLBACKS} models (the model and every model it may fall back to); shorten it.`,
    );
  }
}

/**
 * Parses and checks a config: the shape with zod, then every fallback name and the fallback graph.
 * Throws a {@link StandinError} (`C0001` to `C0007`, `C0009`, `C0010`) whose message names each bad path and its fix.
 *
 * @example
 * ```ts
 * const config = parseConfig({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
 * config.retry.attempts; // 3
 * ```
 */
export function parseConfig(input: StandinConfigInput | undefined): StandinConfig {
  const plain = readPlain(input);
  const parsed = configSchema.safeParse(plain);
  if (!parsed.success) {
    const lines = describeIssues('config', plain, parsed.error.issues, { pattern, expected, keys: allowedKeys() });
    throw new StandinError('C0001', `Invalid config:\n${lines.join('\n')}`);
  }
  const config = parsed.data as StandinConfig;
  // Names are looked up by the caller's strings: `toString` or `constructor` must find nothing.
  Object.assign(config, {
    models: Object.assign(Object.create(null), config.models),
    providers: Object.assign(Object.create(null), config.providers),
  });
  checkFallbacks(config);
  return config;
}

/** The config read once into plain data, or C0005 to C0007 naming what was given where. */
function readPlain(input: unknown): unknown {
  if (input === undefined) return {};
  let plain: unknown;
  try {
    plain = plainCopy(input);
  } catch (error) {
    if (!(error instanceof NotPlain)) throw error;
    const { path, found, kind } = error.problem;
    const where = formatPath('config', path);
    if (kind === 'name') {
      throw new StandinError(
        'C0006',
        `Invalid config:\n${where}: '__proto__' cannot be a name: a plain object would take it for its prototype and ` +
          `drop it. Give it another name.`,
      );
    }
    if (kind === 'size') {
      throw new StandinError(
        'C0009',
        `Invalid config:\n${where}: ${found}; a list in the config holds at most ${MAX_LIST_LENGTH} entries. Pass a ` +
          `plain array of the entries you mean (a fallback list names at most ${MAX_FALLBACKS} models).`,
      );
    }
    if (kind === 'read') {
      throw new StandinError(
        'C0007',
        `Invalid config:\n${where} threw when read (${thrownName(error.problem.thrown)}). Pass plain values, not ` +
          `getters or proxies that can fail.`,
        { cause: error.problem.thrown },
      );
    }
    throw new StandinError('C0005', `Invalid config:\n${where}: expected ${expectedAt(path)}, got ${found}.`);
  }
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) {
    throw new StandinError('C0005', `Invalid config:\nconfig: expected ${expected['']!}, got ${describeType(plain)}.`);
  }
  return plain;
}

function expectedAt(path: readonly (string | number)[]): string {
  return (
    expected[pattern(path)] ??
    (path.length === 0 ? expected['']! : 'plain data (objects, arrays, strings, numbers, booleans)')
  );
}

function thrownName(thrown: unknown): string {
  return thrown instanceof Error ? `a ${thrown.name}` : 'a value that is not an Error';
}
