import assert from 'node:assert/strict';
import { failureKinds, ProviderFailure, type FailureKind } from '../errors/ProviderFailure.js';
import type { Provider, ReplyPart, ReplyRequest } from '../services/providers/Provider.js';
import {
  capabilityInputs,
  conformanceTicket,
  replyScenarios,
  scenarioRequests,
  type MakeProvider,
  type PrimedProvider,
  type ProviderScenario,
  type ReplyScenario,
} from './providerScenarios.js';
import { checkOrder, conformanceContext, isJsonData, readReply, show, succeeded, within, type ContextSettings } from './replyChecks.js';

/** What every case is run with: the call context's fields, the scenarios claimed and the bounds. */
export interface ProviderCaseSettings extends ContextSettings {
  /** The scenarios the provider claims: a case also checks the claimed reply scenarios it can. */
  readonly claims: ReadonlySet<ProviderScenario>;
  /** How long one call may take before the case fails. */
  readonly timeoutMs: number;
  /** How long the abort case lets the `'slow'` reply run before it aborts. */
  readonly abortAfterMs: number;
  /** How soon after the abort the reply must end (and what it held open close). */
  readonly abortWithinMs: number;
}

/** One case of the provider contract: it rejects with an assertion error when the provider breaks it. */
export interface ProviderConformanceCase {
  readonly name: string;
  /** The scenarios the case primes providers for: it runs only when the provider claims them all. */
  readonly needs: readonly ProviderScenario[];
  run(make: MakeProvider, settings: ProviderCaseSettings): Promise<void>;
}

async function prime(make: MakeProvider, scenario: ProviderScenario): Promise<PrimedProvider> {
  const made: unknown = await make(scenario);
  if (typeof (made as Provider | null)?.reply === 'function') return { provider: made as Provider };
  const primed = made as PrimedProvider | null;
  assert.ok(typeof primed?.provider?.reply === 'function', `makeProvider('${scenario}') must give a provider (an object with reply) or { provider, closed? }`);
  return primed;
}

/** The request a reply scenario sends: `'length'` asks what `'text'` asks. */
function requestFor(scenario: ReplyScenario | 'slow' | `fail:${string}`, settings: ProviderCaseSettings): ReplyRequest {
  const requests = scenarioRequests(settings.model);
  return scenario === 'value' ? requests.value : scenario === 'calls' ? requests.calls : requests.text;
}

/** The parts of a successful reply to a scenario, in order and well formed. */
async function replyTo(make: MakeProvider, scenario: ReplyScenario, settings: ProviderCaseSettings): Promise<readonly ReplyPart[]> {
  const { provider } = await prime(make, scenario);
  const context = conformanceContext(settings, new AbortController().signal, scenario === 'value' ? conformanceTicket : undefined);
  const read = await readReply(() => provider.reply(requestFor(scenario, settings), context), settings.timeoutMs);
  const parts = succeeded(read, scenario);
  checkOrder(parts, scenario);
  return parts;
}

function claimedReplies(settings: ProviderCaseSettings): ReplyScenario[] {
  return replyScenarios.filter((scenario) => settings.claims.has(scenario));
}

const of = <T extends ReplyPart['type']>(parts: readonly ReplyPart[], type: T) => parts.filter((part): part is Extract<ReplyPart, { type: T }> => part.type === type);

const expectedFinish: Readonly<Record<ReplyScenario, string>> = { text: 'stop', value: 'stop', calls: 'calls', length: 'length' };

