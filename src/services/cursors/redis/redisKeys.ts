/**
 * A store's key names, all under `standin:{<space>}:`: the braces are the Cluster hash tag, so one Lua script may touch
 * any key of a store (a shared step reads the published answers and a scope's cursor at once).
 */
export function redisKeys(space: string): RedisKeys {
  const prefix = `standin:{${space}}:`;
  return {
    prefix,
    scope: encodeScope,
    state: (scope, script) => `${prefix}c:${encodeScope(scope)}:${script}`,
    scopes: (script) => `${prefix}s:${script}`,
    released: (script) => `${prefix}r:${script}`,
    scopeMatch: (scope) => `${glob(prefix)}c:${glob(encodeScope(scope))}:*`,
    everything: `${glob(prefix)}*`,
    fake: (model) => `${prefix}f:${encodeScope(model)}`,
    answers: (model, gen) => `${prefix}a:${encodeScope(model)}:${gen}`,
    sent: (model, gen) => `${prefix}sent:${encodeScope(model)}:${gen}`,
    classifier: `${prefix}k`,
    entries: (gen) => `${prefix}e:${gen}`,
    marker: `${prefix}m`,
  };
}

/** The keys of one store; see {@link redisKeys}. */
export interface RedisKeys {
  /** What every key of the store starts with. */
  readonly prefix: string;
  /** A scope (or a model name) as it appears in key names and in a script's scope set. */
  readonly scope: (scope: string) => string;
  /** The hash of one script's state in one scope. */
  readonly state: (scope: string, script: string) => string;
  /** The set of (encoded) scopes a script has state in. */
  readonly scopes: (script: string) => string;
  /** The hash counting, per cursor position, the released scopes of one script. */
  readonly released: (script: string) => string;
  /** A SCAN MATCH pattern for every state hash of one scope. */
  readonly scopeMatch: (scope: string) => string;
  /** A SCAN MATCH pattern for every key of the store. */
  readonly everything: string;
  /** The published head of a faked model: its generation and answer count. */
  readonly fake: (model: string) => string;
  /** The published answers of one generation. */
  readonly answers: (model: string, gen: string) => string;
  /** What one generation of a faked model was sent, in every process. */
  readonly sent: (model: string, gen: string) => string;
  /** The published head of the classifier script. */
  readonly classifier: string;
  /** The published classifier entries of one generation. */
  readonly entries: (gen: string) => string;
  /** The store's marker: written with its first write, so a store whose state was lost can tell. */
  readonly marker: string;
}

/** The cursor identity of a published model script's generation. */
export function sharedModelScript(model: string, gen: string): string {
  return `fake-model:shared:${encodeScope(model)}:${gen}`;
}

/** A scope with no ':' (so it cannot run into the script name) and no glob characters but '*'. */
function encodeScope(scope: string): string {
  return encodeURIComponent(scope);
}

/** Escapes what SCAN MATCH reads as a pattern. */
function glob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** The keys of one script's state in one scope: see {@link RedisCursorStore}. */
export interface Slot {
  /** The scope, as the caller named it. */
  readonly of: string;
  readonly script: string;
  /** The state hash, then the script's scope set. */
  readonly keys: readonly [string, string];
  /** The scope as key names and the scope set hold it. */
  readonly scope: string;
}
