/**
 * The public surfaces under fuzz, each with inputs of three sorts: near-valid (the right shape
 * with odd values: prototype names, empty strings, huge numbers), plain garbage (a value of the
 * wrong type, or an object with keys the surface does not know — both must be refused), and any
 * plain value at all.
 */
import fc from 'fast-check';
import { ClassificationQuestion, createApp, type StandinConfigInput } from '../../src/index.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import type { Case, Surface } from './fuzzHarness.js';

const garbage = <I>(arbitrary: fc.Arbitrary<I>): fc.Arbitrary<Case<I>> =>
  arbitrary.map((input) => ({ input, garbage: true }));
const maybe = <I>(arbitrary: fc.Arbitrary<I>): fc.Arbitrary<Case<I>> =>
  arbitrary.map((input) => ({ input, garbage: false }));

/** Names a caller may give: ordinary ones, prototype members, empty and odd strings. */
const names = fc.oneof(
  fc.constantFrom('writer', 'backup', 'toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf', '', ' '),
  fc.string({ maxLength: 12 }),
);

/** A key no surface knows: every key the surfaces take is a plain word without this prefix. */
const unknownKey = fc.string({ maxLength: 10 }).map((key) => `x_${key}`);

/** An object with at least one key the surface does not know, beside values of any kind. */
const unknownKeys = fc.dictionary(unknownKey, fc.anything({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 });

/** A value that is not an object: each surface that wants an object must refuse it. */
const notAnObject = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.bigInt(),
  fc.constant(null),
);

/** Values of a kind plain data cannot hold, and values that fight being read. */
const hostile = fc.constantFrom<unknown>(
  new Date(0),
  new Map([['a', 1]]),
  new Set([1]),
  Object.create(null) as object,
  Object.assign(Object.create(null) as object, { text: 'x' }),
  new (class Settings {})(),
  new Proxy(
    {},
    {
      get: () => {
        throw new Error('trap');
      },
      ownKeys: () => {
        throw new Error('trap');
      },
    },
  ),
  {
    get text(): string {
      throw new Error('getter');
    },
  },
  [1, 2, 3],
  () => undefined,
  Symbol('s'),
);

const fuzzConfig = fc.record(
  {
    models: fc.dictionary(
      names,
      fc.record(
        {
          provider: fc.oneof(
            fc.constantFrom('openai', 'anthropic', 'antropic', 'toString', 'local'),
            fc.string({ maxLength: 8 }),
          ),
          model: fc.string({ maxLength: 8 }),
          fallback: fc.array(names, { maxLength: 3 }),
        },
        { requiredKeys: [] },
      ),
      { maxKeys: 3 },
    ),
    providers: fc.dictionary(
      names,
      fc.record(
        {
          adapter: fc.constantFrom('openai', 'anthropic', 'typesafe', 'x'),
          timeoutMs: fc.integer(),
          apiKey: fc.string(),
        },
        { requiredKeys: [] },
      ),
      { maxKeys: 2 },
    ),
    retry: fc.oneof(
      fc.record({ attempts: fc.integer({ min: -2, max: 200 }), jitter: fc.double() }, { requiredKeys: [] }),
      hostile,
    ),
    strictScopes: fc.anything({ maxDepth: 0 }),
    cursors: fc.constantFrom<unknown>('memory', { store: 'memory' }, { store: 'redis' }, 'disk'),
  },
  { requiredKeys: [] },
);

/** `createTestApp(config)` and `createApp(config)`: garbage is a non-object or an unknown key. */
export const configSurface: Surface<unknown> = {
  name: 'config',
  cases: fc.oneof(
    maybe(fuzzConfig),
    garbage(notAnObject),
    garbage(unknownKeys),
    garbage(fc.constantFrom<unknown>(new Date(0), new Map(), [], new (class Settings {})())),
    maybe(fc.anything({ maxDepth: 3 })),
  ),
  attempt: (input) => {
    createTestApp(input as StandinConfigInput);
    createApp(input as StandinConfigInput);
  },
};

const models = {
  writer: { provider: 'openai', model: 'gpt-test' },
  backup: { provider: 'anthropic', model: 'claude-test' },
};

const answer = fc.record(
  {
    text: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
    calls: fc.array(fc.record({ tool: names, with: fc.anything({ maxDepth: 1 }) }, { requiredKeys: [] }), {
      maxLength: 2,
    }),
    fail: fc.constantFrom('server', 'rate_limit', 'nope'),
    times: fc.integer({ min: -1, max: 5 }),
    delayMs: fc.integer({ min: -1, max: 10 }),
    parts: fc.oneof(fc.integer({ min: -1, max: 4 }), fc.array(fc.double(), { maxLength: 3 })),
  },
  { requiredKeys: [] },
);

