import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ProviderFailure, StandinError, type ReplyPart } from '../../src/index.js';
import { createTestApp, fakeProvider } from '../../src/testing.js';
import {
  providerConformance,
  providerConformanceCases,
  type MakeProvider,
  type ProviderScenario,
} from '../../src/conformance.js';
import { KEY } from '../services/providers/loopback/callContext.js';
import { fakeAnswers, fakeClaims } from './fixtures/fakeScenarios.js';
import { good, hanging, maker, replying, throwing } from './fixtures/scriptedProviders.js';

// The faked model, bound on a test app as an application's test binds it.
providerConformance(
  (scenario) => {
    const app = createTestApp({ models: { writer: { provider: 'openai', model: 'conformance-model' } } });
    return app.fake('writer', fakeAnswers(scenario));
  },
  { describe, it, claims: fakeClaims, name: "app.fake('writer', answers) conforms" },
);

providerConformance((scenario) => fakeProvider(fakeAnswers(scenario)), {
  describe,
  it,
  claims: fakeClaims,
  name: 'fakeProvider(answers) conforms',
});

providerConformance(good, {
  describe,
  it,
  claims: [...fakeClaims, 'length'],
  name: 'a hand-written provider conforms',
});

// The OpenAI and Anthropic adapters conform against the wire server: test/conformance/openai.test.ts, anthropic.test.ts.

// The example of docs/testing.md, as it is written there.
const answers = {
  text: [{ text: 'Hello.' }],
  calls: [{ calls: [{ tool: 'lookup', with: { query: 'refund policy' } }] }],
  'fail:rate_limit': [{ fail: 'rate_limit' }],
} as const;

providerConformance((scenario: ProviderScenario) => fakeProvider(answers[scenario as keyof typeof answers]), {
  describe,
  it,
  claims: ['text', 'calls', 'fail:rate_limit'],
});

const caseNumber = (name: string) => Number(name.split('.')[0]);
const allClaims: ProviderScenario[] = [...fakeClaims, 'length'];

const text = (value: string): ReplyPart => ({ type: 'text', text: value });
const units = (tokensIn = 3, tokensOut = 2): ReplyPart => ({ type: 'units', tokensIn, tokensOut });
const finish = (reason: 'stop' | 'calls' | 'length'): ReplyPart => ({ type: 'finish', reason });
const call = (id: string, tool: string, input: unknown): ReplyPart => ({
  type: 'call',
  call: { id, tool, with: input },
});
const value = (jsonText: string): ReplyPart => ({ type: 'value', json: jsonText });