const replyCases: ProviderConformanceCase[] = [
  {
    name: 'reply parts come in order: text, reasoning, call and value parts, then units, then one finish, last',
    needs: ['text'],
    async run(make, settings) {
      for (const scenario of claimedReplies(settings)) await replyTo(make, scenario, settings);
    },
  },
  {
    name: 'a text reply gives text, and neither calls nor a value',
    needs: ['text'],
    async run(make, settings) {
      const parts = await replyTo(make, 'text', settings);
      const text = of(parts, 'text').map((part) => part.text).join('');
      assert.ok(text.trim().length > 0, 'the text parts of a text reply must join into a text that is not blank');
      assert.equal(of(parts, 'call').length, 0, 'a text reply has no call parts');
      assert.equal(of(parts, 'value').length, 0, 'a reply to a request with no output has no value parts');
    },
  },
  {
    name: 'units are whole numbers from 0, reported at least once per reply',
    needs: ['text'],
    async run(make, settings) {
      for (const scenario of claimedReplies(settings)) {
        const units = of(await replyTo(make, scenario, settings), 'units');
        assert.ok(units.length > 0, `the '${scenario}' reply must report the tokens it used in a units part`);
        const tokensIn = units.reduce((sum, part) => sum + part.tokensIn, 0);
        const tokensOut = units.reduce((sum, part) => sum + part.tokensOut, 0);
        assert.ok(Number.isSafeInteger(tokensIn) && Number.isSafeInteger(tokensOut), `the '${scenario}' reply's units must sum to whole numbers`);
      }
    },
  },
  {
    name: 'a typed value: value parts whose joined JSON parses and fits the requested output',
    needs: ['value'],
    async run(make, settings) {
      const parts = await replyTo(make, 'value', settings);
      const json = of(parts, 'value').map((part) => part.json).join('');
      assert.ok(json.length > 0, 'a reply to a request with an output must give the value in value parts');
      let value: unknown;
      try {
        value = JSON.parse(json);
      } catch {
        assert.fail(`the value parts must join into JSON, and they joined into ${JSON.stringify(json.slice(0, 200))}`);
      }
      const fit = conformanceTicket.safeParse(value);
      assert.ok(fit.success, `the value must fit the requested output ${JSON.stringify(scenarioRequests(settings.model).value.output?.schema)}, and it is ${json.slice(0, 200)}`);
      assert.equal(of(parts, 'call').length, 0, 'a reply that gives a value has no call parts');
    },
  },
  {
    name: 'tool calls have unique ids, name requested tools and carry JSON input',
    needs: ['calls'],
    async run(make, settings) {
      const request = scenarioRequests(settings.model).calls;
      const calls = of(await replyTo(make, 'calls', settings), 'call').map((part) => part.call);
      assert.ok(calls.length > 0, 'a reply to the calls scenario must ask for at least one tool');
      const tools = (request.tools ?? []).map((tool) => tool.name);
      const ids = new Set<string>();
      calls.forEach((call, at) => {
        assert.ok(typeof call.id === 'string' && call.id.length > 0, `call ${at} must have an id that is a non-empty string, got ${show(call.id)}`);
        assert.ok(!ids.has(call.id), `call ${at} reuses the id '${call.id}': ids are unique within a reply`);
        ids.add(call.id);
        assert.ok(tools.includes(call.tool), `call ${at} asks for tool ${show(call.tool)}, which the request does not offer (it offers ${tools.join(', ')})`);
        assert.ok(isJsonData(call.with), `call ${at}'s input must be JSON data (what JSON.parse gives), got ${show(call.with)}`);
      });
    },
  },
  {
    name: 'the finish says why: stop, calls exactly when calls were made, length when cut short',
    needs: ['text'],
    async run(make, settings) {
      for (const scenario of claimedReplies(settings)) {
        const parts = await replyTo(make, scenario, settings);
        const reason = of(parts, 'finish')[0]?.reason;
        assert.equal(reason, expectedFinish[scenario], `the '${scenario}' reply must finish '${expectedFinish[scenario]}'`);
        if (scenario !== 'length') assert.equal(of(parts, 'call').length > 0, reason === 'calls', `a reply finishes 'calls' exactly when it has call parts`);
      }
    },
  },
  {
    name: 'a reply cut short by the output limit finishes with length',
    needs: ['length'],
    async run(make, settings) {
      const parts = await replyTo(make, 'length', settings);
      assert.equal(of(parts, 'finish')[0]?.reason, 'length', "a reply cut short must finish 'length'");
    },
  },
];

