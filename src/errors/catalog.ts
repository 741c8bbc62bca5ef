/**
 * Every code a {@link StandinError} can carry, with what it means and how to fix it.
 * `docs/errors.md` is generated from this table (`npm run docs:errors`) and a test keeps the two equal.
 *
 * Letters group the codes by where they arise: C config, S scopes and cursors, E engine,
 * P provider failures, R runs and tools, T the faked model, K classification, N NestJS.
 */
export interface CodeInfo {
  /** What went wrong, in one sentence. */
  readonly means: string;
  /** What to do about it. */
  readonly fix: string;
}

const config = {
  C0001: {
    means: 'The config does not have the expected shape: an unknown key, a wrong type or a missing field.',
    fix: 'Correct the field at the path the message names; the message lists the keys that are allowed there.',
  },
  C0002: {
    means: "A model's fallback names a model that is not configured.",
    fix: 'Add a model with that name under `models`, or remove the name from the fallback list.',
  },
  C0003: {
    means: 'The fallback lists form a cycle: a model falls back to itself, directly or through other models.',
    fix: 'Remove one of the fallbacks the message lists so that the chain ends.',
  },
  C0004: {
    means: 'A fallback list names the same model twice, or names the model it belongs to.',
    fix: 'List each fallback model once, and never the model itself.',
  },
} as const satisfies Record<string, CodeInfo>;

const scopes = {
  S0001: {
    means: 'A cursor was used outside any scope while the container has `strictScopes: true`.',
    fix: 'Run the call inside `app.scope(id, fn)` or `runInScope(container, id, fn)`, or turn `strictScopes` off.',
  },
  S0002: {
    means: 'A scope id is not a non-empty string.',
    fix: 'Name the scope with a non-empty string, such as a test name or a request id.',
  },
  S0003: {
    means: 'A script could not be hashed: it holds a cycle or a value that has no stable content.',
    fix: 'Remove the cycle from the script, or give the fake an explicit cursor (`startScriptCursor`) or a `cursorKey`.',
  },
} as const satisfies Record<string, CodeInfo>;

const engine = {
  E0001: {
    means: 'A call names a model that is not configured.',
    fix: 'Call one of the configured models the message lists, or add the model under `models`.',
  },
  E0002: {
    means: "No provider is bound for a model's provider name.",
    fix: "Fix the model's `provider` in the config, or bind a provider of that name: `bind(Tokens.Provider).toConstantValue(p).whenNamed(name)`.",
  },
  E0003: {
    means: 'A request or its options do not have the expected shape.',
    fix: 'Correct the field at the path the message names before calling again.',
  },
  E0004: {
    means: 'The provider of a model does not offer the capability called (embed, hear, speak, rank or call).',
    fix: 'Call a model whose provider offers it, or give the fake a record with that call.',
  },
  E0005: {
    means: 'A call failed on every model it was allowed to try, after the retries of each.',
    fix: "Read `failures` (or the message) for each model's attempts and why each failed; the last failure is the `cause`.",
  },
  E0006: {
    means: 'A typed value is not JSON, or does not fit the zod shape the call gave.',
    fix: 'The message names the path that does not fit: loosen the shape, or make the model (or the fake) give a fitting value.',
  },
  E0007: {
    means: 'A provider broke the provider contract: a reply part or a result of the wrong shape.',
    fix: 'Fix the provider so it yields the parts of `ReplyPart` and returns the documented results.',
  },
  E0008: {
    means: 'A test app blocked a call that would have reached a real provider adapter.',
    fix: 'Fake the model with `app.fake(model, answers)`, or allow real calls explicitly with `app.allowRealCalls(provider)`.',
  },
} as const satisfies Record<string, CodeInfo>;

const providers = {
  P0001: {
    means: "A provider could not answer; the error's `kind` says why (server, rate_limit, timeout, network, auth, ...).",
    fix: 'Retryable kinds are retried by the engine; for the others, act on the kind (check the key, shorten the prompt, ...).',
  },
  P0002: {
    means: 'A provider failure was made with a kind that does not exist.',
    fix: 'Use one of: server, rate_limit, timeout, network, auth, bad_request, context_length, content_filter, unknown.',
  },
  P0003: {
    means: "No API key was found for a provider adapter that calls its vendor's own URL.",
    fix: 'Set `providers.<name>.apiKey` in the config, or the environment variable the message names (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`). A server on a custom `baseURL` needs no key.',
  },
  P0004: {
    means: 'The settings given to a provider adapter factory (`createOpenAIProvider`, `createAnthropicProvider`) do not have the expected shape.',
    fix: 'Correct the field at the path the message names; the message lists the fields that are allowed.',
  },
  P0005: {
    means: "A request holds a value the provider's wire format cannot carry: a tool call's input or a tool's output that is not JSON (a BigInt, a cycle).",
    fix: 'Make tool outputs and tool call inputs plain JSON values: objects, arrays, strings, finite numbers, booleans and null.',
  },
} as const satisfies Record<string, CodeInfo>;

const runs = {
  R0001: {
    means: 'A run took `maxSteps` steps without ending on a text or a typed value.',
    fix: "Raise the agent's `maxSteps`, or find out why the model keeps asking for tools (the message lists the last calls).",
  },
  R0002: {
    means: 'An agent or a tool is not defined correctly.',
    fix: 'Correct the field at the path the message names; define tools with `tool({ input, run })`.',
  },
  R0003: {
    means: "A run's agent asks for a typed value, and a step ended with neither a typed value nor a tool call.",
    fix: 'Make the model (or the fake) answer with a `value`, or drop `output` from the agent to end on a text.',
  },
} as const satisfies Record<string, CodeInfo>;

/** The whole catalog, one entry per code. */
export const catalog = {
  ...config,
  ...scopes,
  ...engine,
  ...providers,
  ...runs,
} as const satisfies Record<string, CodeInfo>;

/** A code of the catalog, such as `'T0013'`. */
export type Code = keyof typeof catalog;
