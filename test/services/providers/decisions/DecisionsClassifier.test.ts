import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  ClassificationAdapterError,
  ClassificationQuestion as Q,
  ClassificationRequest,
  createDecisionsClassifier,
  StandinError,
  type ClassificationState,
  type DecisionsClassifierSettings,
} from '../../../../src/index.js';
import { DecisionsClassifier } from '../../../../src/services/providers/decisions/DecisionsClassifier.js';
import { failure, KEY } from '../loopback/callContext.js';
import { rejected, useLoopback } from '../loopback/classifierTest.js';
import { decisions, openaiError } from '../loopback/classifierServers.js';
import { fixture } from '../../../support/classifierFixtures.js';
import { hang, json, LoopbackServer, raw } from '../loopback/LoopbackServer.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const PATH = '/v1/decisions';
const classifier = (settings: DecisionsClassifierSettings = {}) =>
  createDecisionsClassifier({ baseURL: server.url('/v1'), apiKey: KEY, ...settings });
const sent = (n = 0): Record<string, unknown> =>
  JSON.parse(server.at(PATH)[n]!.body.toString('utf8')) as Record<string, unknown>;

const questions = {
  refund: Q.yesNo('The customer asks for a refund.'),
  team: Q.choice('Which team should handle this?', { billing: 'Charges and refunds', technical: null }),
  urgency: Q.score('How urgent is it?', [
    'can wait',
    { label: 'today', description: 'Needs an answer today' },
    'right now',
  ]),
};
const ask = (
  fields: {
    state?: ClassificationState;
    questions?: Record<string, Q>;
    model?: string;
    metadata?: Record<string, unknown>;
  } = {},
) => new ClassificationRequest({ state: 'My card was charged twice, please refund me.', questions, ...fields });

/** The documented reply to the refund / team / urgency questions above (test/fixtures/decisions/reply.json). */
const answered = fixture<{ model: string; answers: Record<string, unknown>[]; usage: Record<string, unknown> }>(
  'decisions',
  'reply',
);
/** A documented error body (test/fixtures/decisions/), with the request-id header, as the API writes every error. */
const documented = (status: number, name: string, headers: Record<string, string> = {}) =>
  json(status, fixture('decisions', name), { 'x-request-id': 'req_err_1', ...headers });

const withAnswer = (index: number, answer: unknown) => ({
  ...answered,
  answers: answered.answers.map((a, i) => (i === index ? answer : a)),
});