/** `app.fake(model, answers)`: garbage is a value of no answers form, or an answer with an unknown field. */
export const answersSurface: Surface<{ model: unknown; answers: unknown }> = {
  name: 'answers',
  cases: fc.oneof(
    maybe(fc.record({ model: fc.oneof(fc.constant('writer'), names), answers: fc.array(answer, { maxLength: 4 }) })),
    garbage(fc.record({ model: fc.constant('writer'), answers: notAnObject })),
    garbage(
      fc.record({ model: fc.constant('writer'), answers: fc.array(unknownKeys, { minLength: 1, maxLength: 3 }) }),
    ),
    garbage(fc.record({ model: fc.constant('writer'), answers: unknownKeys })),
    maybe(
      fc.record({
        model: fc.oneof(names, hostile),
        answers: fc.oneof(fc.anything({ maxDepth: 3 }), hostile, fc.array(hostile, { maxLength: 2 })),
      }),
    ),
  ),
  attempt: ({ model, answers }) => void scratchApp().fake(model as string, answers as never),
};

const scriptEntry = fc.oneof(
  fc.record({ answers: fc.dictionary(names, fc.oneof(fc.string({ maxLength: 8 }), fc.double(), fc.integer())) }),
  fc.record({ retryUntilCall: fc.oneof(fc.integer({ min: -1, max: 4 }), fc.double()) }),
  fc.record({ error: fc.anything({ maxDepth: 1 }) }),
);

/** `app.fakeClassifier(script)`: garbage is a script that is no list, or an entry with an unknown key. */
export const scriptsSurface: Surface<unknown> = {
  name: 'scripts',
  cases: fc.oneof(
    maybe(fc.array(scriptEntry, { maxLength: 4 })),
    garbage(notAnObject.filter((value) => value !== null)),
    garbage(fc.array(unknownKeys, { minLength: 1, maxLength: 3 })),
    garbage(unknownKeys),
    maybe(fc.oneof(fc.anything({ maxDepth: 3 }), hostile, fc.array(hostile, { maxLength: 2 }))),
  ),
  attempt: (script) => void scratchApp().fakeClassifier(script as never),
};

/** One call of the app: which method, and what it was given. */
export interface CallInput {
  readonly method: 'reply' | 'stream' | 'run' | 'classify' | 'embed' | 'rank' | 'call';
  readonly model: unknown;
  readonly request: unknown;
  readonly options: unknown;
}

const message = fc.record(
  {
    role: fc.constantFrom('user', 'assistant', 'tool', 'system'),
    content: fc.oneof(fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 1 })),
  },
  { requiredKeys: [] },
);