const abortCases: ProviderConformanceCase[] = [
  {
    name: 'an already aborted signal ends the reply at once with its reason, before any part',
    needs: ['slow'],
    async run(make, settings) {
      const { provider } = await prime(make, 'slow');
      const controller = new AbortController();
      const reason = new Error('conformance: aborted before the call');
      controller.abort(reason);
      const read = await readReply(() => provider.reply(requestFor('slow', settings), conformanceContext(settings, controller.signal)), settings.abortWithinMs);
      assert.ok(read.failed, 'a reply whose signal was already aborted must fail with the signal\'s reason, and it ended normally');
      assert.equal(read.error, reason, "a reply whose signal was already aborted must fail with the signal's reason itself");
      assert.equal(read.parts.length, 0, 'a reply whose signal was already aborted gives no part');
    },
  },
  {
    name: "an abort mid-reply ends it promptly with the signal's reason, and the stream is closed",
    needs: ['slow'],
    async run(make, settings) {
      const primed = await prime(make, 'slow');
      const controller = new AbortController();
      const reason = new Error('conformance: aborted mid-reply');
      const iterator = primed.provider.reply(requestFor('slow', settings), conformanceContext(settings, controller.signal))[Symbol.asyncIterator]();
      const parts: ReplyPart[] = [];
      let settled = false;
      const reading = (async () => {
        for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) parts.push(next.value);
      })().then(
        () => ({ failed: false, error: undefined }),
        (error: unknown) => ({ failed: true, error }),
      ).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, settings.abortAfterMs));
      if (settled) {
        const { error } = await reading;
        assert.fail(`the 'slow' reply ended before the abort (${parts.length} parts${error === undefined ? '' : `, failing with ${String(error)}`}): prime it to answer slower than ${settings.abortAfterMs} ms`);
      }
      controller.abort(reason);
      const outcome = await within(reading, settings.abortWithinMs, 'the reply after its abort');
      assert.ok(outcome.failed, "an aborted reply must fail with the signal's reason, and it ended normally");
      assert.equal(outcome.error, reason, "an aborted reply must fail with the signal's reason itself");
      assert.equal(parts.filter((part) => part.type === 'finish').length, 0, 'an aborted reply gives no finish');
      const after = await within(iterator.next(), settings.abortWithinMs, 'reading an aborted reply again');
      assert.equal(after.done, true, 'an aborted reply is over: reading it again gives nothing more');
      if (primed.closed !== undefined) await within(primed.closed(), settings.abortWithinMs, 'closing what the aborted call held open');
    },
  },
];

function failureCase(kind: FailureKind): ProviderConformanceCase {
  return {
    name: `a failure of kind ${kind} is a ProviderFailure of kind ${kind}, without the API key`,
    needs: [`fail:${kind}`],
    async run(make, settings) {
      const { provider } = await prime(make, `fail:${kind}`);
      const read = await readReply(() => provider.reply(requestFor(`fail:${kind}`, settings), conformanceContext(settings, new AbortController().signal)), settings.timeoutMs);
      assert.ok(read.failed, `the 'fail:${kind}' reply must fail, and it ended normally with ${read.parts.length} parts`);
      const error = read.error;
      assert.ok(error instanceof ProviderFailure, `a failure must be a ProviderFailure, got ${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`);
      assert.equal(error.kind, kind, `the failure must be of kind '${kind}' (${error.message})`);
      assert.equal(error.retryable, failureKinds[kind], `a '${kind}' failure is ${failureKinds[kind] ? '' : 'not '}retryable`);
      assert.equal(read.parts.filter((part) => part.type === 'finish').length, 0, 'a failed reply gives no finish');
      const key = settings.apiKey;
      if (key !== undefined && key.length > 0) {
        for (let at: unknown = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
          assert.ok(!`${at.message}\n${at.stack ?? ''}`.includes(key), 'the failure (or its cause) must not hold the API key');
        }
      }
    },
  };
}

