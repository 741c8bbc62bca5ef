import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  ClassificationAdapterError,
  ClassificationAnswer,
  ClassificationQuestion as Q,
  ClassificationRequest,
  ClassificationResponse,
  createTypesafeClassifier,
  StandinError,
  type Classifier,
  type ClassificationState,
  type ClassifyCallOptions,
  type TypesafeClassifierSettings,
} from '../../../../src/index.js';
import { TypesafeClassifier } from '../../../../src/services/providers/typesafe/TypesafeClassifier.js';
import { failure, KEY } from '../loopback/callContext.js';
import { rejected, useLoopback } from '../loopback/classifierTest.js';
import { hang, json, LoopbackServer, raw, silent } from '../loopback/LoopbackServer.js';
import { detail, systemone } from '../loopback/classifierServers.js';
import { fixture } from '../../../support/classifierFixtures.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const PATH = '/v1/systemone';
/** The documented reply to the refund / team / urgency questions below. */
const recorded = fixture<{
  answers: Record<'refund' | 'team' | 'urgency', Record<string, Record<string, unknown>>>;
}>('typesafe', 'reply');
const classifier = (settings: TypesafeClassifierSettings = {}) =>
  createTypesafeClassifier({ baseURL: server.url(), apiKey: KEY, ...settings });
const sent = (n = 0): Record<string, unknown> =>
  JSON.parse(server.at(PATH)[n]!.body.toString('utf8')) as Record<string, unknown>;

/** The three questions of the documented request (test/fixtures/typesafe/request.json). */
const questions = {
  refund: Q.yesNo('Is a refund requested?', {
    true: 'The customer asks for money back',
    false: 'No money is asked for',
  }),
  team: Q.choice('Which team?', { billing: 'payments', technical: null }),
  urgency: Q.score('How urgent?', ['can wait', 'this week', 'today', 'right now']),
};
const ask = (
  fields: {
    state?: ClassificationState;
    questions?: Record<string, Q>;
    model?: string;
    metadata?: Record<string, unknown>;
    options?: Record<string, unknown>;
  } = {},
) => new ClassificationRequest({ state: 'My card was charged twice, please refund me.', questions, ...fields });

/** A documented error body (test/fixtures/typesafe/), with the request-id header, as the API writes every error. */
const documented = (status: number, name: string, headers: Record<string, string> = {}) =>
  json(status, fixture('typesafe', name), { 'x-typesafe-request-id': 'ts-err-1', ...headers });

/** A classifier whose fetch answers `body` with status 200, for bodies too many to serve over a socket. */
const answering = (body: string): Classifier =>
  createTypesafeClassifier({
    apiKey: KEY,
    fetch: async () => new Response(body, { status: 200, headers: { 'x-typesafe-request-id': 'ts-1' } }),
  });