describe('providerConformance', () => {
  it('has one case per part of the contract, numbered in order', () => {
    expect(providerConformanceCases.map((c) => caseNumber(c.name))).toEqual(
      providerConformanceCases.map((_, i) => i + 1),
    );
    expect(providerConformanceCases).toHaveLength(25);
  });

  describe('registration', () => {
    function register(claims: readonly ProviderScenario[], withSkip: boolean) {
      const ran: string[] = [];
      const skipped: string[] = [];
      const describes: string[] = [];
      const it = Object.assign(
        (name: string) => void ran.push(name),
        withSkip ? { skip: (name: string) => void skipped.push(name) } : {},
      );
      providerConformance(good, { describe: (name, body) => (describes.push(name), body()), it, claims });
      return { ran, skipped, describes };
    }

    it('registers one describe, and one it per case whose scenarios are all claimed', () => {
      const { ran, describes } = register(['text', 'fail:server'], true);
      expect(describes).toEqual(['provider conformance']);
      expect(ran.map(caseNumber)).toEqual([1, 2, 3, 6, 10]);
    });

    it('registers the cases not claimed with it.skip, naming the scenarios not claimed', () => {
      const { skipped } = register(['text'], true);
      expect(skipped).toHaveLength(21);
      expect(skipped).toContain(`${providerConformanceCases[3]!.name} (not claimed: value)`);
    });

    it('leaves the cases not claimed out when the runner has no it.skip', () => {
      const { ran, skipped } = register(['embed'], false);
      expect(ran.map(caseNumber)).toEqual([19]);
      expect(skipped).toEqual([]);
    });

    it.each([
      ['a claim that names no scenario', { claims: ['txt'] }, /names 'txt', which is no scenario/],
      ['claims that are not a list', { claims: 'text' }, /claims must be a list/],
      ['a bound of 0', { claims: ['text'], timeoutMs: 0 }, /timeoutMs must be a number of milliseconds above 0/],
      ['no it', { claims: ['text'], it: undefined }, /describe and it/],
    ])('throws E0040 for %s', (_what, fields, message) => {
      const options = { describe, it, ...fields } as unknown as Parameters<typeof providerConformance>[1];
      expect(() => providerConformance(good, options)).toThrow(
        expect.objectContaining({ code: 'E0040', message: expect.stringMatching(message) }) as Error,
      );
      expect(() => providerConformance(good, options)).toThrow(StandinError);
    });
  });

  describe('catches a broken provider in the right case', () => {
    const never = new Promise<never>(() => undefined);
    const cases: [string, number, string, MakeProvider][] = [
      [
        'units before the text',
        1,
        'comes after a units part',
        maker({ text: replying([units(), text('Hi'), finish('stop')]) }),
      ],
      [
        'a part after the finish',
        1,
        'comes after the finish',
        maker({ text: replying([text('Hi'), units(), finish('stop'), text('!')]) }),
      ],
      [
        'two finishes',
        1,
        'comes after the finish',
        maker({ value: replying([value('{"team":"sales","urgent":false}'), units(), finish('stop'), finish('stop')]) }),
      ],
      [
        'no finish',
        1,
        'must end with one finish part',
        maker({ calls: replying([call('c1', 'lookup', { query: 'x' }), units()]) }),
      ],
      [
        'a part of no known type',
        1,
        'is not a part of the contract',
        maker({ text: replying([{ type: 'image' } as unknown as ReplyPart, text('Hi'), units(), finish('stop')]) }),
      ],
      [
        'a reasoning block that skips a number',
        1,
        'blocks count from 0',
        maker({ text: replying([{ type: 'reasoning', text: 'a', block: 1 }, text('Hi'), units(), finish('stop')]) }),
      ],
      [
        'a text reply that fails',
        2,
        'must succeed, and it failed with Error: socket hang up',
        maker({ text: throwing(new Error('socket hang up')) }),
      ],
      ['a blank text', 2, 'not blank', maker({ text: replying([text('  '), units(), finish('stop')]) })],
      [
        'a text reply with a call',
        2,
        'a text reply has no call parts',
        maker({ text: replying([text('Hi'), call('c1', 'lookup', { query: 'x' }), units(), finish('calls')]) }),
      ],
      ['no units part', 3, 'in a units part', maker({ text: replying([text('Hi'), finish('stop')]) })],
      [
        'fractional units',
        3,
        'tokensIn must be a whole number from 0, got 1.5',
        maker({ length: replying([text('Once'), units(1.5, 2), finish('length')]) }),
      ],
      [
        'negative units',
        3,
        'tokensIn must be a whole number from 0, got -1',
        maker({ text: replying([text('Hi'), units(-1, 2), finish('stop')]) }),
      ],
      [
        'value parts that are no JSON',
        4,
        'must join into JSON',
        maker({ value: replying([value('{"team":'), units(), finish('stop')]) }),
      ],
      [
        'a value that does not fit',
        4,
        'must fit the requested output',
        maker({ value: replying([value('{"team":"legal","urgent":true}'), units(), finish('stop')]) }),
      ],
      [
        'the value as text',
        4,
        'give the value in value parts',
        maker({ value: replying([text('{"team":"sales","urgent":true}'), units(), finish('stop')]) }),
      ],
      [
        'two calls with one id',
        5,
        "reuses the id 'c1'",
        maker({
          calls: replying([
            call('c1', 'lookup', { query: 'x' }),
            call('c1', 'lookup', { query: 'y' }),
            units(),
            finish('calls'),
          ]),
        }),
      ],
      [
        'a call to a tool not offered',
        5,
        'tool "refund", which the request does not offer',
        maker({ calls: replying([call('c1', 'refund', { amount: 5 }), units(), finish('calls')]) }),
      ],
      [
        'a call whose input is no JSON data',
        5,
        'must be JSON data',
        maker({ calls: replying([call('c1', 'lookup', { at: new Date(0) }), units(), finish('calls')]) }),
      ],
      [
        'a call with an empty id',
        5,
        'must have an id that is a non-empty string',
        maker({ calls: replying([call('', 'lookup', { query: 'x' }), units(), finish('calls')]) }),
      ],
      [
        'calls that finish stop',
        6,
        "must finish 'calls'",
        maker({ calls: replying([call('c1', 'lookup', { query: 'x' }), units(), finish('stop')]) }),
      ],
      [
        'a text that finishes length',
        6,
        "must finish 'stop'",
        maker({ text: replying([text('Hi'), units(), finish('length')]) }),
      ],
      [
        'a reply cut short that finishes stop',
        7,
        "must finish 'length'",
        maker({ length: replying([text('Once upon'), units(), finish('stop')]) }),
      ],
      [
        'an aborted signal not heard before the call',
        8,
        'and it ended normally',
        maker({ slow: replying([text('Hi'), units(), finish('stop')]) }),
      ],
      [
        'an abort that rejects with an error of its own',
        8,
        "the signal's reason itself",
        maker({ slow: hanging({ reason: () => new DOMException('aborted', 'AbortError') }) }),
      ],
      [
        'an abort never heard mid-reply',
        9,
        'after its abort did not settle within 200 ms',
        maker({ slow: hanging({ deaf: true }) }),
      ],
      [
        'an abort mid-reply that rejects with an error of its own',
        9,
        "the signal's reason itself",
        maker({ slow: hanging({ reason: () => new Error('stopped') }) }),
      ],
      [
        'a slow reply that finishes before the abort',
        9,
        'ended before the abort',
        maker({ slow: replying([text('Hi'), units(), finish('stop')]) }),
      ],
      [
        'a call that never starts',
        9,
        "the start of the 'slow' call did not settle",
        maker({ slow: { provider: hanging(), started: () => never } }),
      ],
      [
        'a connection never closed after the abort',
        9,
        'closing what the aborted call held open did not settle',
        maker({ slow: { provider: hanging(), closed: () => never } }),
      ],
      [
        'a stream that gives more after the abort',
        9,
        'reading it again gives nothing more',
        maker({ slow: hanging({ again: true }) }),
      ],
      [
        'a server failure as a plain Error',
        10,
        'must be a ProviderFailure, got Error',
        maker({ 'fail:server': throwing(new Error('HTTP 500')) }),
      ],
      [
        'a rate limit failure of kind server',
        11,
        "must be of kind 'rate_limit'",
        maker({ 'fail:rate_limit': throwing(new ProviderFailure('server', 'HTTP 429')) }),
      ],
      [
        'a timeout that answers',
        12,
        'must fail, and it ended normally',
        maker({ 'fail:timeout': replying([text('late'), units(), finish('stop')]) }),
      ],
      [
        'a network failure after a finish',
        13,
        'a failed reply gives no finish',
        maker({
          'fail:network': replying([text('Hi'), units(), finish('stop')], new ProviderFailure('network', 'reset')),
        }),
      ],
      [
        'an auth failure that holds the API key',
        14,
        'must not hold the API key',
        maker({ 'fail:auth': throwing(new ProviderFailure('auth', `HTTP 401: bad key ${KEY}`)) }),
      ],
      [
        'an auth failure whose cause holds the API key',
        14,
        'must not hold the API key',
        maker({ 'fail:auth': throwing(new ProviderFailure('auth', 'HTTP 401', { cause: new Error(`sent ${KEY}`) })) }),
      ],
      [
        'a bad request failure as a StandinError',
        15,
        'got StandinError',
        maker({ 'fail:bad_request': throwing(new StandinError('E0001', 'bad')) }),
      ],
      [
        'a context length failure of kind bad_request',
        16,
        "must be of kind 'context_length'",
        maker({ 'fail:context_length': throwing(new ProviderFailure('bad_request', 'too long')) }),
      ],
      [
        'a content filter failure of kind unknown',
        17,
        "must be of kind 'content_filter'",
        maker({ 'fail:content_filter': throwing(new ProviderFailure('unknown', 'filtered')) }),
      ],
      [
        'an unknown failure of kind server',
        18,
        "must be of kind 'unknown'",
        maker({ 'fail:unknown': throwing(new ProviderFailure('server', '302')) }),
      ],
      [
        'an empty vector',
        19,
        'non-empty list of finite numbers',
        maker({ embed: { reply: good('text').reply, embed: async () => [] } as never }),
      ],
      [
        'a vector with NaN',
        19,
        'embed must give a non-empty list of finite numbers, got [0.5, NaN]',
        maker({ embed: { ...good('embed'), embed: async () => [0.5, Number.NaN] } as never }),
      ],
      ['no embed method', 19, 'must have the method embed', maker({ embed: good('text') as never })],
      [
        'hear giving a string',
        20,
        "hear must give an object { text: '...' }",
        maker({ hear: { ...good('hear'), hear: async () => 'refund' } as never }),
      ],
      [
        'speak giving an ArrayBuffer',
        21,
        'speak must give the bytes of a sound, as a Uint8Array, got an instance of ArrayBuffer',
        maker({ speak: { ...good('speak'), speak: async () => new ArrayBuffer(4) } as never }),
      ],
      [
        'speak giving no bytes',
        21,
        'must give some bytes',
        maker({ speak: { ...good('speak'), speak: async () => new Uint8Array() } as never }),
      ],
      [
        'rank giving one score too few',
        22,
        'rank must give one finite score per text (3)',
        maker({ rank: { ...good('rank'), rank: async () => [0.5, 0.2] } as never }),
      ],
      [
        'rank giving an infinite score',
        22,
        'rank must give one finite score per text (3), got [0.5, Infinity, 0]',
        maker({ rank: { ...good('rank'), rank: async () => [0.5, Number.POSITIVE_INFINITY, 0] } as never }),
      ],
      [
        'rank that never answers',
        22,
        'the rank call did not settle within 200 ms',
        maker({ rank: { ...good('rank'), rank: () => never } as never }),
      ],
      [
        'image giving one image too few',
        23,
        'image must give a list of 1 image, each { bytes: a non-empty Uint8Array',
        maker({ image: { ...good('image'), image: async () => [] } as never }),
      ],
      [
        'image giving bytes with no media type',
        23,
        'image must give a list of 1 image',
        maker({ image: { ...good('image'), image: async () => [{ bytes: new Uint8Array([1]) }] } as never }),
      ],
      [
        'call giving undefined',
        24,
        'undefined is no output',
        maker({ call: { ...good('call'), call: async () => undefined } as never }),
      ],
      ['a maker that gives no provider', 2, 'must give a provider', maker({ text: {} as never })],
    ];

    it.each(cases)('%s fails case %i: %s', async (_what, failing, message, make) => {
      const settings = {
        claims: new Set(allClaims),
        model: 'conformance-model',
        provider: 'conformance',
        apiKey: KEY,
        timeoutMs: 200,
        abortAfterMs: 20,
        abortWithinMs: 200,
      };
      const conformanceCase = providerConformanceCases[failing - 1]!;
      expect(conformanceCase.needs.every((scenario) => settings.claims.has(scenario))).toBe(true);
      const error = await conformanceCase.run(make, settings).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ name: 'AssertionError', message: expect.stringContaining(message) as string });
    });

    it('and the provider they were broken from fails none', async () => {
      const settings = {
        claims: new Set(allClaims),
        model: 'conformance-model',
        provider: 'conformance',
        apiKey: KEY,
        timeoutMs: 200,
        abortAfterMs: 20,
        abortWithinMs: 200,
      };
      for (const conformanceCase of providerConformanceCases) await conformanceCase.run(maker({}), settings);
    });
  });

  it('runs the example of docs/testing.md as it is written there', () => {
    const example = (text: string) => /const answers = \{[\s\S]*?\n\}\);\n/.exec(text)?.[0];
    const readme = example(readFileSync(new URL('../../docs/testing.md', import.meta.url), 'utf8'));
    expect(readme).toContain('providerConformance(');
    expect(example(readFileSync(new URL(import.meta.url), 'utf8'))).toBe(readme);
  });

  it('runs under node:test, with no vitest in sight', async () => {
    const file = fileURLToPath(new URL('./fixtures/providerConformance.node.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=tap', file],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
    );
    expect(stdout).toMatch(/# pass 24\b/);
    expect(stdout).toMatch(/# skipped 1\b/);
    expect(stdout).toMatch(/# fail 0\b/);
  }, 60_000);
});
