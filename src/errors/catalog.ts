// Over 300 lines on purpose: one table, one entry per code, so docs/errors.md is generated from a
// single place; each area's codes stay together below.
/**
 * Every code a {@link StandinError} can carry, with what it means and how to fix it. `docs/errors.md` is generated from
 * this table (`npm run docs:errors`) and a test keeps the two equal.
 *
 * Letters group the codes by where they arise: C config, S scopes and cursors, E engine, P provider failures, R runs
 * and tools, T the faked model, K classification, N NestJS, D shared stores (the Redis cursor store and the scripts a
 * namespace shares), V cassettes, A AI SDK interop, W the wire server, M MCP servers.
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
  C0005: {
    means:
      'The config, or a value inside it, is not plain data: null, an array, a Date, a Map, a class instance, a ' +
      'function or a cycle where an object of settings belongs.',
    fix: 'Pass a plain object literal (or JSON) at the path the message names, with the keys it lists.',
  },
  C0006: {
    means:
      "A name in the config is `'__proto__'`, which a plain object cannot hold as a key: it would set the object's " +
      'prototype and be dropped.',
    fix: 'Give the model, provider or field another name.',
  },
  C0007: {
    means: 'Reading the config threw: a getter or a proxy inside it failed when standin read it.',
    fix: 'Pass the settings as plain values; read them from wherever they come from before making the app.',
  },
  C0008: {
    means:
      'A model or the classifier names a provider that is neither a built-in adapter, nor configured under ' +
      "`providers`, nor supplied by the app's makers.",
    fix:
      "Fix the provider's name (the message suggests the closest), configure it under `providers` with an " +
      '`adapter`, or bind a provider of that name.',
  },
  C0009: {
    means:
      'A list in the config has more entries than standin reads (10,000), or claims a length that is not a whole ' +
      'number: a sparse array or a proxy with a huge `length` would otherwise be read entry by entry until memory ' +
      'ran out.',
    fix: 'Pass the list as a plain array of the entries you mean; a fallback list holds at most 100 model names.',
  },
  C0010: {
    means:
      "A model's fallback chain (the model and every model it may fall back to, through other models) has more than " +
      '100 models.',
    fix:
      'Shorten the chain: a call tries every model of it, each with its retries, so a longer one cannot be waited ' +
      'for anyway.',
  },
  C0025: {
    means:
      'An optional peer an adapter loads on its first call that needs it cannot be loaded: `aws4fetch` (the Bedrock ' +
      "adapter's SigV4 signing) or `google-auth-library` (the Vertex adapter's application-default credentials).",
    fix: 'Install the package the message names beside standin (`npm install <package>`): it is an optional peer.',
  },
  C0026: {
    means:
      'The Bedrock adapter would call AWS with no credentials: no access key and secret in its settings, no ' +
      '`AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` in the environment, and no Bedrock API key.',
    fix:
      'Set `providers.<name>.accessKeyId` and `secretAccessKey` (and `sessionToken` for temporary credentials), the ' +
      'AWS environment variables, or `apiKey` (or `AWS_BEARER_TOKEN_BEDROCK`) for a Bedrock API key.',
  },
  C0027: {
    means:
      'The Bedrock adapter has no AWS region: none in its settings, and neither `AWS_REGION` nor ' +
      '`AWS_DEFAULT_REGION` in the environment. The region names the endpoint and is part of every signature.',
    fix: "Set `providers.<name>.region`, such as 'us-east-1', or the environment variable `AWS_REGION`.",
  },
  C0030: {
    means:
      'An `azure-openai` provider was called with no endpoint: neither its `baseURL` nor the environment variable ' +
      '`AZURE_OPENAI_ENDPOINT` names the Azure OpenAI resource.',
    fix:
      "Set `config.providers.<name>.baseURL` (or `createAzureOpenAIProvider({ baseURL })`) to the resource's " +
      "endpoint, such as 'https://<resource>.openai.azure.com', or set `AZURE_OPENAI_ENDPOINT`.",
  },
  C0031: {
    means:
      'An `azure-openai` provider read its endpoint from `AZURE_OPENAI_ENDPOINT`, and that variable holds no http(s) ' +
      'URL, or a URL with credentials in it.',
    fix: "Set `AZURE_OPENAI_ENDPOINT` to the resource's endpoint, such as 'https://<resource>.openai.azure.com'.",
  },
  C0032: {
    means:
      'A `vertex` provider was called with neither an API key (express mode) nor a Google Cloud project, or ' +
      '`GOOGLE_CLOUD_PROJECT` or `GOOGLE_CLOUD_LOCATION` holds no Google Cloud id.',
    fix:
      "Set `config.providers.<name>.project` (and `location`), such as 'help-desk-prod', or the environment " +
      'variable `GOOGLE_CLOUD_PROJECT`; or give the provider an express mode `apiKey`.',
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
    fix:
      'Remove the cycle from the script, or give the fake an explicit cursor (`startScriptCursor`) or a ' +
      '`cursorKey`.',
  },
} as const satisfies Record<string, CodeInfo>;

const engine = {
  E0001: {
    means: 'A call names a model that is not configured.',
    fix: 'Call one of the configured models the message lists, or add the model under `models`.',
  },
  E0002: {
    means: "No provider is bound for a model's provider name.",
    fix:
      "Fix the model's `provider` in the config, or bind a provider of that name: " +
      '`bind(Tokens.Provider).toConstantValue(p).whenNamed(name)`.',
  },
  E0003: {
    means: 'A request or its options do not have the expected shape.',
    fix: 'Correct the field at the path the message names before calling again.',
  },
  E0004: {
    means: 'The provider of a model does not offer the capability called (embed, hear, speak, rank, image or call).',
    fix: 'Call a model whose provider offers it, or give the fake a record with that call.',
  },
  E0005: {
    means: 'A call failed on every model it was allowed to try, after the retries of each.',
    fix:
      "Read `failures` (or the message) for each model's attempts and why each failed; the last failure is the " +
      '`cause`.',
  },
  E0006: {
    means: 'A typed value is not JSON, or does not fit the zod shape the call gave.',
    fix:
      'The message names the path that does not fit: loosen the shape, or make the model (or the fake) give a ' +
      'fitting value.',
  },
  E0007: {
    means: 'A provider broke the provider contract: a reply part or a result of the wrong shape.',
    fix: 'Fix the provider so it yields the parts of `ReplyPart` and returns the documented results.',
  },
  E0008: {
    means:
      'A test app, or the process-wide guard (`guardRealCalls()`, `STANDIN_REAL_CALLS=refuse`), blocked a call that ' +
      'would have reached a real provider adapter.',
    fix:
      'Fake the model with `app.fake(model, answers)`, or allow real calls explicitly with ' +
      '`app.allowRealCalls(provider)`. Under the process-wide guard an app made by `createApp` is refused too: test ' +
      'with a test app (`createTestApp`; in Nest, hand it in with `useStandin`).',
  },
  E0060: {
    means:
      'The options of an image call (`app.image(model, prompt, options)`) do not have the expected shape: a size ' +
      "that is not 'WIDTHxHEIGHT' within 4096 pixels, a count outside 1 to 10, a format other than png, jpeg or webp, " +
      'or an unknown key.',
    fix: "Correct the field the message names, such as `{ size: '1024x1024', count: 1, format: 'png' }`.",
  },
  E0020: {
    means:
      "A user message holds an image or a file that the model's provider cannot take (a file by URL, or a media type " +
      'its API does not read).',
    fix:
      'Give the part in a form the message says the provider takes (bytes rather than a URL, another media type), ' +
      'or call a model whose provider takes it.',
  },
  E0021: {
    means:
      "A call setting is one the model's provider cannot honour (a temperature above its range, more stop sequences " +
      'than it takes).',
    fix: 'Change the setting to what the message says the provider takes, or call a model whose provider honours it.',
  },
  E0050: {
    means:
      'A call was made on an app that was disposed: by `app.dispose()`, or by closing the Nest application whose ' +
      'standin module made it.',
    fix:
      'Make a new app for each test, or share one app between tests by handing it to the Nest testing module with ' +
      '`useStandin(builder, app)`: the module never disposes an app handed to it.',
  },
  E0051: {
    means:
      "`StandinModule`'s settings have the wrong shape: an unknown or misspelled key, a setting of the wrong type, " +
      'config keys mixed with settings, or a `forRootAsync` factory that answered something other than a config or ' +
      '`{ config, ...settings }`.',
    fix:
      'Correct the key the message names (it suggests the one you may have meant); have the factory answer the ' +
      'config itself, or `{ config, app?, trustScopeHeader?, scopeHeader? }`.',
  },
  E0052: {
    means:
      '`STANDIN_REAL_CALLS` holds a value standin does not know, or `guardRealCalls` was given something other than ' +
      'true or false.',
    fix: 'Set `STANDIN_REAL_CALLS=refuse` (or unset it), and call `guardRealCalls()` or `guardRealCalls(false)`.',
  },
  E0041: {
    means:
      "Reading a call's input threw: a getter or a proxy in a request, its options, an agent, answers or a name " +
      'failed when standin read it.',
    fix:
      'Pass plain data (object literals, arrays, strings, numbers); read values from wherever they come from ' +
      'before the call.',
  },
  E0040: {
    means:
      '`providerConformance` was given options it cannot run: a claim that names no scenario, a bound that is not a ' +
      'positive number, or no `describe` and `it`.',
    fix:
      "Claim only the scenarios the message lists (such as `'text'`, `'fail:rate_limit'`, `'embed'`), give bounds " +
      "in milliseconds above 0, and pass the test runner's `describe` and `it`.",
  },
} as const satisfies Record<string, CodeInfo>;

const aiSdk = {
  A0001: {
    means:
      "An AI SDK prompt holds something standin's request cannot carry: a file by provider reference, a custom part, " +
      'a provider-executed tool result, or a file in an assistant message.',
    fix: 'Send the file as bytes or a URL, leave the part out, or call an AI SDK model of that provider directly.',
  },
  A0002: {
    means:
      "A JSON Schema from the AI SDK (a tool's input, or the response format's schema) cannot be read as a shape to " +
      'check values against: an unknown type, a `$ref` cycle, a `pattern` the linear-time engine cannot run.',
    fix:
      'Describe the tool input or output with a zod schema or a plainer JSON Schema (objects, arrays, strings, ' +
      'numbers, enums).',
  },
  A0003: {
    means:
      'The AI SDK provider handed to `fromAiSdk` has no model of the kind the call needs for that model id (no ' +
      'embedding, transcription, speech or reranking model).',
    fix: 'Call a model whose AI SDK provider has that kind of model, or name a model id the provider knows.',
  },
  A0004: {
    means:
      'An AI SDK model broke its specification: a tool call whose input is not JSON, a stream that ended without a ' +
      'finish, a result of the wrong shape.',
    fix:
      'Fix the model (for a `MockLanguageModelV4`, its scripted results), or report the fault to its provider ' +
      'package.',
  },
  A0005: {
    means: '`fromAiSdk` was given something that is neither an AI SDK provider (v4) nor an AI SDK language model (v4).',
    fix:
      'Pass a provider such as `createOpenAI({ apiKey })`, or one language model such as `new ' +
      'MockLanguageModelV4({ ... })`.',
  },
  A0006: {
    means:
      '`languageModel`, `embeddingModel`, `transcriptionModel`, `speechModel` or `imageModel` was given something ' +
      'other than a ' +
      'standin app and the name of one of its models.',
    fix: "Pass the app and a name from its config's `models`: `languageModel(app, 'writer')`.",
  },
  A0007: {
    means:
      'A tool that the AI SDK describes was asked to run inside standin: tools reached through `languageModel` are ' +
      'run by the AI SDK, never by standin.',
    fix:
      "Let the AI SDK run the tool (`generateText` with `tools`), or give standin's `app.run` its own `tool({ " +
      'input, run })`.',
  },
  A0008: {
    means:
      '`fromAiSdk` was given settings it cannot use: not an object, or a `timeoutMs` that is not a whole number of ' +
      'milliseconds from 1 to 2147483647.',
    fix: 'Pass `fromAiSdk(provider, { timeoutMs: 60_000 })`, or leave the settings out.',
  },
  A0020: {
    means:
      "A decision model made by `decisionModel(app)` was asked about a state with a file part: a standin classifier's " +
      'state is text and JSON.',
    fix: 'Describe the file in a text part, or classify it with a model that reads files.',
  },
  A0021: {
    means:
      'A decision model made by `decisionModel(app)` was asked a question a standin classifier cannot take: a `box` ' +
      'question, or a question without instructions.',
    fix: 'Ask choice, score and boolean questions, each with its instructions.',
  },
  A0022: {
    means:
      '`decisionModel` was given something other than a standin app, or a classifier model id that is not a string.',
    fix: "Pass the app (from createApp or createTestApp), and optionally the classifier's model id: `decisionModel(app)`.",
  },
} as const satisfies Record<string, CodeInfo>;

const providers = {
  P0001: {
    means:
      "A provider could not answer; the error's `kind` says why (server, rate_limit, timeout, network, auth, ...).",
    fix:
      'Retryable kinds are retried by the engine; for the others, act on the kind (check the key, shorten the ' +
      'prompt, ...).',
  },
  P0002: {
    means: 'A provider failure was made with a kind that does not exist.',
    fix:
      'Use one of: server, rate_limit, timeout, network, auth, bad_request, context_length, content_filter, ' +
      'unknown.',
  },
  P0003: {
    means: "No API key was found for a provider adapter that calls its vendor's own URL.",
    fix:
      'Set `providers.<name>.apiKey` in the config, or the environment variable the message names ' +
      '(`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `TYPESAFE_API_KEY`). A server on a custom `baseURL` needs no key.',
  },
  P0004: {
    means:
      'The settings given to a provider adapter or classifier factory (`createOpenAIProvider`, ' +
      "`createAnthropicProvider`, `createTypesafeClassifier`, `createDecisionsClassifier`), or a provider's " +
      'config, hold a field its adapter does not take or a value of the wrong shape.',
    fix: 'Correct the field at the path the message names; the message lists the fields that are allowed.',
  },
  P0005: {
    means:
      "A request holds a value the provider's wire format cannot carry: a tool call's input or a tool's output that " +
      'is not JSON (a BigInt, a cycle).',
    fix:
      'Make tool outputs and tool call inputs plain JSON values: objects, arrays, strings, finite numbers, ' +
      'booleans and null.',
  },
  P0006: {
    means:
      "The config's `classifier` names a provider that cannot classify, or a model names a provider served by a " +
      'classifier adapter (`typesafe`, `decisions`).',
    fix:
      "Point `classifier.provider` at a provider served by 'typesafe' or 'decisions' (or 'openai', which " +
      "classifies through its Decisions API); give models providers served by 'openai', 'anthropic' or " +
      "'gemini'.",
  },
  P0007: {
    means:
      'A provider adapter was called directly with a context that lacks a field it reads (provider, model, signal, ' +
      'attempt), or holds one of the wrong type.',
    fix:
      'Call through the engine (`app.reply`, `engine.reply`), which builds the context; or pass a whole ' +
      '`CallContext` with the field the message names.',
  },
} as const satisfies Record<string, CodeInfo>;

const runs = {
  R0001: {
    means: 'A run took `maxSteps` steps without ending on a text or a typed value.',
    fix:
      "Raise the agent's `maxSteps`, or find out why the model keeps asking for tools (the message lists the last " +
      'calls).',
  },
  R0002: {
    means: 'An agent or a tool is not defined correctly.',
    fix: 'Correct the field at the path the message names; define tools with `tool({ input, run })`.',
  },
  R0003: {
    means: "A run's agent asks for a typed value, and a step ended with neither a typed value nor a tool call.",
    fix: 'Make the model (or the fake) answer with a `value`, or drop `output` from the agent to end on a text.',
  },
  R0004: {
    means:
      "In a run with strict tools (a test app's default), a tool call failed: the tool does not exist, its input " +
      "does not fit the tool's shape, or its `run` threw. The message names the run, the step, the tool, the input " +
      'and the cause.',
    fix:
      "Fix the scripted call's `with` (or the tool); for a test that scripts a bad call on purpose, pass `{ " +
      'strictTools: false }` to `app.run`, or `createTestApp(config, { strictTools: false })`.',
  },
  R0005: {
    means: "A run's `strictTools` option is not true or false.",
    fix: "Pass `strictTools: true` or `strictTools: false`, or leave it out for the app's default.",
  },
  R0006: {
    means:
      "A tool's `run` returned a promise that did not settle within the tool's `timeoutMs` (one minute when the tool " +
      'names none); the signal `run` was handed was aborted. Like a throw, it goes back to the model as a tool-result ' +
      'error, or fails a run with strict tools (`R0004`).',
    fix:
      'Make the tool finish sooner (pass `context.signal` on to what it waits for, so it stops when aborted), or ' +
      'give it a longer bound: `tool({ input, run, timeoutMs })`, at most 2147483647.',
  },
} as const satisfies Record<string, CodeInfo>;

const fakeModel = {
  T0001: {
    means:
      '`app.fake` or `fakeProvider` was given `answers` that are none of its three forms: a list of answers, a ' +
      'function of the request, or a record of calls.',
    fix:
      "Write a list (`[{ text: 'Hi' }]`), a function (`(request) => ({ text: 'Hi' })`), or a record of calls (`{ " +
      'reply: [...], embed: embedByHash(8) }`); the message names the field that is wrong.',
  },
  T0002: {
    means:
      'Something in the place of an answer is no answer record: a plain text, a generator or iterable of parts, a ' +
      'function, null or a number.',
    fix:
      "Write the answer as a record: `{ text: '...' }`, `{ calls: [{ tool, with }] }`, `{ value }` or `{ fail: " +
      "'server' }`; the fake makes the parts itself.",
  },
  T0003: {
    means:
      'An answer record has an unknown field, a field of the wrong type, or fields that do not go together (`fail` ' +
      'with anything else, `parts` without a `value`, nothing to give), or a `when` whose regular expression does ' +
      'not compile or has a back reference or a look-around, which the linear-time engine cannot run.',
    fix:
      'Correct the field at the index and path the message names; the allowed fields are text, calls, value, ' +
      'reasoning, parts, units and fail.',
  },
  T0004: {
    means:
      "An answer's `value`, or the `with` of one of its calls, cannot be written as JSON, as a model's output is: a " +
      'function, a bigint, undefined, a number that is not finite, a cycle, or an object that is not plain.',
    fix:
      'Give values made of plain objects, arrays, strings, finite numbers, booleans and null; the message names ' +
      'the path that is not.',
  },
  T0005: {
    means:
      "An answer's `parts` offsets are not places inside the value's JSON text where it can be cut: not whole, not " +
      'increasing, at or past its ends, or inside one character.',
    fix:
      'Give increasing whole offsets between 1 and the JSON length less 1 (the message gives the JSON and its ' +
      'length), or a count of parts.',
  },
  T0006: {
    means: 'An answer gives a `value`, and the call it answers states no shape for a typed value.',
    fix:
      'Give that call an `output` zod shape (or the agent an `output`), or answer it with a `text` instead of a ' +
      '`value`.',
  },
  T0007: {
    means: 'An answer asks for a tool (in `calls`) that the request it answers does not offer.',
    fix: 'Name one of the tools the message lists, or give the call (or the agent) that tool.',
  },
  T0008: {
    means: "An answer's `value` does not fit the zod shape the call gives.",
    fix: 'Correct the value at the path the message names, so the faked typed value fits the shape.',
  },
  T0009: {
    means:
      'A faked model was called for something its fake was not given: a record of calls without that call, or a list ' +
      'or function (which answer replies only) called for embed, hear, speak, rank, image or call.',
    fix:
      'Fake the model with a record of calls that has the call the message names, such as `{ reply: [...], embed: ' +
      'embedByHash(8) }`.',
  },
  T0010: {
    means:
      'A function a fake was given (a function of the request, or a call of a record) threw an error that is no ' +
      'ProviderFailure.',
    fix:
      "Fix the function (the error is the `cause`); to fake a provider failure, answer `{ fail: 'server' }` or " +
      'throw a `ProviderFailure`.',
  },
  T0011: {
    means:
      "A call of a fake's record answered a result of the wrong shape: embed a vector, hear `{ text }`, speak bytes, " +
      'rank a score per text, image a list of `{ bytes, mediaType }` as long as the count asked.',
    fix:
      'Make the function answer the shape the message names; `embedByHash(dimensions)`, `rankByOverlap()` and ' +
      '`imageByHash()` give deterministic ones.',
  },
  T0012: {
    means: "`app.fake` names a model that is not configured, or a fake's options or a helper's settings are malformed.",
    fix: 'Fake one of the configured models the message lists, and correct the option at the path the message names.',
  },
  T0013: {
    means:
      'A faked model was called past its last answer: the app asked it more often than its list of answers allows.',
    fix:
      'Add an answer for the call the message names, or find why the app asks the model more often than the test ' +
      'expects.',
  },
  T0014: {
    means:
      '`fake.verify()` found answers that were never asked for: the app asked the model less often than the test ' +
      'expects.',
    fix: 'Remove the answers the message lists, or find why the app stopped asking the model before them.',
  },
  T0075: {
    means:
      "`imageByHash()` was asked for an image it cannot draw: a format other than 'png' (it draws PNG only), or a " +
      'prompt that is not a string.',
    fix:
      "Ask for format 'png' (or leave it out), or answer the bytes of that format yourself: " +
      "`{ image: () => [{ bytes, mediaType: 'image/jpeg' }] }`.",
  },
  T0045: {
    means:
      "A scripted call's `with` does not fit the input shape of the tool it names, in the tools the fake was given " +
      '(`app.fake(model, answers, agent)`): checked when the fake is made for a list, when the call comes for a ' +
      'function.',
    fix: 'Correct the input at the path the message names, so the tool would run with it.',
  },
  T0046: {
    means:
      "`verify()` found calls that raised a test author's error (a T-code or K0008, such as a call past the last " +
      'answer), even though the application caught it.',
    fix:
      'Read each error the message lists with its scope and call: add the missing answer, or fix the answer or ' +
      'the call it names.',
  },
  T0047: {
    means:
      'A function a fake was given (a function of the request, or a call of a record) returned a promise that did ' +
      "not settle within the call's time, and the call had no signal that aborted.",
    fix:
      "Make the function's promise settle; give the model's provider a `timeoutMs` in the config to change the " +
      'bound (default 30000 ms), or pass a signal to the call.',
  },
  T0048: {
    means: "`createTestApp`'s (or `createTestContainer`'s) settings are malformed.",
    fix:
      'Pass `{ seed?: a whole number from 0 to 4294967295, strictTools?: true or false }`; the message names the ' +
      'setting that is wrong.',
  },
  T0049: {
    means:
      '`app.verify()` found stand-ins that were not used as scripted: answers never asked for, entries never ' +
      "replayed, or calls that raised a test author's error (even ones the application caught).",
    fix:
      'Read the lists, grouped by stand-in and scope: remove answers the app no longer asks for, or fix the ' +
      'answer or the call each error names. `app.pending()` lists what is left unused.',
  },
  T0050: {
    means:
      'A call to a faked model whose answers choose by `when` found no answer left that matches its request: the ' +
      'answers not taken yet in its scope each have a `when` the request does not fit.',
    fix:
      'Read the request texts and the answers left in the message: change a `when` so it matches, or add an ' +
      'answer for this request (one without `when` answers any request).',
  },
  T0051: {
    means:
      'A faked model whose answers choose by `when` runs on a cursor store without `claim()` and `taken()`, so ' +
      'it cannot tell which answers a scope took.',
    fix: 'Bind the memory or the Redis cursor store, or give your store `claim()` and `taken()`.',
  },
  T0060: {
    means:
      'A matcher (`toHaveBeenAsked`, `toHaveBeenAskedWith`, `toHaveCalledTool`, `toHaveAnsweredAll`) or an ' +
      '`assert…` function of `standin/testing` was handed something that is not a faked model, `{ app, model }` or ' +
      '`{ server, model, scope? }`.',
    fix:
      'Hand it the fake `app.fake(...)` returned, or the test app or wire server with the model it calls: ' +
      "`expect({ app, model: 'writer' }).toHaveBeenAsked()`.",
  },
  T0061: {
    means: 'A matcher was handed `{ app, model }` with a model the app does not configure.',
    fix: "Name one of the models under the config's `models`, as the app calls it (`writer`), not its model id.",
  },
  T0062: {
    means:
      "A matcher's argument is not what it takes: `times` not a whole number from 0, a request that is not an " +
      'object, a tool name that is not a non-empty string.',
    fix: 'Give the argument the message names in the form it describes.',
  },
  T0065: {
    means: '`app.transcript(options)` was given options other than `{ scope? }`, or a scope that is not a text.',
    fix: "Give `{ scope: 'id' }` for one scope (`''` is outside any scope), or no options for every scope.",
  },
  T0080: {
    means: "An answer's `misbehave` names no kind of misbehaviour.",
    fix:
      'Use one of: invalid_json, wrong_shape, unknown_tool, bad_tool_input, refusal, truncated, content_filter, ' +
      'empty (`misbehaviourKinds` from `standin/testing` lists them).',
  },
  T0081: {
    means:
      "An answer's `misbehave` goes with a field that does not fit it: `finish`, `parts`, `failAfter`, `fail` " +
      'without `times`, or content its kind does not carry (`text` for `invalid_json`, `refusal` and `truncated`; ' +
      '`value` for `wrong_shape` and `truncated`; `calls` for `unknown_tool` and `bad_tool_input`).',
    fix: 'Remove the field the message names; the kind makes the reply (its finish, its parts) itself.',
  },
  T0082: {
    means:
      "A misbehaving answer's content does not misbehave as its kind says: `invalid_json` text that is JSON (or " +
      'empty), a `truncated` value whose JSON cannot be cut into text that is not JSON, an empty `calls`.',
    fix:
      "Give content that misbehaves (text that is not JSON; a value that fits goes in 'wrong_shape' only when it " +
      'does not fit), or leave it out and the fake makes some up.',
  },
  T0083: {
    means:
      "A misbehaving answer's content would not misbehave for the call it answers: a `wrong_shape` value that " +
      'fits the shape, an `unknown_tool` call to a tool the call offers, a `bad_tool_input` call to a tool it does ' +
      "not offer or with an input that fits the tool's shape.",
    fix: 'Give content that breaks the call as its kind says, or leave it out and the fake makes some up.',
  },
  T0084: {
    means:
      'A misbehaviour the call cannot have: `invalid_json` or `wrong_shape` (or a `truncated` value) for a call ' +
      'that states no typed-value shape, `wrong_shape` for a shape any JSON fits, `bad_tool_input` where no tool ' +
      'has an input shape some JSON does not fit.',
    fix: 'Script a kind the call can have, or give the call what the kind needs (an output shape, a tool).',
  },
  T0090: {
    means:
      'Chaos settings (`app.chaos`, `POST /__standin/chaos`) are not `{ seed, rates, models?, scopes? }`: not a plain ' +
      'object, a field chaos does not take, rates that are no object, or models or scopes that are no list of names ' +
      "(each 1 to 200 characters: `scopes: ['']` names no scope).",
    fix: 'Give `{ seed: 7, rates: { rate_limit: 0.1 } }`, with `models` and `scopes` as lists of names when given.',
  },
  T0091: {
    means: "Chaos settings' `seed` is not a whole number from 0 (up to 2^53 - 1): a text (`'7'`) is refused, not read.",
    fix: 'Give a seed such as `7`: the same seed draws the same disturbances on every run.',
  },
  T0092: {
    means: "Chaos settings' `rates` name a kind that is no provider failure or misbehaviour chaos can draw.",
    fix:
      'Use the kinds the message lists: `server`, `rate_limit`, `timeout`, `network`, `auth`, `bad_request`, ' +
      '`context_length`, `unknown`, and the misbehaviours (`invalid_json` ... `empty`).',
  },
  T0093: {
    means: "A rate of chaos settings' `rates` is not a number from 0 to 1.",
    fix: 'Give each kind the share of calls it disturbs, from 0 to 1 (0.1: one call in ten).',
  },
  T0094: {
    means: "Chaos settings' `rates` add up to more than 1: a call is disturbed one way at most.",
    fix: 'Lower the rates so that together they are 1 or less.',
  },
  T0095: {
    means: "`app.chaos(settings)`'s `models` names a model the app's config does not have.",
    fix: 'Name models configured under `config.models`, or leave `models` out to disturb every model.',
  },
  T0096: {
    means: 'Chaos was laid on an app made by `createApp`, for production: chaos is for test apps only.',
    fix: 'Make the app with `createTestApp(config)` from `standin/testing` in the test that lays chaos.',
  },
  T0100: {
    means:
      '`app.quota(models, settings)` was given settings that are malformed (an unknown key, a limit that is not a ' +
      "whole number from 1 up, a `per` other than 'app' or 'scope') or that name no limit.",
    fix: 'Give at least one of `requestsPerMinute`, `tokensPerMinute` and `concurrent`, each a whole number from 1 up.',
  },
  T0101: {
    means:
      '`app.quota(models, settings)` was given models that are not configured, an empty list, a list naming one ' +
      'twice, or something other than a name, a list of names or undefined.',
    fix: 'Name configured models (the message lists them), each once, or pass undefined for every model.',
  },
  T0110: {
    means: '`arbitraryAnswer` or `arbitraryScript` was called and the optional peer `fast-check` cannot be loaded.',
    fix: 'Install it beside standin (`npm install --save-dev fast-check`); `standin/arbitraries` loads without it.',
  },
  T0111: {
    means:
      'The arbitraries found no shapes to make answers for: no `agent`, `output`, `tools` or `request` option, and ' +
      'no fake of the model in the app has been sent a reply yet.',
    fix: 'Pass `{ agent }` or `{ output, tools }` (the zod shapes the application hands the model), or a `request`.',
  },
  T0112: {
    means:
      'A shape given to the arbitraries has a part with no JSON value to generate: a date, a bigint, a function, a ' +
      'map, a set, `never`, or another zod type that JSON cannot carry; or a check of its own (a refine) that a ' +
      'thousand values drawn in a row did not pass.',
    fix:
      'Give the arbitraries shapes of JSON types, without checks the generator cannot read; the message names where ' +
      'in the shape the part is.',
  },
  T0113: {
    means:
      "The arbitraries' options are wrong: an unknown family, a weight below 0, a bound that is not a whole number " +
      'in range, a failure kind that is not one, or weights that leave no family to draw an answer from.',
    fix: 'Correct the option the message names; it says what it takes.',
  },
  T0114: {
    means: 'The arbitraries were asked for answers of a model the app does not have.',
    fix: "Name one of the app's configured models (the message lists them).",
  },
  T0140: {
    means:
      "`fitting()` found no value that fits a schema the call states (a tool's input, the typed value's shape): a " +
      '`false` or `not: {}`, bounds or lengths that leave nothing, an `enum` the rest refuses, a `$ref` outside the ' +
      'schema or to nothing, or a recursion that nothing optional ends.',
    fix:
      'Loosen the schema at the path the message names so some value fits it, or script that answer yourself: ' +
      '`{ ...fitting(), reply: [...] }` or `app.fake(model, [...])`.',
  },
  T0141: {
    means:
      '`fitting()` would make a value too big or take too long to make it: more than 1000 items or properties, a ' +
      'text over 10,000 characters, or more than 200,000 steps of work for one value.',
    fix: 'Give the schema smaller bounds at the path the message names, or script that answer yourself.',
  },
  T0142: {
    means:
      "`fitting()` cannot read or run a schema's `pattern`: it is no regular expression, is longer than 10,000 " +
      'characters, or has a lookaround or back reference, which the linear-time engine cannot run.',
    fix: 'Write the pattern without lookarounds and back references, or script that answer yourself.',
  },
  T0143: {
    means: '`fitting(options)` was given options other than `{ seed?, dimensions? }`, or a field of the wrong kind.',
    fix: 'Give a whole number as `seed`, and a whole number from 1 to 65536 as `dimensions`, or no options.',
  },
  T0150: {
    means:
      '`toPassJudge` (or `judge`, `assertPassesJudge`) was handed no app to judge with, or a reply it cannot read: ' +
      'neither a text, a reply or run result (its `text`, else its `value`), nor a JSON value.',
    fix:
      'Pass the app whose classifier judges (`expect(reply).toPassJudge(app, question, options)`) and the reply, the ' +
      'run result, or its text.',
  },
  T0151: {
    means:
      "A judge's question or options are wrong: no `ClassificationQuestion`, no `atLeast` from 0 to 1, a `repeat` " +
      'that is no whole number from 1 to 25, a `majority` that is no boolean, an unknown option, or a choice question ' +
      'without an `option` among its options (or another question with one).',
    fix:
      'Pass a question built with `ClassificationQuestion` and `{ atLeast, repeat?, majority?, option? }` as the ' +
      'message says.',
  },
  T0152: {
    means:
      'A faked model was called directly (`fake.reply(request, context)`, `fake.embed(..., context)`) without the call ' +
      'context it reads: `signal`, `scope`, `stepKey`, `attempt` and `modelName`.',
    fix:
      'Call the model through an engine or an app (`engine.reply`, `app.reply`), which hands the fake its context, or ' +
      'pass a whole `CallContext`.',
  },
  T0120: {
    means:
      'A tool faked for some scopes only (`app.scope(id).fakeTool`) was called in a scope that has no script for it.',
    fix:
      'Fake the tool for that scope too (`app.scope(id).fakeTool(name, answers)`), or for every other scope ' +
      '(`app.fakeTool(name, answers)`).',
  },
  T0121: {
    means:
      'An MCP server faked for some scopes only (`app.scope(id).fakeMcp`) was used in a scope that has no script for it.',
    fix:
      'Fake the server for that scope too (`app.scope(id).fakeMcp(server, { tools })`), or for every other scope ' +
      '(`app.fakeMcp(server, { tools })`).',
  },
  T0040: {
    means:
      'A cassette in replay mode has no recording for a call: no entry with the same model, call and normalized ' +
      'request, or fewer of them than the scope asked for.',
    fix:
      'Read the diff against the nearest recorded request in the message: make the test send what was recorded, ' +
      'or record the new call with `STANDIN_CASSETTES=record-missing`.',
  },
  T0041: {
    means: 'A model faked for some scopes only (`app.scope(id).fake`) was called in a scope that has no script for it.',
    fix:
      'Fake the model for that scope too (`app.scope(id).fake(model, answers)`), or for every other scope ' +
      '(`app.fake(model, answers)`).',
  },
  T0042: {
    means:
      'A classifier faked for some scopes only (`app.scope(id).fakeClassifier`) was called in a scope that has no ' +
      'script for it.',
    fix:
      'Fake the classifier for that scope too (`app.scope(id).fakeClassifier(script)`), or for every other scope ' +
      '(`app.fakeClassifier(script)`).',
  },
  T0043: {
    means:
      'A classifier function given to `fakeClassifier(fn)` threw, or answered something other than `{ answers }` or ' +
      '`{ error }`, or was not a function.',
    fix:
      'Make the function answer `{ answers: { id: value } }` or `{ error: new ClassificationAdapterError(reason) ' +
      '}` for every call; to fail a call as a classifier would, answer `{ error }` rather than throw.',
  },
  T0044: {
    means:
      'A script for one scope (`app.scope(id).fake`, `.fakeClassifier`) was given to an app that shares its scripts ' +
      'through a Redis namespace: it cannot cross processes.',
    fix:
      'In a namespace, fake for every scope (`app.fake`, `app.fakeClassifier`): each scope walks the shared ' +
      'script from its start.',
  },
  T0070: {
    means: 'A release named a gate no answer of the app (or the fake, or the wire server) holds at.',
    fix:
      "Release a gate an answer names with a `{ hold: 'name' }` stream part (the message lists them), or add that " +
      'part to the answer that should hold.',
  },
  T0071: {
    means:
      'A streamed answer held at a gate for its whole `timeoutMs` (30 s unless the hold names another) on the ' +
      'system clock, and no release came.',
    fix:
      "Release the gate in the call's scope (`app.release`, `app.scope(id).release`, `POST /__standin/release`), or " +
      "give the hold a longer wait: `{ hold: 'mid', timeoutMs: 60000 }`.",
  },
  T0072: {
    means:
      'A stream held at a gate was ended by `app.reset()`, `app.dispose()` or the close of the wire server that ' +
      'held it; a hold or release after the dispose or close fails the same way.',
    fix: 'Release the gate before the test ends, or expect the held call to fail with this code when it resets.',
  },
  T0073: {
    means:
      'A gate was used in a way it cannot work: a release whose name is not a gate name, an answer naming one gate ' +
      'twice, more gates keeping early releases than the limit, or a gate in an app sharing its scripts through a ' +
      'Redis namespace (a release cannot reach the process holding the stream).',
    fix:
      'Name each gate of an answer once, release with the name an answer gives, reset between tests; in a ' +
      'namespace, hold streams in an app without one or on a wire server.',
  },
  T0074: {
    means: "A fake's or a wire server's pace is malformed: not `{ firstMs?, perSecond?, real? }` within its limits.",
    fix: 'Give firstMs as whole milliseconds (0 to 600000), perSecond above 0 and at most 10000, real as a boolean.',
  },
} as const satisfies Record<string, CodeInfo>;

const classification = {
  K0001: {
    means:
      'A classification question is not built correctly: options that are not a list or a record, option names that ' +
      'collide, levels that are not a list, an unknown yes-no label, or a hand-built question a classifier cannot ' +
      'read.',
    fix:
      'Build questions with `ClassificationQuestion.choice(instructions, options)`, `.score(instructions, ' +
      'levels)` or `.yesNo(instructions, { true?, false? })`, with each option named once.',
  },
  K0002: {
    means:
      'A classification answer, response or adapter error is not built correctly: a field of the wrong type, or an ' +
      'answer type that does not exist.',
    fix: "Correct the field the message names; an answer's `type` is 'choice', 'score' or 'yesNo'.",
  },
  K0003: {
    means:
      'A classification request does not pass validation; the message lists every problem with its path and reason.',
    fix:
      'Correct each path the message names (non-empty questions, a non-empty state, questions built with ' +
      '`ClassificationQuestion`), then call again.',
  },
  K0004: {
    means: 'The options of a classify call do not have the expected shape.',
    fix: 'Correct the option at the path the message names; the message lists the options allowed there.',
  },
  K0005: {
    means: 'No classifier is bound at `Tokens.Classifier`, so there is nothing to classify with.',
    fix:
      'In a test, call `app.fakeClassifier(script)`; in production, name one in the config (`classifier: { ' +
      "provider: 'typesafe' }`) or bind one: `container.bind(Tokens.Classifier).toConstantValue(classifier)`.",
  },
  K0006: {
    means:
      'A test app, or the process-wide guard (`guardRealCalls()`, `STANDIN_REAL_CALLS=refuse`), blocked a classify ' +
      'call that would have reached a real classifier.',
    fix:
      'Fake the classifier with `app.fakeClassifier(script)`, or allow real calls explicitly with ' +
      '`app.allowRealCalls(provider)`.',
  },
  K0007: {
    means:
      'A classifier broke the adapter contract: `classify` settled with something other than a ' +
      '`ClassificationResponse` or a `ClassificationAdapterError`.',
    fix:
      'Fix the classifier so it resolves with a `ClassificationResponse` and rejects only with a ' +
      '`ClassificationAdapterError`; the original value or error is the `cause`.',
  },
  K0008: {
    means:
      "A classifier could not answer; the error's `reason` says why (rate_limited, timeout, invalid_request, ...).",
    fix:
      'rate_limited, provider_unavailable, timeout and network_error are retried by the engine; for the others, ' +
      'act on the reason.',
  },
  K0009: {
    means: 'A classification adapter error was made with a reason that does not exist.',
    fix:
      'Use one of: authentication_failed, rate_limited, invalid_request, context_length_exceeded, ' +
      'provider_unavailable, timeout, network_error, malformed_response, unknown.',
  },
  K0010: {
    means: 'A FakeClassifier script, or one of its entries, does not have a legal shape.',
    fix:
      'Write a list of entries, each one of `{ answers: { id: value } }`, `{ error: new ' +
      'ClassificationAdapterError(reason) }` or `{ retryUntilCall: n }` with n a whole number of 1 or more.',
  },
  K0011: {
    means:
      'A scripted answer does not fit its question (a value of the wrong kind, a number out of range, a name that is ' +
      'not an option), or names a question the request does not ask.',
    fix:
      'Give a choice one of its option names, a score a number from 0 to the top level, a yes-no a probability ' +
      "from 0 to 1, or a `ClassificationAnswer`; key answers by the request's question ids.",
  },
  K0012: {
    means: 'A FakeClassifier has script entries that no call used.',
    fix:
      'Remove the entries the message lists, or find out why the code under test classified fewer times than the ' +
      'script expects.',
  },
  K0013: {
    means: "A classify call's `adapterOpts.capture` callback threw, or the promise it returned rejected.",
    fix: 'Fix the capture callback (its error is the `cause`); the classifier was not at fault.',
  },
  K0014: {
    means:
      "A FakeClassifier's `verify()` found calls that raised a test author's error (its script ran out, `K0008` with " +
      'cause `classification_script_exhausted`; an answer that does not fit its question, `K0011`; a capture that ' +
      'threw, `K0013`), even though the application caught it.',
    fix:
      'Read each error the message lists with its scope and call: add the missing entry, or fix the entry or ' +
      'callback it names.',
  },
  K0015: {
    means:
      "A classify call's `capture` callback returned a promise that did not settle within 30 seconds, so the call " +
      'was ended rather than held forever.',
    fix:
      'Make the callback settle (resolve or reject the promise it returns), or do its slow work after the call ' +
      'instead of in it.',
  },
} as const satisfies Record<string, CodeInfo>;

const sharedStores = {
  D0001: {
    means: 'The Redis cursor store could not connect to Redis when it was first used.',
    fix: 'Start Redis at the URL the message names (its password is masked), or correct `cursors.url` in the config.',
  },
  D0002: {
    means:
      'Redis did not answer a cursor store command within `cursors.timeoutMs`: it is stalled, paused or overloaded.',
    fix:
      'Find why Redis is slow (CLIENT PAUSE, a long script, swapping), or raise `cursors.timeoutMs`. A faked call ' +
      'sees it as a provider failure of kind `timeout`.',
  },
  D0003: {
    means: 'The connection to Redis was lost while a cursor store command was in flight, or before it could be sent.',
    fix:
      'Restart Redis or fix the network; the store reconnects by itself. A faked call sees it as a provider ' +
      'failure of kind `network`.',
  },
  D0004: {
    means: 'The config asks for the Redis cursor store, and the optional peer dependency `redis` cannot be loaded.',
    fix: 'Install it beside standin: `npm install redis@6`.',
  },
  D0005: {
    means: 'Redis answered a cursor store command with an error or with a reply of an unexpected shape.',
    fix:
      'Read the Redis error in the message. Another program may have written keys under the store prefix ' +
      '(`standin:{...}`): give standin a namespace of its own.',
  },
  D0006: {
    means:
      'An answer or script published to a namespace cannot cross a process: a function, or a value that is not plain ' +
      'JSON data.',
    fix:
      'In a namespace, fake with data: a list of answers (or a record whose `reply` is one), and classifier ' +
      'scripts of `{ answers }`, `{ error }` and `{ retryUntilCall }` entries.',
  },
  D0007: {
    means:
      'A test app in a namespace was called for a model (or the classifier) that no process of the namespace has ' +
      'faked.',
    fix:
      'Fake it in any process of the namespace before the call: `app.fake(model, answers)` or ' +
      '`app.fakeClassifier(script)`, then `await app.ready()`.',
  },
  D0008: {
    means: 'The Redis cursor store was used after it was closed (its app or container was disposed).',
    fix: 'Make a new app; do not call through an app after `app.dispose()`.',
  },
  D0009: {
    means: 'What would be published to a namespace is larger than the store takes.',
    fix: 'Publish fewer or smaller answers: the message names the limit.',
  },
  D0010: {
    means:
      'The Redis cursor store lost its state while in use: its keys are gone (FLUSHALL or FLUSHDB, a Redis restart ' +
      'without persistence, every key expired after `cursors.ttlSeconds` without a write, or, for a store without ' +
      "a namespace, one script's state expired alone). Going on would start the cursor again from 0 and give " +
      'answers a second time.',
    fix:
      'Find what removed the keys (a FLUSHALL in another test, a restart, a short `ttlSeconds`), then reset the ' +
      'app (`app.reset()`) or make a new one; give standin a namespace or a Redis database of its own.',
  },
  D0011: {
    means:
      'An earlier command that moves a cursor timed out (`D0002`), and Redis may have run it after: the cursor may ' +
      'have moved with no call given its answer, so the store will not guess where it stands.',
    fix:
      'Find why Redis stalled (CLIENT PAUSE, a long script), or raise `cursors.timeoutMs`; then reset the cursor ' +
      '(`app.reset()`) and run the calls again. A step retried with the same step key is not affected.',
  },
} as const satisfies Record<string, CodeInfo>;

const cassettes = {
  V0001: {
    means:
      'A cassette file cannot be read: it is not JSON, or the JSON is not a cassette (an entry with an unknown call, ' +
      'a missing field, an answer of the wrong shape).',
    fix: 'Correct the entry at the path the message names, or delete the file and record it again.',
  },
  V0002: {
    means:
      '`app.cassette(path, settings)` was given settings of the wrong shape, or `STANDIN_CASSETTES` holds a mode ' +
      'that does not exist.',
    fix:
      "Give a file path (or a file: URL) and a mode of 'replay', 'record' or 'record-missing'; set " +
      '`STANDIN_CASSETTES` to one of those modes or leave it unset.',
  },
  V0003: {
    means: 'A cassette could not be written to its file.',
    fix: 'Check that the folder can be written (the message gives the path and the cause).',
  },
  V0004: {
    means:
      'A cassette that records has nothing to record from: no provider is bound for the model, or no classifier is ' +
      'bound (or the configured one could not be made).',
    fix:
      "Configure the model's provider (its key in the config, as in production), or name a classifier in the " +
      'config, before recording.',
  },
  V0005: {
    means: '`cassette.verify()` found recorded entries that no call replayed.',
    fix:
      'Run the tests with `STANDIN_CASSETTES_USAGE=<file>`, then `standin cassettes prune --usage <file> <cassettes>`: ' +
      'it removes the entries the run did not replay and keeps every other byte. Or remove them by hand.',
  },
  V0006: {
    means:
      'A recording holds a value a cassette cannot store as JSON: a `call` output with a function, a BigInt or a ' +
      'cycle.',
    fix: 'Make the provider answer plain JSON values, or leave that call out of the cassette.',
  },
  V0007: {
    means: 'A second cassette was put on an app that already has one.',
    fix:
      'Use one cassette per app (one app per test file, or per test); save and drop the first before making ' +
      'another.',
  },
  V0008: {
    means: "A cassette's `redact` function threw, or answered something other than a string.",
    fix:
      'Make `redact` a function from a string to a string that never throws; it is given every text of every ' +
      'request and answer.',
  },
  V0009: {
    means: 'The usage file `STANDIN_CASSETTES_USAGE` names cannot be written, or `prune` cannot read it.',
    fix: 'Name a file in a folder that exists and can be written; give `prune` the file the test run wrote, unedited.',
  },
  V0010: {
    means:
      '`standin cassettes prune` refused a cassette: no test of the run the usage file notes loaded it, or the file ' +
      'changed since that run.',
    fix:
      'Run the tests again with `STANDIN_CASSETTES_USAGE` set (deleting the old usage file first), then prune at ' +
      'once; leave out cassettes the run does not use.',
  },
  V0011: {
    means: 'A cassette entry was replayed that is older than the `maxAgeDays` the cassette allows.',
    fix:
      'Record it again: delete the entry (or run `standin cassettes prune`) and run the test with ' +
      "`STANDIN_CASSETTES=record-missing`; or raise `maxAgeDays`, or set `stale: 'warn'`.",
  },
  V0012: {
    means:
      '`standin cassettes` was given arguments it does not take, or a `--redact` module that does not load or has ' +
      'no redact function.',
    fix:
      'Run `standin cassettes --help`; give a module whose default export (or `redact` export) is a function ' +
      'from a string to a string.',
  },
  V0013: {
    means:
      '`checkCassette` or `standin cassettes check` has nothing it can check with: no cassette at the path, a ' +
      '`--config` file that cannot be read or is not JSON, settings of the wrong shape (a units tolerance that is ' +
      'not a fraction of 0 or more), or `STANDIN_CASSETTES=replay` set, when a check must reach the live provider.',
    fix:
      'Give the path of a recorded cassette and a config file of JSON `{ models, providers }` (keys from the ' +
      'environment, as when recording); give `--tolerance` a number such as 0.5; unset `STANDIN_CASSETTES` for the check.',
  },
  V0020: {
    means:
      'A cassette with `tools: true` replays a tool call it has no run for: the reply entry of its step holds no run ' +
      'of that tool with that input (or fewer than the step asked for). The message shows a line diff against the ' +
      'nearest recorded run.',
    fix:
      'Make the model ask for what was recorded (edit the entry, or its `tools`), or record the run: run the tests ' +
      'with `STANDIN_CASSETTES=record-missing`, the tool reachable.',
  },
  V0021: {
    means:
      'A cassette with `tools: true` cannot record or replay a tool run, because the reply of its step was not ' +
      'answered by the cassette (a fake or another layer above it answered the model): a tool run is kept beside ' +
      'the reply that asked for it.',
    fix: 'Let the cassette answer the model too, fake the tool with `app.fakeTool`, or leave `tools` out of the cassette.',
  },
  V0022: {
    means: 'A cassette with `tools: true` holds tool runs that no call replayed, in entries that were replayed.',
    fix:
      "Remove those runs from their entry's `tools` by hand, or record the test again; `standin cassettes prune` " +
      'removes a tool run only with its entry.',
  },
  V0023: {
    means:
      "A cassette with `tools: true` replayed an MCP server's tool listing (`app.mcpTools`) that the file does not " +
      'hold: the server was not listed when the cassette was recorded.',
    fix:
      "Record the cassette again with the server running (`mode: 'record'`, or `'record-missing'` to add the " +
      'listing and keep the rest).',
  },
} as const satisfies Record<string, CodeInfo>;

const wire = {
  W0001: {
    means: "A request body sent to the wire server is larger than the server's body limit (413).",
    fix: 'Send a smaller body, or start the server with a larger limit: `standin serve --body-limit <bytes>`, `createFakeServer({ bodyLimit })`.',
  },
  W0002: {
    means: 'A request to the wire server is not the JSON the endpoint takes, or a field has the wrong type (400).',
    fix: 'Send the body the provider documents for that endpoint; the message names the field.',
  },
  W0003: {
    means: "A request names a model no script serves in its scope (404, in the provider's own body).",
    fix:
      'Script the model (`server.fake(model, answers)` or `PUT /__standin/scripts`), or call one of the models ' +
      'the message lists.',
  },
  W0004: {
    means:
      'A request has a field the wire server does not know, or a value it cannot honour, such as `n: 2`, or a JSON ' +
      'Schema it cannot read (a `pattern` with a back reference or a look-around, a `$ref` cycle) (400).',
    fix: 'Remove the field or send a value the server supports; the message says which and why.',
  },
  W0005: {
    means: 'A request went to a path the wire server has no endpoint or control route at (404).',
    fix:
      "Point the client's base URL at the server's URL plus `/v1` (OpenAI clients, the AI SDK), plus `/api/v1` " +
      '(OpenRouter clients), or at the URL (the Anthropic, Gemini, Vertex AI, Bedrock, Ollama and Cohere clients).',
  },
  W0006: {
    means: "A control API request came without the server's token (401).",
    fix:
      'Send `Authorization: Bearer <token>` (or `x-standin-token`) with the token the server printed, or set ' +
      '`STANDIN_TOKEN` before it starts.',
  },
  W0007: {
    means:
      'The scope a request names (the `x-standin-scope` header, or an API key `scope:<id>`) is not 1 to 200 ' +
      'printable characters (400).',
    fix: 'Name the scope with a short id without spaces, such as `test-42`.',
  },
  W0008: {
    means: 'A scripts file or a scripts document sent to the control API is malformed.',
    fix: "Correct it at the path the message names; answers take `app.fake`'s format, keyed by model id.",
  },
  W0009: {
    means: 'The `standin` command was started with arguments it does not take.',
    fix: 'Run `standin serve --help` for the arguments and an example.',
  },
  W0010: {
    means: '`createFakeServer` was given malformed settings.',
    fix: 'Correct the setting the message names; the message lists the settings there are.',
  },
  W0011: {
    means: 'A wire server was used after `close()`.',
    fix: 'Make a new server with `createFakeServer()`.',
  },
  W0012: {
    means: 'A multipart request body (an audio upload) is malformed or lacks a part the endpoint needs (400).',
    fix: 'Send `multipart/form-data` with the parts the endpoint documents, such as `file` and `model`.',
  },
  W0013: {
    means:
      'Scripts were given for one scope where the server scripts for every scope: a server serving an app, or the ' +
      'classifier.',
    fix: 'Leave the scope out, or make the server without `app` to script models per scope.',
  },
  W0014: {
    means: 'A wire server has answers that no request asked for.',
    fix: 'Remove the answers the message lists, or find why the client asked fewer times than the test expects.',
  },
  W0015: {
    means: 'A request used a method the endpoint does not take (405).',
    fix: 'Use the method the message names.',
  },
  W0016: {
    means: 'A classifier script entry `{ fail }` in a scripts document names no failure, or has a bad field.',
    fix:
      'Write `{ "fail": "rate_limited", "retryAfterMs": 20 }`: `fail` a classification reason or an answer\'s ' +
      'failure kind.',
  },
  W0017: {
    means: '`standin serve --cassette` was given a path with no cassette at it.',
    fix:
      "Record the cassette first (`app.cassette(path, { mode: 'record' })`, then `cassette.save()`), or give the " +
      'path of one.',
  },
  W0018: {
    means:
      "A wire server's verify found requests answered with a test author's error (a 400 no client retries): a call " +
      'past the end of a script (`T0013`), an answer that does not fit its schema (`T0008`), an unfaked scope (`T0041`, `T0042`; ' +
      "over the wire, a `W0003` 404 for a model scripted for other scopes only), a classifier script's error " +
      '(`K0008`, `K0011`, `K0013`), even if the client went on.',
    fix:
      'Read each error listed with its scope and endpoint: add the missing answer, fix the answer, or send the ' +
      'scope header the script was loaded for.',
  },
  W0019: {
    means:
      'A control API request (`/__standin/...`) has a query parameter the route does not take, or a value it cannot ' +
      'use (400).',
    fix:
      'Send only the parameters the message lists for that route: `scope=<id>` everywhere, `merge=1` on `PUT ' +
      'scripts`, `defaults=1` on `POST reset` without a scope.',
  },
  W0020: {
    means:
      '`standin serve` was given a `--scripts` or `--cassette` path that is not a regular file (a FIFO, a device ' +
      'such as /dev/zero, a directory), or a file larger than it reads.',
    fix: 'Give the path of a regular JSON file, smaller than the limit the message names.',
  },
  W0021: {
    means:
      'A JSON body sent to the wire server (a request, a scripts document) nests arrays and objects deeper than the ' +
      'server reads (400).',
    fix:
      "Send JSON nested less deeply than the limit the message names; a tool's parameters schema rarely needs " +
      'more than a few levels.',
  },
  W0035: {
    means:
      'A `POST /__standin/release` was refused (400): it names no gate, a gate no script holds at, or a name that ' +
      "is not a gate name; the body carries the fake's code (`T0070`, `T0073`) and message.",
    fix: 'Send `?gate=<name>` naming a `{ hold }` part of a loaded script, and `&scope=<id>` for a scoped stream.',
  },
  W0040: {
    means:
      '`standin serve --chaos` was given a value that is not chaos settings: not `seed=<n>,<kind>=<rate>,...`, ' +
      'no seed, a seed that is no whole number, a seed or kind given twice (or the option given twice), a rate that ' +
      'is no decimal number, an unknown ' +
      'kind, a rate out of 0 to 1, or rates summing above 1.',
    fix: 'Give `--chaos seed=7,rate_limit=0.1,invalid_json=0.05`; the message names the part that is wrong.',
  },
  W0041: {
    means:
      'A `POST /__standin/chaos` was refused (400): its body is not JSON chaos settings `{ seed, rates, models?, ' +
      "scopes? }`; the body carries the settings' own code (`T0090`-`T0094`) and message.",
    fix: 'Send `{ "seed": 7, "rates": { "rate_limit": 0.1 } }` as JSON; `DELETE /__standin/chaos` takes chaos off.',
  },
  W0050: {
    means:
      "A scripts document's `mcp` part (or a `PUT /__standin/mcp/<name>` body) is malformed: a server or tool name " +
      'that is not 1 to 64 (tools: 128) letters, digits, `_`, `-` or `.`, an input that is not an object JSON Schema, ' +
      'or an answer that is not `{ "output": ... }` or `{ "fail": "..." }` (400 on the control API).',
    fix: 'Correct the part at the path the message names, as it says: `{ "tools": { "<tool>": { "answers": [...] } } }`.',
  },
  W0051: {
    means:
      "The wire server serves scripted MCP servers with the optional peer '@modelcontextprotocol/sdk', and it cannot " +
      'be loaded (500 to the MCP request, or to the control request that scripts one).',
    fix: 'Install it beside standin: `npm install --save-dev @modelcontextprotocol/sdk`.',
  },
  W0052: {
    means:
      'An MCP client connected to `/mcp/<name>` where no MCP server of that name is scripted in its scope (404), or ' +
      "its server was reset while its session lived; a server scripted for other scopes only fails that scope's " +
      'verify.',
    fix:
      "Script the server under the scripts document's `mcp` (or `PUT /__standin/mcp/<name>`), or send the " +
      "`x-standin-scope` header of the scope it is scripted for in the client transport's `requestInit.headers`.",
  },
  W0053: {
    means:
      'A scripted MCP tool was called more times than its script has answers, in one scope: the call got an MCP error, ' +
      "and the scope's verify fails (`W0018`).",
    fix: "Add an answer to the tool's `answers`, or find why the agent called the tool again.",
  },
  W0054: {
    means:
      "A wire server's verify found scripted MCP tool answers never asked for (409 on `POST /__standin/verify`, " +
      'listed under `unusedTools` per scope, server and tool).',
    fix: 'Remove the answers, or find why the agent called the tool fewer times than the script expects.',
  },
  W0055: {
    means:
      'An MCP client tried to start a session while the wire server kept as many live MCP sessions as it may (503).',
    fix:
      'End the sessions of MCP clients a test is done with (`transport.terminateSession()` before `client.close()`, an ' +
      'HTTP DELETE), or start the server with a ' +
      'larger `mcpSessions`; idle sessions close after `mcpIdleMs`.',
  },
  W0056: {
    means:
      'An MCP request named a session the wire server does not hold (404: it ended, expired or is another ' +
      "server's), or came without a session and was no `initialize` (400).",
    fix: 'Connect again with an MCP client: its `initialize` starts a new session.',
  },
  W0057: {
    means:
      "A scripted MCP tool's `input` schema could not be compiled into a checker (a `$ref` cycle, a `pattern` the " +
      "linear-time engine cannot run), so its call got an MCP error; the scope's verify fails (`W0018`).",
    fix: 'Correct the tool\'s `input` to a valid JSON Schema object: `{ "type": "object", "properties": { ... } }`.',
  },
  W0058: {
    means:
      'A `tools/call` request to a scripted MCP server carried `arguments` that are no JSON object (a list, a text, a ' +
      'number or null), so it was answered an MCP error (`InvalidParams`) and took no answer.',
    fix: 'Send the tool\'s input as a JSON object, `"arguments": { "city": "Paris" }`, or leave `arguments` out.',
  },
  W0070: {
    means:
      'A recording server (`standin serve --record`, `createFakeServer({ record, config })`) was asked for a model ' +
      "id its config does not name, and the config has no provider for the request's dialect to record it with " +
      "(404, in the provider's own body).",
    fix:
      "Add the provider to the config (`providers.openai`, or a provider with `adapter: 'openai'`; " +
      '`anthropic`, `gemini`, `bedrock`, `azure-openai` likewise), or a model whose `model` is the id.',
  },
  W0071: {
    means:
      '`standin serve --record` could not read its `--config` file: there is no such file, or it is not JSON (a ' +
      'path that is not a regular file, or a file too large, is `W0020`).',
    fix: 'Give `--config` a JSON file holding the config `createApp` takes: `{ "models": { ... }, "providers": { ... } }`.',
  },
  W0072: {
    means:
      'A recording server was given scripts (`server.fake`, `server.fakeClassifier`, `server.load`, `PUT ' +
      '/__standin/scripts`): it answers from its providers and its cassette only.',
    fix: 'Script a server made without `record`, or record the answers you want from the provider.',
  },
  W0073: {
    means:
      'A recording server was asked for a model id its config does not name after it had added 100 such ids (each ' +
      "is an app of its own, kept until the server closes), so it refused to add more (404, in the provider's own " +
      'body).',
    fix: 'Name the model ids the clients send as models of the config, or record them on servers of their own.',
  },
  W0030: {
    means:
      '`standin inspect` was given arguments it does not take: no cassette path, more than one, or an unknown option.',
    fix: 'Run `standin inspect <cassette.json> [-o out.html]`; `standin --help` shows the commands.',
  },
  W0031: {
    means:
      '`standin inspect` could not read the cassette: there is no such file, it is not a regular file, or it is too large.',
    fix: 'Give the path of a cassette file an app recorded (`app.cassette(path)`, then `save()`).',
  },
  W0032: {
    means: '`standin inspect` could not write the page: the folder of `-o` does not exist or cannot be written.',
    fix: 'Give `-o` a path in a folder that exists and can be written, or leave it out to print the page.',
  },
} as const satisfies Record<string, CodeInfo>;

/** Fake tools and fake MCP servers (`app.fakeTool`, `app.fakeMcp`). */
const fakeTools = {
  T0122: {
    means:
      "A fake tool's answers (`app.fakeTool`, or a tool of `app.fakeMcp`) are not a list of `{ output }` and " +
      '`{ fail }` entries nor a function: an entry with neither or both, an output that is not JSON data, a `fail` ' +
      'that is not a non-empty string, more than 10,000 entries.',
    fix:
      "Write each entry as `{ output: <JSON value> }` or `{ fail: 'the error the model reads' }` at the path the " +
      'message names, or give a function `(input, context) => output`.',
  },
  T0123: {
    means: 'A fake tool was called more times in one scope than its list has answers.',
    fix:
      'Add an answer for the extra call (each scope takes the list from its start), or find why the app called the ' +
      'tool more often than the test expects.',
  },
  T0124: {
    means: "A fake tool's (or a fake MCP server's) answers were never used: fewer calls came than the list holds.",
    fix: 'Remove the answers the message lists, or find why the app called the tool fewer times than the test expects.',
  },
  T0125: {
    means:
      "A fake tool's or fake MCP server's call raised a test author's error (a call past the last answer, a tool the " +
      'server does not list), even if the app caught it; `verify()` reports it.',
    fix: 'Fix each error the message lists; its own message says what to write.',
  },
  T0126: {
    means: "A fake MCP tool's function answered a value that is not JSON (a bigint, a cycle), which MCP cannot carry.",
    fix: 'Answer JSON data from the function: null, booleans, numbers, strings, arrays, plain objects.',
  },
  T0127: {
    means:
      '`app.fakeTool(name, answers)` was given a name that is not a tool name: not a non-empty string of at most 128 characters.',
    fix: "Fake the tool by the name the model calls it, the key of the agent's `tools`.",
  },
  M0040: {
    means:
      '`app.fakeMcp(server, options)` was given a server name that is not a non-empty string (or, in an app whose ' +
      'config has `mcp.servers`, not one of them), options other than ' +
      '`{ tools: { name: { description?, input?, answers } } }`, or an input shape that is no object schema (a zod ' +
      'schema JSON Schema cannot say, a JSON Schema whose `type` is not `object`).',
    fix:
      "Give the server's name under `mcp.servers` and `{ tools }` keyed by tool name; write each input as " +
      "`z.object({ ... })` or `{ type: 'object', properties: { ... } }`.",
  },
  M0041: {
    means: 'A fake MCP server was asked to call a tool it does not list.',
    fix: "Add the tool to the fake's `tools`, or find why the app calls a tool the server does not list.",
  },
} as const satisfies Record<string, CodeInfo>;