describe('TypesafeClassifier', () => {
  it('is a real classifier named typesafe, or the name its settings give', () => {
    expect(classifier()).toBeInstanceOf(TypesafeClassifier);
    expect(classifier()).toMatchObject({ real: true, provider: 'typesafe' });
    expect(classifier({ provider: 'jev' }).provider).toBe('jev');
  });

  describe('the request: POST {base}/v1/systemone', () => {
    it('sends state, model and questions — a yes-no as noul with its true/false criteria, a choice as its criteria record, score levels as a list', async () => {
      server.on(PATH, json(200, recorded));
      await classifier().classify(ask({ options: { temperature: 0 }, metadata: { ticket: 42 } }));
      expect(sent()).toEqual(fixture('typesafe', 'request'));
      expect(Object.keys(sent())).toEqual(['state', 'model', 'questions']);
    });

    it('sends a yes-no question with no labels without criteria', async () => {
      server.on(PATH, systemone());
      await classifier().classify(ask({ questions: { refund: Q.yesNo('Is a refund requested?') } }));
      expect(sent().questions).toEqual({ refund: { type: 'noul', instructions: 'Is a refund requested?' } });
    });

    it('sends the key as a bearer token, JSON both ways, and the settings headers', async () => {
      server.on(PATH, systemone());
      await classifier({ headers: { 'x-team': 'help', authorization: 'Bearer not-this' } }).classify(ask());
      const { headers, method } = server.at(PATH)[0]!;
      expect(method).toBe('POST');
      expect(headers).toMatchObject({
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'x-team': 'help',
      });
    });

    it("asks the request's model, else the settings' model, else jev-latest", async () => {
      server.on(PATH, systemone());
      await classifier({ model: 'jev-1.13.0' }).classify(ask({ model: 'jev-2' }));
      await classifier({ model: 'jev-1.13.0' }).classify(ask());
      await classifier().classify(ask());
      expect([0, 1, 2].map((n) => sent(n).model)).toEqual(['jev-2', 'jev-1.13.0', 'jev-latest']);
    });

    it('sends an object state and a list of texts as they are', async () => {
      server.on(PATH, systemone());
      await classifier().classify(ask({ state: { subject: 'Refund', body: 'Charged twice' } }));
      await classifier().classify(ask({ state: ['Hello', 'I was charged twice'] }));
      expect(sent(0).state).toEqual({ subject: 'Refund', body: 'Charged twice' });
      expect(sent(1).state).toEqual(['Hello', 'I was charged twice']);
    });

    it("adds the settings' body fields, and keeps its own over them", async () => {
      server.on(PATH, systemone());
      await classifier({ body: { priority: 'low', model: 'not-this', state: 'not-this' } }).classify(ask());
      expect(sent()).toMatchObject({
        priority: 'low',
        model: 'jev-latest',
        state: 'My card was charged twice, please refund me.',
      });
    });
  });

  describe('decoding answers', () => {
    it('reads the recorded answers: probabilities and legend keyed "0".."n-1" become lists, noul becomes yesProbability with no confidence', async () => {
      server.on(PATH, json(200, recorded, { 'x-typesafe-request-id': 'ts-req-42' }));
      const response = await classifier().classify(ask({ metadata: { ticket: 42 } }), { requestId: 'call-7' });
      expect(response).toBeInstanceOf(ClassificationResponse);
      expect(response).toMatchObject({
        id: 'ts-req-42',
        requestId: 'call-7',
        model: 'jev-1.13.0',
        provider: 'typesafe',
        metadata: { ticket: 42 },
        raw: recorded,
      });
      expect(response.usage).toEqual({ inputTokens: 239, outputTokens: 0, totalTokens: 239 });
      expect({ ...response.answer('refund') }).toEqual({
        type: 'yesNo',
        yesProbability: 0.63,
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
        probabilities: { billing: 0.9998, technical: 0.0002 },
        confidence: 0.9997,
      });
      expect(response.answer('urgency')).toMatchObject({
        type: 'score',
        score: 2.0858,
        probabilities: [0.0023, 0.116, 0.6753, 0.2064],
        legend: ['can wait', 'this week', 'today', 'right now'],
        confidence: 0.673,
      });
      for (const answer of Object.values(response.answers)) expect(answer).toBeInstanceOf(ClassificationAnswer);
    });

    it('takes the model from the body, else the model it asked; the id from x-typesafe-request-id, else null', async () => {
      server.on(PATH, json(200, { answers: recorded.answers }));
      const response = await classifier({ model: 'jev-1.13.0' }).classify(ask());
      expect(response).toMatchObject({ model: 'jev-1.13.0', id: null, requestId: null });
      expect(response.usage).toEqual({ inputTokens: null, outputTokens: null, totalTokens: null });
    });

    it('reads whole numbers as the floats they are, and a -0 as 0', async () => {
      server.on(
        PATH,
        json(200, {
          answers: {
            ...recorded.answers,
            team: { type: 'choice', choice: 'billing', probabilities: { billing: 1, technical: 0 }, confidence: 1 },
          },
        }),
      );
      const team = (await classifier().classify(ask())).answer('team')!;
      expect(team.probabilities).toEqual({ billing: 1, technical: 0 });
      expect(team.confidence).toBe(1);
    });

    it('keeps a legend entry the server echoes as an object', async () => {
      const levels = [{ label: 'low' }, { label: 'high' }];
      server.on(
        PATH,
        json(200, {
          answers: {
            level: {
              type: 'score',
              score: 0.5,
              legend: { '0': levels[0], '1': levels[1] },
              probabilities: { '0': 0.5, '1': 0.5 },
              confidence: 0,
            },
          },
        }),
      );
      const answer = (await classifier().classify(ask({ questions: { level: Q.score('Level?', levels) } }))).answer(
        'level',
      )!;
      expect(answer.legend).toEqual(levels);
    });

    const team = recorded.answers.team;
    const urgency = recorded.answers.urgency;
    const mismatches: [string, unknown, RegExp][] = [
      [
        'a missing answer',
        { refund: recorded.answers.refund, team },
        /body\.answers has no answer for question "urgency"/,
      ],
      [
        'an answer for an unasked id',
        { ...recorded.answers, mood: { type: 'noul', noul: 0.1 } },
        /answer for unasked id "mood"/,
      ],
      [
        'an answer of the wrong type',
        { ...recorded.answers, refund: { type: 'choice', choice: 'yes' } },
        /body\.answers\.refund\.type is 'choice', and question 'refund' is a noul question/,
      ],
      [
        'a choice that is not an option',
        { ...recorded.answers, team: { ...team, choice: 'legal' } },
        /body\.answers\.team\.choice is "legal", which is not an option of 'team'/,
      ],
      [
        'choice probabilities missing an option',
        { ...recorded.answers, team: { ...team, probabilities: { billing: 1 } } },
        /probabilities should be keyed by exactly the options .* lacks "technical"/,
      ],
      [
        'choice probabilities with an extra key',
        { ...recorded.answers, team: { ...team, probabilities: { ...team.probabilities, sales: 0 } } },
        /has "sales" too/,
      ],
      [
        'a probability above 1',
        { ...recorded.answers, team: { ...team, probabilities: { billing: 1.2, technical: 0 } } },
        /probabilities\.billing is 1\.2, out of range/,
      ],
      [
        'a confidence below 0',
        { ...recorded.answers, team: { ...team, confidence: -0.1 } },
        /team\.confidence is -0\.1, out of range/,
      ],
      [
        'a probability given as a string',
        { ...recorded.answers, team: { ...team, probabilities: { billing: '0.9', technical: 0.1 } } },
        /should be a number from 0 to 1, got "0\.9"/,
      ],
      [
        'a score past the top level',
        { ...recorded.answers, urgency: { ...urgency, score: 3.5 } },
        /urgency\.score is 3\.5, out of range: it should be from 0 to 3/,
      ],
      [
        'score probabilities with a gap',
        { ...recorded.answers, urgency: { ...urgency, probabilities: { '0': 0.5, '1': 0.5, '3': 0 } } },
        /lacks "2"/,
      ],
      [
        'score probabilities with an extra level',
        { ...recorded.answers, urgency: { ...urgency, probabilities: { ...urgency.probabilities, '4': 0 } } },
        /has "4" too/,
      ],
      [
        'a legend keyed 1..n',
        { ...recorded.answers, urgency: { ...urgency, legend: { '1': 'a', '2': 'b', '3': 'c', '4': 'd' } } },
        /legend should be keyed by exactly the levels/,
      ],
      [
        'a noul out of range',
        { ...recorded.answers, refund: { type: 'noul', noul: 63 } },
        /refund\.noul is 63, out of range/,
      ],
      [
        'a noul that is missing',
        { ...recorded.answers, refund: { type: 'noul', yes: 0.6 } },
        /refund\.noul should be a number from 0 to 1, got nothing/,
      ],
      ['answers that are a list', [recorded.answers.refund], /body\.answers should be an object, got/],
    ];

    it.each(mismatches)('%s is malformed_response, naming the path', async (_what, answers, message) => {
      server.on(PATH, json(200, { model: 'jev-1.13.0', answers }, { 'x-typesafe-request-id': 'ts-bad' }));
      const error = await rejected(classifier().classify(ask(), { requestId: 'call-1' }));
      expect(error).toMatchObject({
        reason: 'malformed_response',
        provider: 'typesafe',
        status: 200,
        retryable: false,
      });
      expect(error.message).toMatch(message);
      expect(error.metadata).toMatchObject({ status: 200, providerRequestId: 'ts-bad', requestId: 'call-1' });
      expect(server.at(PATH)).toHaveLength(1);
    });

    it("a 200 whose body is an error is read as the chat adapter reads it: its type's reason, the provider's message, retryable as that reason is", async () => {
      server.on(
        PATH,
        json(200, { error: { type: 'rate_limit_error', message: 'Number of requests exceeded your rate limit.' } }),
      );
      const error = await rejected(classifier().classify(ask()));
      expect(error).toMatchObject({
        reason: 'rate_limited',
        status: 200,
        retryable: true,
        metadata: { errorType: 'rate_limit_error' },
      });
      expect(error.message).toContain(
        'the server answered an error with status 200 (rate_limit_error): Number of requests exceeded your rate limit.',
      );
    });

    it('a 200 error body of an authentication type is authentication_failed, not retried, the key out of its message', async () => {
      server.on(PATH, json(200, { error: { type: 'authentication_error', message: `invalid x-api-key ${KEY}` } }));
      const error = await rejected(classifier().classify(ask()));
      expect(error).toMatchObject({ reason: 'authentication_failed', retryable: false });
      expect(error.message).toContain('invalid x-api-key [redacted]');
    });

    it('names the question a malformed answer belongs to in its metadata', async () => {
      server.on(PATH, json(200, { answers: { ...recorded.answers, team: { ...team, choice: 'legal' } } }));
      const error = await rejected(classifier().classify(ask()));
      expect(error.metadata).toMatchObject({ question: 'team', path: 'body.answers.team.choice' });
    });

    it('a body that is not JSON, a JSON list and an empty body are malformed_response', async () => {
      server.on(
        PATH,
        raw(200, '<html>Bad gateway</html>', { 'content-type': 'text/html' }),
        json(200, [1, 2]),
        raw(200, ''),
      );
      expect((await rejected(classifier().classify(ask()))).message).toMatch(
        /the body is not JSON|body is not JSON \(it began "<html>Bad gateway<\/html>"\)/,
      );
      expect((await rejected(classifier().classify(ask()))).message).toMatch(/body should be an object, got \[1,2\]/);
      expect((await rejected(classifier().classify(ask()))).reason).toBe('malformed_response');
    });

    it('whatever JSON a 200 holds, it resolves with answers that fit the questions or rejects with malformed_response', async () => {
      const probability = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.jsonValue());
      const answer = fc.oneof(
        fc.record({ type: fc.constant('noul'), noul: probability }),
        fc.record({
          type: fc.constant('choice'),
          choice: fc.constantFrom('billing', 'technical', 'sales'),
          probabilities: fc.dictionary(fc.constantFrom('billing', 'technical', 'sales'), probability),
          confidence: probability,
        }),
        fc.record({
          type: fc.constant('score'),
          score: fc.oneof(fc.double({ min: -1, max: 4, noNaN: true }), fc.jsonValue()),
          legend: fc.dictionary(fc.constantFrom('0', '1', '2', '3', '4'), fc.string()),
          probabilities: fc.dictionary(fc.constantFrom('0', '1', '2', '3', '4'), probability),
          confidence: probability,
        }),
        fc.jsonValue(),
      );
      const body = fc.oneof(
        fc.record({
          model: fc.oneof(fc.string(), fc.jsonValue()),
          answers: fc.dictionary(fc.constantFrom('refund', 'team', 'urgency', 'other'), answer),
          usage: fc.jsonValue(),
        }),
        fc.jsonValue(),
      );
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          try {
            const response = await answering(JSON.stringify(value)).classify(ask());
            expect(Object.keys(response.answers).sort()).toEqual(['refund', 'team', 'urgency']);
            expect(response.answer('team')!.choice).toMatch(/^(billing|technical)$/);
            expect(response.answer('urgency')!.probabilities).toHaveLength(4);
          } catch (error) {
            expect(error).toBeInstanceOf(ClassificationAdapterError);
            // A body with an `error` field is the provider's error (see the 200-with-an-error tests), not a malformed answer.
            const errorBody = typeof value === 'object' && value !== null && !Array.isArray(value) && 'error' in value;
            if (!errorBody) expect((error as ClassificationAdapterError).reason).toBe('malformed_response');
          }
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('limits and bad requests, before any I/O', () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => `option-${i}`);
    const levels = (n: number) => Array.from({ length: n }, (_, i) => `level ${i}`);

    it('rejects a choice of more than 255 options with invalid_request naming the question and the limit; the server sees nothing', async () => {
      server.on(PATH, systemone());
      const error = await rejected(
        classifier().classify(ask({ questions: { team: Q.choice('Which?', options(256)) } }), { requestId: 'call-2' }),
      );
      expect(error).toMatchObject({
        reason: 'invalid_request',
        provider: 'typesafe',
        metadata: { question: 'team', limit: 255, requestId: 'call-2' },
      });
      expect(error.message).toContain("question 'team' has 256 options, and TypeSafe takes at most 255");
      expect(server.received).toHaveLength(0);
    });

    it('sends a choice of 255 options', async () => {
      server.on(PATH, systemone());
      await classifier().classify(ask({ questions: { team: Q.choice('Which?', options(255)) } }));
      expect(server.at(PATH)).toHaveLength(1);
    });

    it('rejects a score of more than 10 levels, and sends one of 10', async () => {
      server.on(PATH, systemone());
      const error = await rejected(
        classifier().classify(ask({ questions: { urgency: Q.score('How urgent?', levels(11)) } })),
      );
      expect(error).toMatchObject({ reason: 'invalid_request', metadata: { question: 'urgency', limit: 10 } });
      expect(error.message).toContain('TypeSafe takes 2 to 10 per score question');
      expect(server.received).toHaveLength(0);
      await classifier().classify(ask({ questions: { urgency: Q.score('How urgent?', levels(10)) } }));
      expect(server.at(PATH)).toHaveLength(1);
    });

    it('checks the limits in question id order', async () => {
      const error = await rejected(
        classifier().classify(
          ask({ questions: { zeta: Q.choice('Z?', options(300)), alpha: Q.score('A?', levels(12)) } }),
        ),
      );
      expect(error.metadata).toMatchObject({ question: 'alpha', limit: 10 });
    });

    it('rejects a score of one level (the validator: a single level always scores 0)', async () => {
      const error = await rejected(
        classifier().classify(ask({ questions: { urgency: Q.score('How urgent?', ['only']) } })),
      );
      expect(error.reason).toBe('invalid_request');
      expect(error.message).toContain('request.questions.urgency.criteria: too_few_levels');
      expect(error.metadata.problems).toEqual([
        { path: ['questions', 'urgency', 'criteria'], reason: 'too_few_levels' },
      ]);
    });

    it('rejects empty questions with metadata.field questions, before the key is looked up', async () => {
      vi.stubEnv('TYPESAFE_API_KEY', '');
      const fetch = vi.fn<typeof globalThis.fetch>();
      const error = await rejected(createTypesafeClassifier({ fetch }).classify(ask({ questions: {} })));
      expect(error).toMatchObject({ reason: 'invalid_request', metadata: { field: 'questions' } });
      expect(fetch).not.toHaveBeenCalled();
    });

    it('checks the limits before the key is looked up too', async () => {
      vi.stubEnv('TYPESAFE_API_KEY', '');
      const error = await rejected(
        createTypesafeClassifier().classify(ask({ questions: { team: Q.choice('Which?', options(256)) } })),
      );
      expect(error.reason).toBe('invalid_request');
    });

    it('rejects a state list that holds anything but texts, naming the index', async () => {
      const error = await rejected(classifier().classify(ask({ state: ['Hello', { text: 'charged twice' }] })));
      expect(error).toMatchObject({ reason: 'invalid_request', metadata: { field: 'state', index: 1 } });
      expect(server.received).toHaveLength(0);
    });

    it('rejects a body it cannot write as JSON with metadata.cause unencodable_body', async () => {
      const error = await rejected(classifier({ body: { big: 10n } }).classify(ask()));
      expect(error).toMatchObject({ reason: 'invalid_request', metadata: { cause: 'unencodable_body' } });
      expect(server.received).toHaveLength(0);
    });

    it('throws K0003 for a request that is no ClassificationRequest, and K0004 for options of the wrong shape', async () => {
      await expect(
        classifier().classify({ state: 'x', questions } as unknown as ClassificationRequest),
      ).rejects.toMatchObject({ code: 'K0003' });
      await expect(
        classifier().classify(ask(), { requestId: 7 } as unknown as ClassifyCallOptions),
      ).rejects.toMatchObject({ code: 'K0004', message: expect.stringContaining('opts.requestId') });
      await expect(
        classifier().classify(ask(), { signal: 'now' } as unknown as ClassifyCallOptions),
      ).rejects.toMatchObject({ code: 'K0004' });
    });
  });

  describe('failures', () => {
    const cases: [string, ReturnType<typeof detail>, string, Record<string, unknown>][] = [
      ['401', documented(401, 'error-401-text'), 'authentication_failed', { status: 401 }],
      ['403', detail(403, 'Not allowed'), 'authentication_failed', { status: 403 }],
      [
        '400 max_tokens_exceeded',
        documented(400, 'error-400-max-tokens'),
        'context_length_exceeded',
        { status: 400, errorType: 'max_tokens_exceeded' },
      ],
      [
        '422 max_tokens_exceeded',
        detail(422, { message: 'too long', error_type: 'max_tokens_exceeded' }),
        'context_length_exceeded',
        { status: 422 },
      ],
      ['400', documented(400, 'error-400-object'), 'invalid_request', { status: 400, errorType: 'invalid_model' }],
      ['404', detail(404, 'Not Found'), 'invalid_request', { status: 404 }],
      [
        '422 FastAPI list',
        detail(422, [{ loc: ['body', 'questions'], msg: 'Field required', type: 'missing' }]),
        'invalid_request',
        { status: 422 },
      ],
      ['500', detail(500, 'Internal error'), 'provider_unavailable', { status: 500 }],
      ['502', raw(502, '<html>Bad Gateway</html>'), 'provider_unavailable', { status: 502 }],
      ['503', detail(503, 'Unavailable'), 'provider_unavailable', { status: 503 }],
      ['504', detail(504, 'Timeout'), 'provider_unavailable', { status: 504 }],
      ['529', documented(529, 'error-529-overloaded'), 'provider_unavailable', { status: 529 }],
    ];

    it.each(cases)('%s is %s', async (_status, handler, reason, metadata) => {
      server.on(PATH, handler);
      const error = await rejected(classifier().classify(ask(), { requestId: 'call-3' }));
      expect(error).toMatchObject({
        reason,
        provider: 'typesafe',
        status: metadata.status,
        metadata: { ...metadata, requestId: 'call-3' },
      });
      expect(server.at(PATH)).toHaveLength(1);
    });

    it('takes the message from detail: a text, an object message, or a FastAPI 422 list joined as loc.path: msg', async () => {
      server.on(
        PATH,
        detail(400, 'Question ids must be non-empty'),
        detail(400, { message: "Unknown model 'jev-9'", error_type: 'invalid_model' }),
        documented(422, 'error-422-validation'),
      );
      expect((await rejected(classifier().classify(ask()))).message).toContain('Question ids must be non-empty');
      expect((await rejected(classifier().classify(ask()))).message).toContain("invalid_model: Unknown model 'jev-9'");
      expect((await rejected(classifier().classify(ask()))).message).toContain(
        "body.questions.team.type: Input should be 'choice', 'score' or 'noul'; body.state: Field required",
      );
    });

    it("carries the error's x-typesafe-request-id as metadata.providerRequestId", async () => {
      server.on(PATH, detail(500, 'boom'));
      expect((await rejected(classifier().classify(ask()))).metadata.providerRequestId).toBe('ts-err-1');
    });

    it('429 is rate_limited, with retryAfterMs from Retry-After', async () => {
      server.on(PATH, documented(429, 'error-429-text', { 'retry-after': '2' }));
      const error = await rejected(classifier().classify(ask()));
      expect(error).toMatchObject({ reason: 'rate_limited', status: 429, retryAfterMs: 2000, retryable: true });
    });

    it('a 503 with Retry-After carries it too', async () => {
      server.on(PATH, detail(503, 'Unavailable', { 'retry-after': '5' }));
      expect(await rejected(classifier().classify(ask()))).toMatchObject({
        reason: 'provider_unavailable',
        retryAfterMs: 5000,
      });
    });

    it('a server too slow for timeoutMs is timeout; the deadline covers the body too', async () => {
      server.on(PATH, silent(), hang());
      const slow = classifier({ timeoutMs: 50 });
      const error = await rejected(slow.classify(ask()));
      expect(error).toMatchObject({ reason: 'timeout', retryable: true, metadata: { transport: 'timeout' } });
      expect(error.message).toContain('50 ms');
      expect((await rejected(slow.classify(ask()))).reason).toBe('timeout');
    });

    it('a refused connection is network_error', async () => {
      const closed = await LoopbackServer.start();
      const url = closed.url();
      await closed.close();
      const error = await rejected(createTypesafeClassifier({ baseURL: url, apiKey: KEY }).classify(ask()));
      expect(error).toMatchObject({ reason: 'network_error', retryable: true, metadata: { transport: 'network' } });
      expect(error.message).toContain('ECONNREFUSED');
    });

    it('takes the key out of any message, and any TypeSafe key the server echoes', async () => {
      const other = 'apikey_0123456789abcdefXYZ';
      server.on(PATH, detail(401, `Invalid API key ${KEY} (prefix ${KEY.slice(0, 12)}); did you mean ${other}?`));
      const error = await rejected(classifier().classify(ask()));
      expect(error.message).not.toContain(KEY.slice(0, 8));
      expect(error.message).not.toContain(other);
      expect(error.message).toContain('[redacted]');
      expect(JSON.stringify(error.metadata)).not.toContain(KEY.slice(0, 8));
    });

    it('takes the key out of a malformed answer that echoes it', async () => {
      server.on(PATH, json(200, { answers: { ...recorded.answers, team: { ...recorded.answers.team, choice: KEY } } }));
      const error = await rejected(classifier().classify(ask()));
      expect(error.reason).toBe('malformed_response');
      expect(error.message).not.toContain(KEY.slice(0, 8));
    });

    it("the caller's abort is the abort, not an adapter error", async () => {
      server.on(PATH, silent());
      const controller = new AbortController();
      const pending = classifier().classify(ask(), { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('user left')), 20);
      const error = await failure(pending);
      expect(error).not.toBeInstanceOf(ClassificationAdapterError);
      expect(error.message).toBe('user left');
    });
  });

  describe('the key', () => {
    it("reads TYPESAFE_API_KEY for TypeSafe's own URL, https://api.typesafe.ai/v1/systemone", async () => {
      vi.stubEnv('TYPESAFE_API_KEY', 'apikey_from_env_0123456789');
      const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify(recorded), { status: 200 }));
      await createTypesafeClassifier({ fetch }).classify(ask());
      const [url, init] = fetch.mock.calls[0]!;
      expect(url).toBe('https://api.typesafe.ai/v1/systemone');
      expect((init!.headers as Record<string, string>).authorization).toBe('Bearer apikey_from_env_0123456789');
    });

    it("throws P0003 when TypeSafe's own URL would be called without a key, before any request", async () => {
      vi.stubEnv('TYPESAFE_API_KEY', '');
      const fetch = vi.fn<typeof globalThis.fetch>();
      const error = await failure(createTypesafeClassifier({ fetch }).classify(ask()));
      expect(error).toBeInstanceOf(StandinError);
      expect(error).not.toBeInstanceOf(ClassificationAdapterError);
      expect(error).toMatchObject({ code: 'P0003', message: expect.stringContaining('TYPESAFE_API_KEY') });
      expect(fetch).not.toHaveBeenCalled();
    });

    it('calls a custom baseURL without a key, and without reading TYPESAFE_API_KEY', async () => {
      vi.stubEnv('TYPESAFE_API_KEY', 'apikey_from_env_0123456789');
      server.on(PATH, systemone());
      await createTypesafeClassifier({ baseURL: server.url() }).classify(ask());
      expect(server.at(PATH)[0]!.headers.authorization).toBeUndefined();
    });
  });

  describe('adapterOpts.classificationScript', () => {
    it('is not read: a real classifier stands alone, and asks the server', async () => {
      server.on(PATH, systemone());
      const answered = await classifier().classify(ask(), {
        adapterOpts: { classificationScript: [{ answers: { team: 'technical' } }] },
      });
      expect(answered.provider).not.toBe('fake');
      expect(server.at(PATH)).toHaveLength(1);
    });
  });

  describe('settings', () => {
    it('throws P0004 for a setting it does not take, or of the wrong type, naming it', () => {
      expect(() => createTypesafeClassifier({ maxTokens: 10 } as TypesafeClassifierSettings)).toThrow(
        expect.objectContaining({
          code: 'P0004',
          message: expect.stringContaining("settings.maxTokens: unknown key 'maxTokens'"),
        }),
      );
      expect(() => createTypesafeClassifier({ baseURL: 'ftp://x' })).toThrow(
        expect.objectContaining({ code: 'P0004', message: expect.stringContaining('settings.baseURL') }),
      );
      expect(() => createTypesafeClassifier({ model: '' })).toThrow(
        expect.objectContaining({ code: 'P0004', message: expect.stringContaining('settings.model') }),
      );
    });
  });
});