describe('DecisionsClassifier', () => {
  it('is a real classifier named decisions, or the name its settings give', () => {
    expect(classifier()).toBeInstanceOf(DecisionsClassifier);
    expect(classifier()).toMatchObject({ real: true, provider: 'decisions' });
    expect(classifier({ provider: 'openai' }).provider).toBe('openai');
  });

  describe('the request: POST {baseURL}/decisions', () => {
    it('sends model, input and the questions as an ordered list named by id: predicate, choice with choices, score with levels', async () => {
      server.on(PATH, decisions());
      await classifier().classify(ask({ metadata: { ticket: 42 } }));
      expect(sent()).toEqual(fixture('decisions', 'request'));
    });

    it('sends the key as a bearer token and the settings headers', async () => {
      server.on(PATH, decisions());
      await classifier({ headers: { 'x-team': 'help' } }).classify(ask());
      expect(server.at(PATH)[0]!.headers).toMatchObject({
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        'x-team': 'help',
      });
    });

    it("asks the request's model, else the settings' model, else gpt-6-luna", async () => {
      server.on(PATH, decisions());
      await classifier({ model: 'decider-2b' }).classify(ask({ model: 'decider-12b' }));
      await classifier({ model: 'decider-2b' }).classify(ask());
      await classifier().classify(ask());
      expect([0, 1, 2].map((n) => sent(n).model)).toEqual(['decider-12b', 'decider-2b', 'gpt-6-luna']);
    });

    it('sends an object state as one user message of input_json, and a list item by item: a text as a user message, an object as written', async () => {
      server.on(PATH, decisions());
      await classifier().classify(ask({ state: { subject: 'Refund', body: 'Charged twice' } }));
      await classifier().classify(
        ask({ state: ['Hello', { type: 'function_call', call_id: 'c1', name: 'lookup', arguments: '{}' }] }),
      );
      expect(sent(0).input).toEqual([
        { role: 'user', content: [{ type: 'input_json', data: { subject: 'Refund', body: 'Charged twice' } }] },
      ]);
      expect(sent(1).input).toEqual([
        { role: 'user', content: 'Hello' },
        { type: 'function_call', call_id: 'c1', name: 'lookup', arguments: '{}' },
      ]);
    });

    it('sends object instructions as one input_json part, and list instructions part by part', async () => {
      server.on(PATH, decisions());
      await classifier().classify(
        ask({
          questions: {
            a: Q.yesNo({ rule: 'asks for money' }),
            b: Q.yesNo(['Is it urgent?', { type: 'input_json', data: { sla: '4h' } }]),
          },
        }),
      );
      const [a, b] = sent().questions as Record<string, unknown>[];
      expect(a!.instructions).toEqual([{ type: 'input_json', data: { rule: 'asks for money' } }]);
      expect(b!.instructions).toEqual([
        { type: 'input_text', text: 'Is it urgent?' },
        { type: 'input_json', data: { sla: '4h' } },
      ]);
    });
  });

  describe('decoding answers', () => {
    it('maps the answers, in question order, back to the ids: probability, choice probabilities by value, score probabilities by level, the levels as legend', async () => {
      server.on(PATH, json(200, answered, { 'x-request-id': 'req_42' }));
      const response = await classifier().classify(ask({ metadata: { ticket: 42 } }), { requestId: 'call-7' });
      expect(response).toMatchObject({
        id: 'req_42',
        requestId: 'call-7',
        model: 'gpt-6-luna-2026-10-01',
        provider: 'decisions',
        metadata: { ticket: 42 },
        raw: answered,
      });
      expect(response.usage).toEqual({ inputTokens: 180, outputTokens: 3, totalTokens: 183 });
      expect({ ...response.answer('refund') }).toEqual({
        type: 'yesNo',
        yesProbability: 0.91,
        choice: null,
        score: null,
        probabilities: null,
        legend: null,
        confidence: null,
        metadata: {},
      });
      expect(response.answer('team')).toMatchObject({
        type: 'choice',
        choice: 'billing',
        probabilities: { billing: 0.99, technical: 0.01 },
        confidence: 0.98,
      });
      expect(response.answer('urgency')).toMatchObject({
        type: 'score',
        score: 1.2,
        probabilities: [0.1, 0.6, 0.3],
        legend: ['can wait', { label: 'today', description: 'Needs an answer today' }, 'right now'],
        confidence: 0.5,
      });
    });

    it('reads probability entries in any order, and answers without names (position decides)', async () => {
      const [refund, team, urgency] = answered.answers as Record<string, unknown>[];
      server.on(
        PATH,
        json(200, {
          ...answered,
          answers: [
            { ...refund, name: null },
            { ...team, probabilities: [...(team!.probabilities as unknown[])].reverse() },
            { ...urgency, name: undefined, probabilities: [...(urgency!.probabilities as unknown[])].reverse() },
          ],
        }),
      );
      const response = await classifier().classify(ask());
      expect(Object.keys(response.answer('team')!.probabilities!)).toEqual(['billing', 'technical']);
      expect(response.answer('urgency')!.probabilities).toEqual([0.1, 0.6, 0.3]);
    });

    it('sums input and output tokens when the server gives no total', async () => {
      server.on(PATH, json(200, { ...answered, usage: { input_tokens: 10, output_tokens: 2 } }));
      expect((await classifier().classify(ask())).usage).toEqual({ inputTokens: 10, outputTokens: 2, totalTokens: 12 });
    });

    describe('a refused question', () => {
      it('is never made into an answer: the call rejects with reason unknown, cause refusal, the refused ids and the other answers', async () => {
        server.on(PATH, decisions({ refuse: ['team', 'urgency'] }));
        const error = await rejected(classifier().classify(ask(), { requestId: 'call-9' }));
        expect(error).toMatchObject({ reason: 'unknown', provider: 'decisions', status: 200, retryable: false });
        expect(error.metadata).toMatchObject({
          cause: 'refusal',
          refused: ['team', 'urgency'],
          model: 'gpt-6-luna-2026-10-01',
          providerRequestId: 'req_dec_1',
          requestId: 'call-9',
        });
        expect(error.metadata.answers).toEqual({
          refund: {
            type: 'yesNo',
            yesProbability: 0.63,
            choice: null,
            score: null,
            probabilities: null,
            legend: null,
            confidence: null,
            metadata: {},
          },
        });
        expect(error.message).toContain('refused to answer questions "team", "urgency"');
        expect(JSON.parse(JSON.stringify(error.metadata))).toEqual(error.metadata);
      });

      it("a 200 whose body is an OpenAI error is the reason its code names, with the provider's message", async () => {
        server.on(
          PATH,
          json(200, {
            error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' },
          }),
        );
        const error = await rejected(classifier().classify(ask()));
        expect(error).toMatchObject({ reason: 'rate_limited', retryable: true });
        expect(error.message).toContain('Rate limit reached for requests');
      });

      it('a malformed answer beside a refusal is malformed_response: the server broke the protocol', async () => {
        server.on(
          PATH,
          json(200, {
            ...answered,
            answers: [
              { type: 'refusal', name: 'refund' },
              { type: 'choice', name: 'team', choice: 'legal' },
              answered.answers[2],
            ],
          }),
        );
        expect((await rejected(classifier().classify(ask()))).reason).toBe('malformed_response');
      });
    });

    const [, team, urgency] = answered.answers as Record<string, unknown>[];
    const mismatches: [string, unknown, RegExp][] = [
      [
        'too few answers',
        { ...answered, answers: answered.answers.slice(0, 2) },
        /body\.answers has 2 answers for 3 questions: no answer for "urgency"/,
      ],
      [
        'too many answers',
        { ...answered, answers: [...answered.answers, answered.answers[0]] },
        /has 4 answers for 3 questions/,
      ],
      [
        'answers out of order',
        { ...answered, answers: [answered.answers[1], answered.answers[0], answered.answers[2]] },
        /body\.answers\[0\]\.name is "team", and question 0 is 'refund'/,
      ],
      [
        'an answer of the wrong type',
        withAnswer(0, { type: 'choice', name: 'refund', choice: 'yes' }),
        /answers\[0\]\.type is 'choice', and question 'refund' is a predicate question/,
      ],
      [
        'a probability out of range',
        withAnswer(0, { type: 'predicate', name: 'refund', probability: 1.5 }),
        /answers\[0\]\.probability is 1\.5, out of range/,
      ],
      [
        'a boolean choice for options sent as texts',
        withAnswer(1, { ...team, choice: true }),
        /answers\[1\]\.choice is true, a boolean/,
      ],
      [
        'a choice that is not an option',
        withAnswer(1, { ...team, choice: 'legal' }),
        /is "legal", which is not an option of 'team'/,
      ],
      [
        'choice probabilities missing an option',
        withAnswer(1, { ...team, probabilities: [{ value: 'billing', probability: 1 }] }),
        /lacks "technical"/,
      ],
      [
        'choice probabilities naming an option twice',
        withAnswer(1, {
          ...team,
          probabilities: [
            { value: 'billing', probability: 0.5 },
            { value: 'billing', probability: 0.5 },
          ],
        }),
        /lacks "technical" and has "billing" twice/,
      ],
      [
        'choice probabilities as a record',
        withAnswer(1, { ...team, probabilities: { billing: 1, technical: 0 } }),
        /answers\[1\]\.probabilities should be a list/,
      ],
      [
        'a score past the top level',
        withAnswer(2, { ...urgency, score: 2.5 }),
        /answers\[2\]\.score is 2\.5, out of range: it should be from 0 to 2/,
      ],
      [
        'a level value out of range',
        withAnswer(2, { ...urgency, probabilities: [{ label: 'can wait', value: 3, probability: 1 }] }),
        /probabilities\[0\]\.value is 3, out of range/,
      ],
      [
        'a fractional level value',
        withAnswer(2, { ...urgency, probabilities: [{ label: 'can wait', value: 0.5, probability: 1 }] }),
        /is 0\.5, and a level's value is its index/,
      ],
      [
        'a level label that is not the one sent',
        withAnswer(2, { ...urgency, probabilities: [{ label: 'soon', value: 0, probability: 1 }] }),
        /label is "soon", and level 0 of 'urgency' was sent as "can wait"/,
      ],
      [
        'a missing level',
        withAnswer(2, { ...urgency, probabilities: (urgency!.probabilities as unknown[]).slice(0, 2) }),
        /should be keyed by exactly the levels .* lacks "2"/,
      ],
      [
        'answers that are a record',
        { ...answered, answers: { refund: answered.answers[0] } },
        /body\.answers should be a list/,
      ],
    ];

    it.each(mismatches)('%s is malformed_response, naming the path', async (_what, body, message) => {
      server.on(PATH, json(200, body, { 'x-request-id': 'req_bad' }));
      const error = await rejected(classifier().classify(ask(), { requestId: 'call-1' }));
      expect(error).toMatchObject({
        reason: 'malformed_response',
        provider: 'decisions',
        status: 200,
        retryable: false,
      });
      expect(error.message).toMatch(message);
      expect(error.metadata).toMatchObject({ providerRequestId: 'req_bad', requestId: 'call-1' });
    });

    it('a body that is not JSON is malformed_response', async () => {
      server.on(PATH, raw(200, 'upstream error', { 'content-type': 'text/plain' }));
      expect((await rejected(classifier().classify(ask()))).message).toContain(
        'body is not JSON (it began "upstream error")',
      );
    });

    it('whatever JSON a 200 holds, it resolves with answers that fit the questions or rejects with malformed_response or a refusal', async () => {
      const p = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.jsonValue());
      const answer = fc.oneof(
        fc.record({ type: fc.constant('predicate'), name: fc.constantFrom('refund', null), probability: p }),
        fc.record({
          type: fc.constant('choice'),
          choice: fc.constantFrom('billing', 'technical', true),
          confidence: p,
          probabilities: fc.array(fc.record({ value: fc.constantFrom('billing', 'technical'), probability: p }), {
            maxLength: 3,
          }),
        }),
        fc.record({
          type: fc.constant('score'),
          score: p,
          confidence: p,
          probabilities: fc.array(
            fc.record({
              label: fc.constantFrom('can wait', 'today', 'right now'),
              value: fc.integer({ min: -1, max: 3 }),
              probability: p,
            }),
            { maxLength: 4 },
          ),
        }),
        fc.record({ type: fc.constant('refusal'), name: fc.constantFrom('refund', 'team', 'urgency') }),
        fc.jsonValue(),
      );
      const body = fc.oneof(
        fc.record({
          model: fc.jsonValue(),
          answers: fc.array(answer, { minLength: 3, maxLength: 3 }),
          usage: fc.jsonValue(),
        }),
        fc.jsonValue(),
      );
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const c = createDecisionsClassifier({ apiKey: KEY, fetch: async () => new Response(JSON.stringify(value)) });
          try {
            const response = await c.classify(ask());
            expect(Object.keys(response.answers)).toEqual(['refund', 'team', 'urgency']);
            expect(response.answer('urgency')!.probabilities).toHaveLength(3);
          } catch (error) {
            expect(error).toBeInstanceOf(ClassificationAdapterError);
            const { reason, metadata } = error as ClassificationAdapterError;
            expect(reason === 'malformed_response' || (reason === 'unknown' && metadata.cause === 'refusal')).toBe(
              true,
            );
          }
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('limits and what the wire cannot carry, before any I/O', () => {
    const many = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`q${i}`, Q.yesNo(`Question ${i}?`)]));
    const options = (n: number) => Array.from({ length: n }, (_, i) => `option-${i}`);

    const cases: [string, Record<string, Q>, Record<string, unknown>, string][] = [
      ['401 questions', many(401), { field: 'questions', limit: 400 }, 'the Decisions API takes 1 to 400 per request'],
      [
        'a choice of one option',
        { team: Q.choice('Which?', ['billing']) },
        { question: 'team', limit: 2 },
        "question 'team' has 1 option, and the Decisions API takes 2 to 255",
      ],
      [
        'a choice of 256 options',
        { team: Q.choice('Which?', options(256)) },
        { question: 'team', limit: 255 },
        'has 256 options',
      ],
      [
        'a yes-no question that says what yes and no mean',
        { refund: Q.yesNo('Refund?', { true: 'money back' }) },
        { question: 'refund', field: 'criteria' },
        'predicate questions take instructions only',
      ],
      [
        'an option described by an object',
        { team: Q.choice('Which?', { billing: { area: 'payments' }, technical: null }) },
        { question: 'team', option: 'billing' },
        "the description of option 'billing'",
      ],
      [
        'a level that is neither a text nor { label, description? }',
        { urgency: Q.score('How?', ['low', { name: 'high' }]) },
        { question: 'urgency', level: 1 },
        'level 1 is {"name":"high"}',
      ],
    ];

    it.each(cases)(
      'rejects %s with invalid_request, and the server sees nothing',
      async (_what, qs, metadata, message) => {
        server.on(PATH, decisions());
        const error = await rejected(classifier().classify(ask({ questions: qs })));
        expect(error).toMatchObject({ reason: 'invalid_request', provider: 'decisions', metadata });
        expect(error.message).toContain(message);
        expect(server.received).toHaveLength(0);
      },
    );

    it('sends 400 questions, a choice of 2 options and one of 255', async () => {
      server.on(PATH, decisions());
      await classifier().classify(ask({ questions: many(400) }));
      await classifier().classify(
        ask({ questions: { a: Q.choice('A?', options(2)), b: Q.choice('B?', options(255)) } }),
      );
      expect(server.at(PATH)).toHaveLength(2);
    });

    it('rejects a state list item that is neither a text nor an object, naming the index', async () => {
      const error = await rejected(classifier().classify(ask({ state: ['Hello', 42] })));
      expect(error).toMatchObject({ reason: 'invalid_request', metadata: { field: 'state', index: 1 } });
    });

    it('rejects empty questions before the key is looked up', async () => {
      vi.stubEnv('OPENAI_API_KEY', '');
      const error = await rejected(createDecisionsClassifier().classify(ask({ questions: {} })));
      expect(error).toMatchObject({ reason: 'invalid_request', metadata: { field: 'questions' } });
    });
  });

  describe('failures, from OpenAI error bodies', () => {
    const cases: [string, ReturnType<typeof openaiError>, string, Record<string, unknown>][] = [
      [
        '401 invalid_api_key',
        documented(401, 'error-401'),
        'authentication_failed',
        { status: 401, errorCode: 'invalid_api_key' },
      ],
      ['403', openaiError(403, 'Country not supported', 'permission_error'), 'authentication_failed', { status: 403 }],
      [
        '429 insufficient_quota',
        documented(429, 'error-429-quota'),
        'authentication_failed',
        { status: 429, errorCode: 'insufficient_quota' },
      ],
      [
        '400 context_length_exceeded',
        documented(400, 'error-400-context-length'),
        'context_length_exceeded',
        { status: 400 },
      ],
      [
        '400',
        openaiError(400, "Unsupported model 'gpt-x'", 'invalid_request_error', 'model_not_found'),
        'invalid_request',
        { status: 400, errorType: 'invalid_request_error' },
      ],
      ['404', openaiError(404, 'Not found', 'invalid_request_error'), 'invalid_request', { status: 404 }],
      [
        '400 content_filter',
        openaiError(400, 'The input was filtered', 'invalid_request_error', 'content_filter'),
        'unknown',
        { status: 400, cause: 'content_filter' },
      ],
      ['500', documented(500, 'error-500'), 'provider_unavailable', { status: 500 }],
      ['503', openaiError(503, 'Slow down', 'server_error'), 'provider_unavailable', { status: 503 }],
    ];

    it.each(cases)('%s is %s', async (_what, handler, reason, metadata) => {
      server.on(PATH, handler);
      const error = await rejected(classifier().classify(ask()));
      expect(error).toMatchObject({
        reason,
        provider: 'decisions',
        metadata: { ...metadata, providerRequestId: 'req_err_1' },
      });
    });

    it('429 is rate_limited, with retryAfterMs from retry-after-ms or retry-after', async () => {
      server.on(
        PATH,
        documented(429, 'error-429', { 'retry-after-ms': '250' }),
        openaiError(429, 'Rate limit reached', 'requests', 'rate_limit_exceeded', { 'retry-after': '3' }),
      );
      expect(await rejected(classifier().classify(ask()))).toMatchObject({
        reason: 'rate_limited',
        retryAfterMs: 250,
        retryable: true,
      });
      expect(await rejected(classifier().classify(ask()))).toMatchObject({
        reason: 'rate_limited',
        retryAfterMs: 3000,
      });
    });

    it('a server too slow for timeoutMs is timeout', async () => {
      server.on(PATH, hang());
      expect(await rejected(classifier({ timeoutMs: 50 }).classify(ask()))).toMatchObject({
        reason: 'timeout',
        metadata: { transport: 'timeout' },
      });
    });

    it('a refused connection is network_error', async () => {
      const closed = await LoopbackServer.start();
      const url = closed.url('/v1');
      await closed.close();
      expect(await rejected(createDecisionsClassifier({ baseURL: url }).classify(ask()))).toMatchObject({
        reason: 'network_error',
      });
    });

    it('takes the key out of an error that echoes it', async () => {
      server.on(
        PATH,
        openaiError(
          401,
          `Incorrect API key provided: ${KEY.slice(0, 14)}****`,
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
      const error = await rejected(classifier().classify(ask()));
      expect(error.message).not.toContain(KEY.slice(0, 8));
    });
  });

  describe('the key', () => {
    it("reads OPENAI_API_KEY for OpenAI's own URL, https://api.openai.com/v1/decisions", async () => {
      vi.stubEnv('OPENAI_API_KEY', 'sk-from-env');
      const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify(answered)));
      await createDecisionsClassifier({ fetch }).classify(ask());
      const [url, init] = fetch.mock.calls[0]!;
      expect(url).toBe('https://api.openai.com/v1/decisions');
      expect((init!.headers as Record<string, string>).authorization).toBe('Bearer sk-from-env');
    });

    it("throws P0003 when OpenAI's own URL would be called without a key", async () => {
      vi.stubEnv('OPENAI_API_KEY', '');
      const fetch = vi.fn<typeof globalThis.fetch>();
      const error = await failure(createDecisionsClassifier({ fetch }).classify(ask()));
      expect(error).toBeInstanceOf(StandinError);
      expect(error).toMatchObject({ code: 'P0003', message: expect.stringContaining('OPENAI_API_KEY') });
      expect(fetch).not.toHaveBeenCalled();
    });

    it('a custom baseURL reads no environment variable', async () => {
      vi.stubEnv('OPENAI_API_KEY', 'sk-from-env');
      server.on(PATH, decisions());
      await createDecisionsClassifier({ baseURL: server.url('/v1') }).classify(ask());
      expect(server.at(PATH)[0]!.headers.authorization).toBeUndefined();
    });
  });
});
