import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClassificationAdapterError, ClassificationQuestion as Q, type StandinConfigInput } from 'standin';
import { createFakeServer, type FakeServer } from 'standin/server';
import { createTestApp, type TestApp } from 'standin/testing';

const questions = {
  team: Q.choice('Which team?', ['billing', 'technical']),
  urgency: Q.score('How urgent?', ['can wait', 'today', { label: 'right now', description: 'the site is down' }]),
  refund: Q.yesNo('The customer asks for a refund.'),
};
const retry = { attempts: 3, baseDelayMs: 100, maxDelayMs: 10_000, jitter: 0 };

let server: FakeServer;
beforeAll(async () => {
  server = await createFakeServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  server.fakeClassifier();
  await server.reset();
});

/** The real adapters, from the config, pointed at the wire server; `key` may name a scope (`scope:<id>`). */
const adapters = [
  {
    name: 'typesafe',
    config: (key: string): StandinConfigInput => ({
      classifier: { provider: 'typesafe' },
      providers: { typesafe: { baseURL: server.url, apiKey: key } },
      retry,
    }),
  },
  {
    name: 'decisions',
    config: (key: string): StandinConfigInput => ({
      classifier: { provider: 'decisions' },
      providers: { decisions: { baseURL: `${server.url}/v1`, apiKey: key } },
      retry,
    }),
  },
] as const;

const rejection = (promise: Promise<unknown>): Promise<ClassificationAdapterError> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as ClassificationAdapterError,
  );