const request = fc.record(
  {
    messages: fc.oneof(fc.string({ maxLength: 12 }), fc.array(message, { maxLength: 2 })),
    instructions: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
    settings: fc.record(
      { temperature: fc.double(), maxTokens: fc.integer(), stop: fc.array(fc.string(), { maxLength: 5 }) },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

const options = fc.oneof(
  fc.constant(undefined),
  fc.record(
    {
      requestId: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
      retry: fc.oneof(fc.boolean(), fc.record({ attempts: fc.integer() }, { requiredKeys: [] })),
    },
    { requiredKeys: [] },
  ),
);

const methods = fc.constantFrom<CallInput['method']>('reply', 'stream', 'run', 'classify', 'embed', 'rank', 'call');

/** The app whose fakes the answers and scripts surfaces replace, case after case. */
let scratch: TestApp | undefined;
const scratchApp = (): TestApp => (scratch ??= createTestApp({ models }));

/** The app the requests surface calls, made once: a call does not change how a later one is answered. */
let shared: TestApp | undefined;
function app(): TestApp {
  if (shared !== undefined) return shared;
  shared = createTestApp({ models });
  shared.fake('writer', () => ({ text: 'ok' }));
  shared.fake('backup', {
    reply: () => ({ text: 'ok' }),
    embed: () => [0.5, 0.5],
    rank: (_query: string, texts: readonly string[]) => texts.map(() => 0.5),
    call: () => 'done',
  } as never);
  shared.fakeClassifier();
  return shared;
}

const questions = { urgent: ClassificationQuestion.yesNo('Is it urgent?') };

/**
 * `app.reply`, `app.stream`, `app.run`, `app.classify`, `app.embed`, `app.rank`, `app.call`:
 * garbage is a request or options of the wrong type, or with a key the call does not know.
 */
export const requestsSurface: Surface<CallInput> = {
  name: 'requests',
  cases: fc.oneof(
    maybe(
      fc
        .record({ method: methods, model: fc.oneof(fc.constantFrom('writer', 'backup'), names), request, options })
        .map((call) => ({ ...call, request: argumentOf(call.method, call.request) })),
    ),
    garbage(
      fc.record({
        method: fc.constantFrom<CallInput['method']>('reply', 'stream'),
        model: fc.constant('writer'),
        request: fc.oneof(notAnObject, unknownKeys),
        options: fc.constant(undefined),
      }),
    ),
    garbage(
      fc.record({
        method: methods,
        model: fc.constantFrom('writer', 'backup'),
        request: fc.constant({ messages: 'hi' }),
        options: fc.oneof(
          notAnObject.filter((value) => value !== null),
          unknownKeys,
        ),
      }),
    ),
    maybe(
      fc.record({
        method: methods,
        model: fc.oneof(names, hostile, fc.anything({ maxDepth: 1 })),
        request: fc.oneof(fc.anything({ maxDepth: 3 }), hostile),
        options: fc.oneof(fc.anything({ maxDepth: 2 }), hostile),
      }),
    ),
  ),
  attempt: async ({ method, model, request: given, options: extra }) => {
    const target = app();
    const o = extra as never;
    const r = given as never;
    const m = model as string;
    switch (method) {
      case 'reply':
        return target.reply(m, r, o);
      case 'stream': {
        for await (const _ of target.stream(m, r, o));
        return undefined;
      }
      case 'run':
        return target.run({ model: m } as never, r, o);
      case 'classify':
        return target.classify(r, questions, o);
      case 'embed':
        return target.embed(m, r, o);
      case 'rank':
        return target.rank(m, 'query', r, o);
      case 'call':
        return target.call(m, given, o);
    }
  },
};

/** What a near-valid request becomes for each method: the messages for a run or a classification, a text to embed. */
function argumentOf(method: CallInput['method'], request: Record<string, unknown>): unknown {
  if (method === 'run' || method === 'classify' || method === 'rank') return request.messages;
  if (method === 'embed') return request.instructions;
  return request;
}

/**
 * Pieces of patterns people write, and pieces that make JavaScript's backtracking engine take time beyond measure
 * on a long text (`(a+)+`, `(a|aa)*`, bounded repeats in a row): every pattern must be matched in linear time.
 */
const piece = fc.constantFrom(
  ...['a', 'b', '.', '\\d', '\\w', '\\s', '\\S', '[a-z]', '[^b]', '\\b', '^', '$', '|', '+', '*', '?'],
  ...['(a+)+', '(a|aa)*', '(a*)*', '(\\w+\\s?)+', 'a{0,40}', '.*', '(?:ab)+', 'x{2,}', '(', ')', '\\p{L}', '\\u00e9'],
);
/** What a linear-time engine cannot match: a look-around or a back reference. */
const unmatchable = fc.constantFrom('(?=a)', '(?!a)', '(?<=a)', '(?<!a)', '(a)\\1', '(?<n>a)\\k<n>');
const pattern = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));
const refusedPattern = fc
  .tuple(fc.array(piece, { maxLength: 3 }), unmatchable, fc.array(piece, { maxLength: 3 }))
  .map(([before, refused, after]) => [...before, refused, ...after].join(''));
/** Texts on which a backtracking engine would not finish during the test run, and plain ones. */
const longText = fc.constantFrom(
  `${'a'.repeat(3_000)}!`,
  'a'.repeat(3_000),
  `${'word '.repeat(600)}!`,
  'refund, please',
);

/** A `when`'s regular expression and the text it is matched against. */
export interface PatternInput {
  readonly regex: string;
  readonly flags: string | undefined;
  readonly text: string;
}

/** A `when` regular expression in `app.fake`, matched by `app.reply`: garbage is one a linear-time engine cannot run. */
export const patternsSurface: Surface<PatternInput> = {
  name: 'patterns',
  cases: fc.oneof(
    maybe(fc.record({ regex: pattern, flags: fc.constantFrom(undefined, 'i', 'm', 's', 'u', 'gi'), text: longText })),
    garbage(fc.record({ regex: refusedPattern, flags: fc.constantFrom(undefined, 'i'), text: longText })),
  ),
  attempt: async ({ regex, flags, text }) => {
    const target = scratchApp();
    const when = { user: flags === undefined ? { regex } : { regex, flags } };
    target.fake('writer', [{ when, text: 'matched' }, { text: 'anything else' }]);
    await target.reply('writer', { messages: text });
  },
};

/** A JSON Schema an MCP server lists for a tool's input, and a value the model might give the tool. */
export interface SchemaInput {
  readonly schema: Record<string, unknown>;
  readonly text: string;
}

const withPattern = (source: string): Record<string, unknown> => ({
  type: 'object',
  properties: {
    code: { type: 'string', pattern: source },
    tags: { type: 'object', patternProperties: { [source]: {} } },
  },
});
/** A schema nested `depth` parts deep. */
const nested = (depth: number): Record<string, unknown> => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i++) schema = { type: 'object', properties: { inner: schema } };
  return schema;
};
const cycle = fc.constantFrom<Record<string, unknown>>(
  { type: 'object', $defs: { a: { $ref: '#/$defs/a' } }, properties: { code: { $ref: '#/$defs/a' } } },
  { type: 'object', properties: { code: { anyOf: [{ $ref: '#/properties/code' }] } } },
  { type: 'object', allOf: [{ $ref: '#' }] },
);
const tree = fc.constant<Record<string, unknown>>({
  type: 'object',
  properties: { code: { type: 'string' }, kids: { type: 'array', items: { $ref: '#' } } },
});