const mcpClient = {
  M0001: {
    means:
      'An MCP server was used, and the package its client needs, `@modelcontextprotocol/sdk`, cannot be loaded. It is ' +
      'loaded on the first use of an MCP server only.',
    fix: 'Install it beside standin (`npm install @modelcontextprotocol/sdk`): it is an optional peer.',
  },
  M0002: {
    means: '`app.mcpTools(server)` named an MCP server that the config does not have under `mcp.servers`.',
    fix: 'Add the server under `mcp.servers` (`{ url }` or `{ command }`), or use one of the names the message lists.',
  },
  M0003: {
    means:
      'The MCP server could not be reached or started: the URL did not answer, refused the request, or the command ' +
      'could not be run or exited before the MCP handshake finished.',
    fix:
      "Check the server's `url` (and that it serves streamable HTTP there) or its `command`, `args` and `cwd`; the " +
      "message quotes the cause and the end of the process's stderr.",
  },
  M0004: {
    means: 'An MCP server did not answer in time: connecting, listing its tools, or a tool call outlived its bound.',
    fix:
      "Make the server answer sooner, or raise the server's `connectTimeoutMs` (connecting) or `timeoutMs` (listing " +
      'and calls) under `mcp.servers`.',
  },
  M0005: {
    means: 'The MCP server closed the connection while a call was waiting: its process exited or the stream ended.',
    fix: 'Look at why the server stopped (its stderr, its logs); the next use connects again.',
  },
  M0006: {
    means:
      "An MCP server's listing is larger than its bounds allow: more tools than `maxTools`, one tool's input " +
      'schema over `maxSchemaBytes`, a page of it over `maxTools` × `maxSchemaBytes` as it arrives over HTTP, or a ' +
      'listing spread over more than 100 pages.',
    fix: "Raise the server's `maxTools` or `maxSchemaBytes` under `mcp.servers`, or have the server list fewer tools.",
  },
  M0007: {
    means:
      "An MCP tool's result is larger than the server's `maxResultBytes`: over HTTP it is counted as it arrives " +
      '(a compressed one as it unpacks) and cut off there, before it is held.',
    fix: "Have the tool answer less, or raise the server's `maxResultBytes` under `mcp.servers`.",
  },
  M0008: {
    means:
      "An MCP tool's input or output JSON Schema cannot be read into a check: an unknown type, a `$ref` to nowhere " +
      'or one that refers back to itself through no object or array, or a `pattern` the linear-time engine cannot ' +
      'run (a back reference, a look-around); the message says where in the schema.',
    fix:
      "Fix the tool's `inputSchema` or `outputSchema` on the server, or leave the tool out with " +
      '`app.mcpTools(server, { tools })`.',
  },
  M0009: {
    means: '`app.mcpTools(server, { tools })` named a tool the server does not list.',
    fix: 'Name only tools the server lists; the message lists them.',
  },
  M0010: {
    means:
      "`app.mcpTools`'s options are not valid, or a tool's name (with the prefix) is not a tool name a model " +
      'accepts (1 to 64 letters, digits, _ or -).',
    fix: 'Pass `{ tools?: string[], prefix?: string }`; leave a tool with such a name out with `tools`.',
  },
  M0011: {
    means:
      'The MCP server answered a request with an error of the protocol (not a tool result): an unknown tool, ' +
      'invalid parameters, a malformed answer.',
    fix: 'The message quotes what the server said; fix the server or the call.',
  },
} as const satisfies Record<string, CodeInfo>;

/** The whole catalog, one entry per code. */
export const catalog = {
  ...config,
  ...scopes,
  ...engine,
  ...providers,
  ...runs,
  ...fakeModel,
  ...classification,
  ...sharedStores,
  ...cassettes,
  ...aiSdk,
  ...wire,
  ...fakeTools,
  ...mcpClient,
} as const satisfies Record<string, CodeInfo>;

/** A code of the catalog, such as `'T0013'`. */
export type Code = keyof typeof catalog;