describe('FakeServer', () => {
  for (const adapter of adapters) {
    describe(`the ${adapter.name} classifier endpoint`, () => {
      const app = (key = 'test-key'): TestApp => {
        const made = createTestApp(adapter.config(key));
        made.allowRealCalls(adapter.name);
        return made;
      };

      it("answers the real adapter from the server's classifier script", async () => {
        server.fakeClassifier([{ answers: { team: 'technical', urgency: 1.5, refund: 0.9 } }]);
        const response = await app().classify('My card was charged twice.', questions);
        expect(response.provider).toBe(adapter.name);
        expect(response.answer('team')).toMatchObject({
          choice: 'technical',
          probabilities: { billing: 0, technical: 1 },
        });
        expect(response.answer('urgency')).toMatchObject({ score: 1.5, probabilities: [0, 0.5, 0.5] });
        expect(response.answer('refund')!.yesProbability).toBe(0.9);
        expect(server.sent.at(-1)).toMatchObject({ call: 'classify', input: { state: 'My card was charged twice.' } });
      });

      it('answers with the defaults when the classifier is not scripted', async () => {
        const response = await app().classify({ ticket: 7, text: 'Refund me' }, questions);
        expect(response.answer('team')!.choice).toBe('billing');
        expect(response.answer('refund')!.yesProbability).toBe(0);
      });

      it("plays a scripts document's fail entry as the provider's failure, which the adapter retries", async () => {
        server.load({ classifier: [{ fail: 'rate_limited', retryAfterMs: 20 }, { answers: { team: 'technical' } }] });
        const a = app();
        const response = await a.classify('Hello', questions);
        expect(response.answer('team')!.choice).toBe('technical');
        expect(a.clock.slept).toEqual([20]);
      });

      it('plays retryUntilCall over real retries', async () => {
        server.fakeClassifier([{ retryUntilCall: 3 }, { answers: { refund: 1 } }]);
        const a = app();
        expect((await a.classify('Hello', questions)).answer('refund')!.yesProbability).toBe(1);
        expect(a.clock.slept).toHaveLength(2);
      });

      const reasons = [
        'authentication_failed',
        'rate_limited',
        'invalid_request',
        'context_length_exceeded',
        'provider_unavailable',
        'timeout',
        'network_error',
        'malformed_response',
        'unknown',
      ] as const;
      for (const reason of reasons) {
        it(`a scripted ${reason} reaches the adapter as ${reason}`, async () => {
          server.load({ classifier: [{ fail: reason, message: `scripted ${reason}` }] });
          const error = await rejection(app().classify('Hello', questions, { retry: false }));
          expect(error).toBeInstanceOf(ClassificationAdapterError);
          expect(error.reason).toBe(reason);
        });
      }

      it('answers each scope from the script loaded for it through the control API', async () => {
        for (const [scope, team] of [
          ['a', 'billing'],
          ['b', 'technical'],
        ]) {
          const loaded = await fetch(`${server.url}/__standin/scripts?scope=${scope}`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${server.token}` },
            body: JSON.stringify({ classifier: [{ answers: { team } }] }),
          });
          expect(loaded.status).toBe(200);
        }
        const [a, b] = await Promise.all([
          app('scope:a').classify('x', questions),
          app('scope:b').classify('x', questions),
        ]);
        expect([a.answer('team')!.choice, b.answer('team')!.choice]).toEqual(['billing', 'technical']);
        const spent = await rejection(app('scope:a').classify('x', questions, { retry: false }));
        expect(spent.reason).toBe('unknown');
      });
    });
  }

  describe('hostile requests', () => {
    const post = (path: string, body: unknown): Promise<Response> =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('refuses a decisions request that names two questions alike (400), rather than answering one', async () => {
      const question = { type: 'predicate', name: 'refund', instructions: 'A refund is asked for.' };
      const response = await post('/v1/decisions', { input: 'Refund me', questions: [question, question] });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { param: 'questions[1].name', message: expect.stringContaining('name each question once') },
      });
    });

    it("refuses a question id __proto__ with TypeSafe's 422, naming it, never reading it as a prototype", async () => {
      const response = await fetch(`${server.url}/v1/systemone`, {
        method: 'POST',
        body: '{"state":"x","questions":{"__proto__":{"type":"noul","instructions":"?"}}}',
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        detail: [
          {
            type: 'value_error',
            loc: ['body', 'questions', '__proto__'],
            msg: expect.stringContaining("a question id cannot be '__proto__'; name the question otherwise."),
          },
        ],
      });
    });

    it('refuses a field System One does not take with 422 extra_forbidden, naming it', async () => {
      const response = await post('/v1/systemone', { state: 'x', questions: {}, temperature: 0 });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({
        detail: [{ type: 'extra_forbidden', loc: ['body', 'temperature'], msg: expect.stringContaining('W0004') }],
      });
    });

    it("refuses a question type System One does not have, in pydantic's words", async () => {
      const response = await post('/v1/systemone', {
        state: 'x',
        questions: { q: { type: 'bool', instructions: '?' } },
      });
      expect(await response.json()).toMatchObject({
        detail: [
          {
            type: 'literal_error',
            loc: ['body', 'questions', 'q', 'type'],
            msg: expect.stringContaining("Input should be 'choice', 'score' or 'noul'"),
          },
        ],
      });
    });

    it("refuses a decisions request of more than 400 questions, in OpenAI's words", async () => {
      const question = (i: number) => ({ type: 'predicate', name: `q${i}`, instructions: '?' });
      const response = await post('/v1/decisions', {
        input: 'x',
        questions: Array.from({ length: 401 }, (_, i) => question(i)),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { param: 'questions', code: 'array_above_max_length' } });
    });

    it("answers a request the engine finds malformed with the provider's 400 body", async () => {
      const response = await post('/v1/systemone', {
        state: '',
        questions: { refund: { type: 'noul', instructions: '?' } },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ detail: { message: expect.stringContaining('K0003') } });
    });
  });

  describe('.load', () => {
    it('refuses a classifier fail entry that names no failure (W0016)', () => {
      expect(() => server.load({ classifier: [{ fail: 'slow' }] })).toThrow(
        expect.objectContaining({ code: 'W0016', message: expect.stringContaining('scripts.classifier[0].fail') }),
      );
    });
  });
});