/**
 * A fake MCP server's tool input schema, read by `app.mcpTools` and checked against a long value: garbage is a schema
 * with a pattern the linear-time engine cannot run, a `$ref` cycle through no object or array, or nesting too deep.
 */
export const schemasSurface: Surface<SchemaInput> = {
  name: 'schemas',
  cases: fc.oneof(
    maybe(fc.record({ schema: pattern.map(withPattern), text: longText })),
    maybe(fc.record({ schema: tree, text: longText })),
    garbage(fc.record({ schema: refusedPattern.map(withPattern), text: longText })),
    garbage(fc.record({ schema: fc.oneof(cycle, fc.constant(nested(200))), text: longText })),
  ),
  attempt: async ({ schema, text }) => {
    const target = scratchApp();
    target.fakeMcp('fuzz', { tools: { check: { input: schema, answers: [] } } });
    const tools = await target.mcpTools('fuzz');
    tools.check!.input.safeParse({ code: text, tags: { [text]: 1 }, kids: [{ code: text }] });
  },
};

const rates = fc.dictionary(
  fc.constantFrom('rate_limit', 'server', 'timeout', 'invalid_json', 'truncated', 'empty', 'rate_limited', '__proto__'),
  fc.oneof(fc.double({ min: 0, max: 0.3, noNaN: true }), fc.double(), fc.string({ maxLength: 4 })),
  { maxKeys: 3 },
);

/** The app chaos is laid on, case after case (each replaces the last): apart, so no chaos reaches another surface. */
let chaotic: TestApp | undefined;

/** `app.chaos(settings)`: garbage is a seed of the wrong type, a name that is no name, or a field chaos does not take. */
export const chaosSurface: Surface<unknown> = {
  name: 'chaos',
  cases: fc.oneof(
    maybe(
      fc.record(
        {
          seed: fc.oneof(fc.nat(), fc.integer({ min: -3, max: 3 })),
          rates,
          models: fc.array(fc.constantFrom('writer', 'backup', 'writre'), { maxLength: 2 }),
          scopes: fc.array(names, { maxLength: 2 }),
        },
        { requiredKeys: ['seed', 'rates'] },
      ),
    ),
    garbage(
      fc.record({
        seed: fc.oneof(fc.nat().map(String), fc.string({ maxLength: 4 }), fc.double({ min: 0.1, max: 0.9 })),
        rates: fc.constant({}),
      }),
    ),
    garbage(fc.record({ seed: fc.nat(), rates: fc.constant({}), scopes: fc.constant(['']) })),
    garbage(fc.record({ seed: fc.nat(), rates: fc.constant({}), models: fc.constant(['']) })),
    garbage(notAnObject),
    garbage(unknownKeys),
    maybe(fc.oneof(fc.anything({ maxDepth: 2 }), hostile)),
  ),
  attempt: (settings) => void (chaotic ??= createTestApp({ models })).chaos(settings as never),
};

/** Every surface, in the order the report prints them. */
export const surfaces = [
  configSurface,
  answersSurface,
  scriptsSurface,
  requestsSurface,
  patternsSurface,
  schemasSurface,
  chaosSurface,
] as unknown as readonly Surface<unknown>[];