async function capability<T>(make: MakeProvider, scenario: ProviderScenario & keyof Provider, settings: ProviderCaseSettings, call: (provider: Provider) => Promise<T> | undefined): Promise<T> {
  const { provider } = await prime(make, scenario);
  assert.equal(typeof provider[scenario], 'function', `a provider that claims ${scenario} must have the method ${scenario}`);
  return within(Promise.resolve(call(provider)) as Promise<T>, settings.timeoutMs, `the ${scenario} call`);
}

const context = (settings: ProviderCaseSettings) => conformanceContext(settings, new AbortController().signal);

const capabilityCases: ProviderConformanceCase[] = [
  {
    name: 'embed gives a non-empty vector of finite numbers',
    needs: ['embed'],
    async run(make, settings) {
      const vector: unknown = await capability(make, 'embed', settings, (p) => p.embed?.(capabilityInputs.embed, context(settings)));
      assert.ok(Array.isArray(vector) && vector.length > 0, `embed must give a non-empty list of numbers, got ${show(vector)}`);
      vector.forEach((n: unknown, at) => assert.ok(typeof n === 'number' && Number.isFinite(n), `the vector's item ${at} must be a finite number, got ${show(n)}`));
    },
  },
  {
    name: 'hear gives the text heard',
    needs: ['hear'],
    async run(make, settings) {
      const heard: unknown = await capability(make, 'hear', settings, (p) => p.hear?.(capabilityInputs.hear, context(settings)));
      assert.equal(typeof (heard as { text?: unknown } | null)?.text, 'string', `hear must give { text: string }, got ${show(heard)}`);
    },
  },
  {
    name: 'speak gives the bytes of a sound',
    needs: ['speak'],
    async run(make, settings) {
      const audio: unknown = await capability(make, 'speak', settings, (p) => p.speak?.(capabilityInputs.speak, context(settings)));
      assert.ok(audio instanceof Uint8Array, `speak must give a Uint8Array, got ${show(audio)}`);
      assert.ok(audio.length > 0, 'speak must give some bytes');
    },
  },
  {
    name: 'rank gives one finite score per text',
    needs: ['rank'],
    async run(make, settings) {
      const { query, texts } = capabilityInputs.rank;
      const scores: unknown = await capability(make, 'rank', settings, (p) => p.rank?.(query, texts, context(settings)));
      assert.ok(Array.isArray(scores) && scores.length === texts.length, `rank must give ${texts.length} scores for ${texts.length} texts, got ${show(scores)}`);
      scores.forEach((n: unknown, at) => assert.ok(typeof n === 'number' && Number.isFinite(n), `the score of text ${at} must be a finite number, got ${show(n)}`));
    },
  },
  {
    name: 'call gives an output for a plain input',
    needs: ['call'],
    async run(make, settings) {
      const output: unknown = await capability(make, 'call', settings, (p) => p.call?.(capabilityInputs.call, context(settings)));
      assert.notEqual(output, undefined, 'call must give an output (undefined is no output)');
    },
  },
];

/**
 * The cases of the provider contract, in order, each with the scenarios it needs. Run them all
 * with {@link providerConformance}, or one by one.
 *
 * @example
 * ```ts
 * const abort = providerConformanceCases.find((c) => c.needs.includes('slow'));
 * ```
 */
export const providerConformanceCases: readonly ProviderConformanceCase[] = [
  ...replyCases,
  ...abortCases,
  ...(Object.keys(failureKinds) as FailureKind[]).map(failureCase),
  ...capabilityCases,
].map((c, at) => Object.freeze({ ...c, name: `${at + 1}. ${c.name}` }));
