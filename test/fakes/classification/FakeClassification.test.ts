import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ClassificationAdapterError,
  ClassificationAnswer,
  ClassificationQuestion,
  ClassificationRequest,
  ClassificationResponse,
  StandinError,
} from '../../../src/index.js';
import { cursorIndex, FakeClassification, type ClassificationScriptEntry } from '../../../src/testing.js';
import { MemoryCursorStore } from '../../../src/conformance.js';
import { type ClassificationCall } from '../../../src/services/spec/Classifier.js';
import { questions, rateLimited, request, scripted } from './fixtures.js';

const Q = ClassificationQuestion;

/** The rejection of a promise, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function adapterError(promise: Promise<unknown>): Promise<ClassificationAdapterError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ClassificationAdapterError);
  return error as ClassificationAdapterError;
}

/** A test author's mistake: a StandinError that is not an adapter error. */
async function mistake(promise: Promise<unknown>, code: string): Promise<StandinError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(StandinError);
  expect(error).not.toBeInstanceOf(ClassificationAdapterError);
  expect((error as StandinError).code).toBe(code);
  return error as StandinError;
}

describe(FakeClassification, () => {
  describe("what FakeClassification is (and isn't)", () => {
    it('never looks at :state — any state is answered the same', async () => {
      const fake = new FakeClassification();
      const a = await fake.classify(request({ state: 'x' }));
      const b = await fake.classify(request({ state: { nested: [1, 2, 3] } }));
      expect(b.answers).toEqual(a.answers);
    });

    it('does not re-validate the request: a question the validator would reject may still be answered', async () => {
      const fake = new FakeClassification();
      const response = await fake.classify(
        new ClassificationRequest({ state: '', questions: { s: Q.score('One level', ['only']) } }),
      );
      const answer = response.answer('s')!;
      expect([answer.score, answer.probabilities, answer.legend, answer.confidence]).toEqual([0, [1], ['only'], 1]);
    });

    it('a question it cannot read raises a typed error naming the question id, never a TypeError', async () => {
      const fake = new FakeClassification();
      const noOptions = new ClassificationRequest({ state: 'x', questions: { d: Q.choice('Which?', []) } });
      expect((await mistake(fake.classify(noOptions), 'K0001')).message).toContain('"d"');
      const badType = new ClassificationRequest({
        state: 'x',
        questions: { q: new Q({ type: 'ranking' as 'choice', instructions: 'x' }) },
      });
      expect((await mistake(fake.classify(badType), 'K0001')).message).toContain('"q"');
      const listOptions = new ClassificationRequest({
        state: 'x',
        questions: { c: new Q({ type: 'choice', instructions: 'x', criteria: ['a'] }) },
      });
      expect((await mistake(fake.classify(listOptions), 'K0001')).message).toContain('"c"');
      const notALevelList = new ClassificationRequest({
        state: 'x',
        questions: { s: new Q({ type: 'score', instructions: 'x', criteria: { a: 1 } }) },
      });
      expect((await mistake(fake.classify(notALevelList), 'K0001')).message).toContain('"s"');
    });

    it('is not a real classifier, and its provider is fake', () => {
      const fake = new FakeClassification();
      expect(fake.real).toBe(false);
      expect(fake.provider).toBe('fake');
    });
  });

  describe('default answers (no script)', () => {
    it('iex> a choice between "technical" and "billing" answers "billing"', async () => {
      const q = Q.choice('Which team?', ['technical', 'billing']);
      const req = new ClassificationRequest({ state: 'My card was charged twice.', questions: { team: q } });
      const resp = await FakeClassification.prototype.classify.call(new FakeClassification(), req);
      expect(resp.answer('team')!.choice).toBe('billing');
    });

    it(':choice — the lexicographically first option, probability 1.0 on it and 0.0 on every other option, confidence: 1.0', async () => {
      const req = new ClassificationRequest({ state: 'x', questions: { d: Q.choice('Which?', ['zeta', 'alpha']) } });
      const answer = (await new FakeClassification().classify(req)).answer('d')!;
      expect(answer).toMatchObject({
        type: 'choice',
        choice: 'alpha',
        probabilities: { alpha: 1, zeta: 0 },
        confidence: 1,
      });
      expect([answer.score, answer.yesProbability, answer.legend]).toEqual([null, null, null]);
    });

    it('lexicographic order is by code point (UTF-8 byte order), not by UTF-16 unit', async () => {
      // U+FF01 comes before U+1F600 by code point; by UTF-16 unit the emoji's high surrogate (U+D83D) would come first.
      const req = new ClassificationRequest({
        state: 'x',
        questions: { d: Q.choice('Which?', ['😀', '！', 'b', 'B']) },
      });
      expect((await new FakeClassification().classify(req)).answer('d')!.choice).toBe('B');
      const high = new ClassificationRequest({ state: 'x', questions: { d: Q.choice('Which?', ['😀', '！']) } });
      expect((await new FakeClassification().classify(high)).answer('d')!.choice).toBe('！');
    });

    it(":score — score: 0.0, probabilities [1.0, 0.0, …] (one per level), legend = the question's levels, confidence: 1.0", async () => {
      const answer = (await new FakeClassification().classify(request())).answer('s')!;
      expect(answer).toMatchObject({
        type: 'score',
        score: 0,
        probabilities: [1, 0, 0],
        legend: ['Calm', 'Annoyed', 'Angry'],
        confidence: 1,
      });
      expect([answer.choice, answer.yesProbability]).toEqual([null, null]);
    });

    it(':yes_no — yes_probability: 0.0, confidence: nil', async () => {
      const answer = (await new FakeClassification().classify(request())).answer('y')!;
      expect(answer).toMatchObject({
        type: 'yesNo',
        yesProbability: 0,
        confidence: null,
        choice: null,
        score: null,
        probabilities: null,
        legend: null,
      });
    });

    it('the fixture request defaults: d = "billing", s = 0.0 / [1.0, 0.0, 0.0], y = 0.0', async () => {
      const response = await new FakeClassification().classify(request());
      expect(response.answer('d')!.choice).toBe('billing');
      expect(response.answer('s')!.probabilities).toEqual([1, 0, 0]);
      expect(response.answer('y')!.yesProbability).toBe(0);
    });

    it('a score with no levels answers 0 with no probabilities', async () => {
      const req = new ClassificationRequest({ state: 'x', questions: { s: Q.score('None', []) } });
      expect((await new FakeClassification().classify(req)).answer('s')).toMatchObject({
        score: 0,
        probabilities: [],
        legend: [],
        confidence: 1,
      });
    });

    it('absent or [] — an explicit empty script is the same as no script', async () => {
      const fake = new FakeClassification();
      const none = await fake.classify(request());
      const empty = await fake.classify(request(), { adapterOpts: { classificationScript: [] } });
      const noAdapterOpts = await fake.classify(request(), {});
      expect(empty.answers).toEqual(none.answers);
      expect(noAdapterOpts.answers).toEqual(none.answers);
    });

    it("the answers are keyed exactly like the request's questions, in their order", async () => {
      const response = await new FakeClassification().classify(request());
      expect(Object.keys(response.answers)).toEqual(['d', 's', 'y']);
      for (const answer of Object.values(response.answers)) expect(answer).toBeInstanceOf(ClassificationAnswer);
    });

    it('an empty script gives the defaults on every call, and the cursor still moves on every call', async () => {
      const fake = new FakeClassification();
      const cursor = fake.startScriptCursor();
      for (let i = 0; i < 3; i++) {
        const response = await fake.classify(request(), {
          adapterOpts: { classificationScript: [], scriptCursor: cursor },
        });
        expect(response.answer('d')!.choice).toBe('billing');
      }
      expect(await cursorIndex(cursor)).toBe(3);
    });
  });

  describe('spent script', () => {
    it('A non-empty script whose cursor has run off the end does NOT fall back to the defaults — it returns reason :unknown with metadata cause :classification_script_exhausted', async () => {
      const fake = new FakeClassification();
      const opts = scripted([{ answers: {} }]);
      await fake.classify(request(), opts);
      const error = await adapterError(fake.classify(request(), opts));
      expect(error.reason).toBe('unknown');
      expect(error.metadata).toEqual({ cause: 'classification_script_exhausted' });
      expect(error.message).toMatch(/^K0008: FakeClassifier script exhausted: /);
      expect(error.provider).toBeNull();
    });

    it('a script of N entries answers exactly N calls; every later call is the exhaustion error, and still moves the cursor', async () => {
      const fake = new FakeClassification();
      const cursor = fake.startScriptCursor();
      const opts = {
        adapterOpts: {
          classificationScript: [{ answers: {} }, { answers: { y: 0.1 } }, { answers: { y: 0.2 } }],
          scriptCursor: cursor,
        },
      };
      for (const y of [0, 0.1, 0.2]) expect((await fake.classify(request(), opts)).answer('y')!.yesProbability).toBe(y);
      for (let i = 0; i < 2; i++)
        expect((await adapterError(fake.classify(request(), opts))).metadata.cause).toBe(
          'classification_script_exhausted',
        );
      expect(await cursorIndex(cursor)).toBe(5);
    });
  });

  describe('script shapes', () => {
    it("the seed's script: answers for team, frustration and refund; a rate_limited error; retry_until_call 3", async () => {
      const error = new ClassificationAdapterError('rate_limited');
      const req = new ClassificationRequest({
        state: 'x',
        questions: {
          team: Q.choice('Team?', ['technical', 'billing']),
          frustration: Q.score('How?', ['Calm', 'Annoyed', 'Angry']),
          refund: Q.yesNo('Refund?'),
        },
      });
      const fake = new FakeClassification();
      const opts = scripted([
        { answers: { team: 'billing', frustration: 1.25, refund: 0.9 } },
        { error },
        { retryUntilCall: 3 },
      ]);
      const first = await fake.classify(req, opts);
      expect(first.answer('team')!.choice).toBe('billing');
      expect(first.answer('frustration')).toMatchObject({
        score: 1.25,
        probabilities: [0, 0.75, 0.25],
        confidence: 0.75,
      });
      expect(first.answer('refund')!.yesProbability).toBe(0.9);
      expect(await adapterError(fake.classify(req, opts))).toBe(error);
      expect((await adapterError(fake.classify(req, opts))).reason).toBe('rate_limited');
      expect((await adapterError(fake.classify(req, opts))).reason).toBe('rate_limited');
      // call 3 against the retry entry moves on to the next entry: there is none.
      expect((await adapterError(fake.classify(req, opts))).metadata.cause).toBe('classification_script_exhausted');
    });

    it('{:answers, map} overrides the answer for each listed question id; every id not listed gets its default', async () => {
      const response = await new FakeClassification().classify(request(), scripted([{ answers: { s: 2 } }]));
      expect(response.answer('s')!.score).toBe(2);
      expect(response.answer('d')!.choice).toBe('billing');
      expect(response.answer('y')!.yesProbability).toBe(0);
    });

    describe("a value is read according to the question's type", () => {
      it(':choice — a string is the chosen option (1.0 on it, 0.0 on the others, confidence 1.0)', async () => {
        const answer = (
          await new FakeClassification().classify(request(), scripted([{ answers: { d: 'sales' } }]))
        ).answer('d')!;
        expect(answer).toMatchObject({
          choice: 'sales',
          probabilities: { billing: 0, technical: 0, sales: 1 },
          confidence: 1,
        });
      });

      it(':choice — a string must be one of the options; the error names the id and the options, sorted', async () => {
        const error = await mistake(
          new FakeClassification().classify(request(), scripted([{ answers: { d: 'legal' } }])),
          'K0011',
        );
        expect(error.message).toMatch(/"d".*billing.*sales.*technical/s);
        expect(error.message).toContain('"legal"');
      });

      it(':choice — a number raises', async () => {
        const error = await mistake(
          new FakeClassification().classify(request(), scripted([{ answers: { d: 1 } }])),
          'K0011',
        );
        expect(error.message).toContain('"d"');
        expect(error.message).toContain('an option name (a string) or a ClassificationAnswer');
      });

      it(':score — a number is the position, between 0 and n - 1', async () => {
        const answer = (await new FakeClassification().classify(request(), scripted([{ answers: { s: 1 } }]))).answer(
          's',
        )!;
        expect(answer).toMatchObject({
          score: 1,
          probabilities: [0, 1, 0],
          confidence: 1,
          legend: ['Calm', 'Annoyed', 'Angry'],
        });
      });

      it(':score — a string raises', async () => {
        const error = await mistake(
          new FakeClassification().classify(request(), scripted([{ answers: { s: 'Angry' } }])),
          'K0011',
        );
        expect(error.message).toContain('"s"');
        expect(error.message).toContain('a number (the score position) or a ClassificationAnswer');
      });

      it(':score — an out-of-range number raises: 3 on 3 levels, -0.5, NaN, Infinity', async () => {
        for (const value of [3, -0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
          const error = await mistake(
            new FakeClassification().classify(request(), scripted([{ answers: { s: value } }])),
            'K0011',
          );
          expect(error.message).toContain('"s"');
          expect(error.message).toContain('a number between 0 and 2');
        }
      });

      it(':yes_no — a number is the probability of yes, between 0 and 1 (confidence nil)', async () => {
        const answer = (
          await new FakeClassification().classify(request(), scripted([{ answers: { y: 0.25 } }]))
        ).answer('y')!;
        expect(answer).toMatchObject({ yesProbability: 0.25, confidence: null });
      });

      it(':yes_no — a string raises, and so does an out-of-range number (1.5, -0.1)', async () => {
        const yes = await mistake(
          new FakeClassification().classify(request(), scripted([{ answers: { y: 'yes' } }])),
          'K0011',
        );
        expect(yes.message).toContain('a number (the probability of yes) or a ClassificationAnswer');
        for (const value of [1.5, -0.1]) {
          const error = await mistake(
            new FakeClassification().classify(request(), scripted([{ answers: { y: value } }])),
            'K0011',
          );
          expect(error.message).toContain('"y"');
          expect(error.message).toContain('a number between 0 and 1');
        }
      });

      it('whole numbers are numbers: score 1 is 1.0, yes 1 is 1.0, and -0 is 0', async () => {
        const response = await new FakeClassification().classify(request(), scripted([{ answers: { s: -0, y: 1 } }]));
        expect(Object.is(response.answer('s')!.score, 0)).toBe(true);
        expect(response.answer('y')!.yesProbability).toBe(1);
      });

      it('%ClassificationAnswer{} — used verbatim, for every type, with no type or shape check', async () => {
        const mine = new ClassificationAnswer({ type: 'yesNo', yesProbability: 0.42 });
        const response = await new FakeClassification().classify(
          request(),
          scripted([{ answers: { d: mine, s: mine, y: mine } }]),
        );
        expect(response.answer('d')).toBe(mine);
        expect(response.answer('s')).toBe(mine);
        expect(response.answer('y')).toBe(mine);
      });

      it('any other value raises, for every type', async () => {
        for (const value of [null, true, {}, [], undefined]) {
          for (const id of ['d', 's', 'y']) {
            const error = await mistake(
              new FakeClassification().classify(request(), scripted([{ answers: { [id]: value as never } }])),
              'K0011',
            );
            expect(error.message).toContain(`"${id}"`);
          }
        }
      });

      it("an id that is not one of the request's questions raises, naming it and the request's ids", async () => {
        const error = await mistake(
          new FakeClassification().classify(request(), scripted([{ answers: { nope: 'x', d: 'billing' } }])),
          'K0011',
        );
        expect(error.message).toContain('"nope"');
        expect(error.message).toContain('"d", "s", "y"');
      });
    });

    it('a raising answer value still consumes its entry: the cursor moves before the value is read', async () => {
      const fake = new FakeClassification();
      const cursor = fake.startScriptCursor();
      const opts = {
        adapterOpts: {
          classificationScript: [{ answers: { d: 'legal' } }, { answers: { d: 'sales' } }],
          scriptCursor: cursor,
        },
      };
      await mistake(fake.classify(request(), opts), 'K0011');
      expect(await cursorIndex(cursor)).toBe(1);
      expect((await fake.classify(request(), opts)).answer('d')!.choice).toBe('sales');
    });

    it('{:error, err} returns the struct verbatim', async () => {
      const error = rateLimited();
      const returned = await adapterError(new FakeClassification().classify(request(), scripted([{ error }])));
      expect(returned).toBe(error);
      expect([returned.reason, returned.provider, returned.retryAfterMs, returned.message]).toEqual([
        'rate_limited',
        'fake',
        250,
        'K0008: scripted rate limit',
      ]);
    });
  });

  describe('fractional score arithmetic', () => {
    // The IEEE values: a fractional x puts ceil(x) - x on level floor(x) and x - floor(x) on level ceil(x).
    const table: [number, number[], number][] = [
      [0, [1, 0, 0, 0], 1],
      [0.1, [0.9, 0.1, 0, 0], 0.9],
      [0.5, [0.5, 0.5, 0, 0], 0.5],
      [1.1, [0, 0.8999999999999999, 0.10000000000000009, 0], 0.8999999999999999],
      [1.25, [0, 0.75, 0.25, 0], 0.75],
      [1.96, [0, 0.040000000000000036, 0.96, 0], 0.96],
      [2, [0, 0, 1, 0], 1],
      [2.7, [0, 0, 0.2999999999999998, 0.7000000000000002], 0.7000000000000002],
      [3, [0, 0, 0, 1], 1],
    ];
    const fourLevels = new ClassificationRequest({
      state: 'x',
      questions: { s: Q.score('How?', ['a', 'b', 'c', 'd']) },
    });

    it.each(table)(
      'a fractional score %s puts probability ceil(x) - x on level floor(x) and x - floor(x) on level ceil(x); a whole-number score puts 1.0 on that level',
      async (x, probabilities, confidence) => {
        const answer = (await new FakeClassification().classify(fourLevels, scripted([{ answers: { s: x } }]))).answer(
          's',
        )!;
        expect(answer.score).toBe(x);
        expect(answer.probabilities).toEqual(probabilities);
        expect(answer.confidence).toBe(confidence);
      },
    );

    it('a scripted fractional score reports the larger of its two level probabilities as confidence, for any position', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: 10 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          async (levels, fraction) => {
            const x = fraction * (levels - 1);
            const req = new ClassificationRequest({
              state: 'x',
              questions: {
                s: Q.score(
                  'How?',
                  Array.from({ length: levels }, (_, i) => `L${i}`),
                ),
              },
            });
            const answer = (await new FakeClassification().classify(req, scripted([{ answers: { s: x } }]))).answer(
              's',
            )!;
            const p = answer.probabilities as number[];
            expect(p).toHaveLength(levels);
            const nonZero = p.flatMap((value, level) => (value > 0 ? [level] : []));
            expect(nonZero.length).toBeGreaterThanOrEqual(1);
            expect(nonZero.length).toBeLessThanOrEqual(2);
            expect(nonZero.every((level) => level === Math.floor(x) || level === Math.ceil(x))).toBe(true);
            expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
            expect(answer.confidence).toBe(Math.max(...p));
            expect(answer.score).toBe(x + 0);
          },
        ),
      );
    });
  });

  describe('{:retry_until_call, n}', () => {
    it('returns a synthetic :rate_limited error with retry_after_ms 0 for the first n - 1 calls against this entry, then advances to the next entry on call n', async () => {
      const fake = new FakeClassification();
      const cursor = fake.startScriptCursor();
      const opts = {
        adapterOpts: {
          classificationScript: [{ answers: {} }, { retryUntilCall: 3 }, { answers: { y: 0.7 } }],
          scriptCursor: cursor,
        },
      };
      expect((await fake.classify(request(), opts)).answer('y')!.yesProbability).toBe(0);
      for (let i = 0; i < 2; i++) {
        const error = await adapterError(fake.classify(request(), opts));
        expect([error.reason, error.retryAfterMs, error.message, error.provider]).toEqual([
          'rate_limited',
          0,
          'K0008: FakeClassifier retry_until_call hint',
          null,
        ]);
        expect(await cursorIndex(cursor)).toBe(1);
      }
      expect((await fake.classify(request(), opts)).answer('y')!.yesProbability).toBe(0.7);
      expect(await cursorIndex(cursor)).toBe(3);
    });

    it('a retry entry at the end leads to the spent-script error once its budget is used', async () => {
      const fake = new FakeClassification();
      const opts = scripted([{ answers: {} }, { retryUntilCall: 2 }]);
      await fake.classify(request(), opts);
      expect((await adapterError(fake.classify(request(), opts))).reason).toBe('rate_limited');
      expect((await adapterError(fake.classify(request(), opts))).metadata.cause).toBe(
        'classification_script_exhausted',
      );
    });

    it('Consecutive {:retry_until_call, _} entries chain into a layered budget', async () => {
      const fake = new FakeClassification();
      const opts = scripted([{ retryUntilCall: 2 }, { retryUntilCall: 2 }, { answers: { y: 0.5 } }]);
      expect((await adapterError(fake.classify(request(), opts))).reason).toBe('rate_limited');
      expect((await adapterError(fake.classify(request(), opts))).reason).toBe('rate_limited');
      expect((await fake.classify(request(), opts)).answer('y')!.yesProbability).toBe(0.5);
    });

    it('{ retryUntilCall: 1 } passes straight to the next entry', async () => {
      const response = await new FakeClassification().classify(
        request(),
        scripted([{ retryUntilCall: 1 }, { answers: { y: 0.3 } }]),
      );
      expect(response.answer('y')!.yesProbability).toBe(0.3);
    });

    it.each([['x'], [2.5], [0], [-1], [Number.POSITIVE_INFINITY]])(
      'a malformed n (%s) raises "invalid FakeClassifier script entry", leading or chained',
      async (n) => {
        const leading = await mistake(
          new FakeClassification().classify(request(), scripted([{ retryUntilCall: n as number }, { answers: {} }])),
          'K0010',
        );
        expect(leading.message).toContain('invalid FakeClassifier script entry');
        const chained = await mistake(
          new FakeClassification().classify(
            request(),
            scripted([{ retryUntilCall: 1 }, { retryUntilCall: n as number }, { answers: {} }]),
          ),
          'K0010',
        );
        expect(chained.message).toContain('invalid FakeClassifier script entry at index 1');
      },
    );

    it('the retry budget keys on the same identity as the cursor: content-equal scripts under two cursor keys each get their own budget', async () => {
      const fake = new FakeClassification();
      const script: ClassificationScriptEntry[] = [{ retryUntilCall: 2 }, { answers: { y: 0.6 } }];
      for (const cursorKey of ['engine-1', 'engine-2']) {
        const opts = { adapterOpts: { classificationScript: script, cursorKey } };
        expect((await adapterError(fake.classify(request(), opts))).reason).toBe('rate_limited');
        expect((await fake.classify(request(), opts)).answer('y')!.yesProbability).toBe(0.6);
      }
    });

    it('retry visits are never reset: the budget counts every call against the entry, across calls', async () => {
      const fake = new FakeClassification();
      const opts = scripted([{ retryUntilCall: 3 }, { answers: {} }, { retryUntilCall: 3 }, { answers: {} }]);
      const outcomes: string[] = [];
      for (let i = 0; i < 7; i++)
        outcomes.push(
          await fake.classify(request(), opts).then(
            () => 'ok',
            (e: ClassificationAdapterError) => e.reason,
          ),
        );
      expect(outcomes).toEqual(['rate_limited', 'rate_limited', 'ok', 'rate_limited', 'rate_limited', 'ok', 'unknown']);
    });
  });

  describe('cursor behaviour', () => {
    it('1. adapter_opts[:script_cursor] — an explicit handle — outranks the cursor key', async () => {
      const fake = new FakeClassification();
      const cursor = fake.startScriptCursor();
      const script = [{ answers: { y: 0.1 } }, { answers: { y: 0.2 } }, { answers: { y: 0.3 } }];
      await fake.classify(request(), {
        adapterOpts: { classificationScript: script, scriptCursor: cursor, cursorKey: 7 },
      });
      await fake.classify(request(), {
        adapterOpts: { classificationScript: script, scriptCursor: cursor, cursorKey: 7 },
      });
      expect(await cursorIndex(cursor)).toBe(2);
      // The key 7 itself never moved: a call with only the key starts at the first entry.
      expect(
        (await fake.classify(request(), { adapterOpts: { classificationScript: script, cursorKey: 7 } })).answer('y')!
          .yesProbability,
      ).toBe(0.1);
    });

    it('2. adapter_opts[:cursor_key] — distinct keys keep content-equal scripts apart', async () => {
      const fake = new FakeClassification();
      const script = [{ answers: { y: 0.4 } }];
      for (const cursorKey of [1, 2, 'three']) {
        expect(
          (await fake.classify(request(), { adapterOpts: { classificationScript: script, cursorKey } })).answer('y')!
            .yesProbability,
        ).toBe(0.4);
      }
    });

    it('a number key and a string key that print alike are two cursors', async () => {
      const fake = new FakeClassification();
      const script = [{ answers: {} }];
      await fake.classify(request(), { adapterOpts: { classificationScript: script, cursorKey: 7 } });
      await expect(
        fake.classify(request(), { adapterOpts: { classificationScript: script, cursorKey: '7' } }),
      ).resolves.toBeInstanceOf(ClassificationResponse);
    });

    it('3. the content hash: the content-hash footgun remains only for DIRECT adapter calls — content-equal scripts with no key share one cursor', async () => {
      const fake = new FakeClassification();
      await fake.classify(request(), { adapterOpts: { classificationScript: [{ answers: { y: 0.5 } }] } });
      const error = await adapterError(
        fake.classify(request(), { adapterOpts: { classificationScript: [{ answers: { y: 0.5 } }] } }),
      );
      expect(error.metadata.cause).toBe('classification_script_exhausted');
    });

    it('workaround for that path: distinct script cursors from start_script_cursor/0', async () => {
      const fake = new FakeClassification();
      for (const cursor of [fake.startScriptCursor(), fake.startScriptCursor()]) {
        const response = await fake.classify(request(), {
          adapterOpts: { classificationScript: [{ answers: { y: 0.5 } }], scriptCursor: cursor },
        });
        expect(response.answer('y')!.yesProbability).toBe(0.5);
      }
    });

    it('the cursor keys on identity only, not on script content: one key used with two scripts shares one counter', async () => {
      const fake = new FakeClassification();
      await fake.classify(request(), {
        adapterOpts: { classificationScript: [{ answers: { y: 0.1 } }, { answers: { y: 0.2 } }], cursorKey: 'k' },
      });
      const second = await fake.classify(request(), {
        adapterOpts: { classificationScript: [{ answers: { y: 0.8 } }, { answers: { y: 0.9 } }], cursorKey: 'k' },
      });
      expect(second.answer('y')!.yesProbability).toBe(0.9);
    });

    it('used directly, each fake keeps its cursors in a store of its own: two fakes never share', async () => {
      const script = [{ answers: { y: 0.5 } }];
      for (const fake of [new FakeClassification(), new FakeClassification()]) {
        expect(
          (await fake.classify(request(), { adapterOpts: { classificationScript: script } })).answer('y')!
            .yesProbability,
        ).toBe(0.5);
      }
    });

    it('given a store, the fake keeps its cursors there, partitioned by adapterOpts.scope', async () => {
      const store = new MemoryCursorStore();
      const fake = new FakeClassification({ store });
      const script = [{ answers: { y: 0.5 } }];
      for (const scope of ['a', 'b']) {
        expect(
          (
            await fake.classify(request(), { adapterOpts: { classificationScript: script, cursorKey: 'k', scope } })
          ).answer('y')!.yesProbability,
        ).toBe(0.5);
      }
      expect((await store.scopesOf('classification:key:string:k')).sort()).toEqual(['a', 'b']);
      expect(await store.peek('a', 'classification:key:string:k')).toBe(1);
    });

    it("a fake's own script keeps its cursors apart from other fakes', even in one store under one key", async () => {
      const store = new MemoryCursorStore();
      for (const fake of [
        new FakeClassification({ store, script: [{ answers: { y: 0.5 } }] }),
        new FakeClassification({ store, script: [{ answers: { y: 0.5 } }] }),
      ]) {
        expect(
          (await fake.classify(request(), { adapterOpts: { cursorKey: 'engine' } })).answer('y')!.yesProbability,
        ).toBe(0.5);
      }
    });

    it('calls on one cursor made at once take the entries in call order', async () => {
      const fake = new FakeClassification();
      const opts = scripted([
        { answers: { y: 0.1 } },
        { retryUntilCall: 2 },
        { answers: { y: 0.3 } },
        { answers: { y: 0.4 } },
      ]);
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () =>
          fake.classify(request(), opts).then(
            (r) => r.answer('y')!.yesProbability,
            (e: ClassificationAdapterError) => e.reason,
          ),
        ),
      );
      expect(outcomes).toEqual([0.1, 'rate_limited', 0.3, 0.4, 'unknown']);
    });
  });

  describe('test-only capture seam', () => {
    it('receives { request, opts } every time classify is invoked, with the opts as received', async () => {
      const calls: ClassificationCall[] = [];
      const fake = new FakeClassification();
      const req = request();
      const opts = { requestId: 'rid-1', adapterOpts: { capture: (call: ClassificationCall) => calls.push(call) } };
      await fake.classify(req, opts);
      await fake.classify(req, opts);
      expect(calls).toHaveLength(2);
      expect(calls[0]!.request).toBe(req);
      expect(calls[0]!.opts).toBe(opts);
    });

    it('fires BEFORE the empty-questions gate runs and before the script is consulted', async () => {
      const calls: ClassificationCall[] = [];
      const fake = new FakeClassification();
      const cursor = fake.startScriptCursor();
      const empty = new ClassificationRequest({ state: 'x', questions: {} });
      const error = await adapterError(
        fake.classify(empty, {
          adapterOpts: { capture: (c) => calls.push(c), classificationScript: [{ answers: {} }], scriptCursor: cursor },
        }),
      );
      expect(error.reason).toBe('invalid_request');
      expect(calls.map((c) => c.request)).toEqual([empty]);
      expect(await cursorIndex(cursor)).toBe(0);
    });

    it('does not affect the response', async () => {
      const fake = new FakeClassification();
      const plain = await fake.classify(request(), { requestId: 'r' });
      const captured = await fake.classify(request(), { requestId: 'r', adapterOpts: { capture: () => 'ignored' } });
      expect(captured).toEqual(plain);
    });
  });

  describe('.classify', () => {
    it('iex> a scripted refund of 0.9 answers yes_probability 0.9', async () => {
      const q = Q.yesNo('Is a refund requested?');
      const req = new ClassificationRequest({ state: 'Please refund me.', questions: { refund: q } });
      const opts = { adapterOpts: { classificationScript: [{ answers: { refund: 0.9 } }] } };
      const resp = await new FakeClassification().classify(req, opts);
      expect(resp.answer('refund')!.yesProbability).toBe(0.9);
    });

    it('iex> questions: %{} returns reason :invalid_request', async () => {
      const req = new ClassificationRequest({ state: 'x', questions: {} });
      const err = await adapterError(new FakeClassification().classify(req));
      expect(err.reason).toBe('invalid_request');
      expect(err.message).toBe('K0008: questions must not be empty');
      expect(err.metadata).toEqual({ field: 'questions' });
      expect(err.provider).toBeNull();
    });

    it('the response carries model: request.model || "fake-classification", provider: :fake, zero token usage, request_id: opts[:request_id], metadata: request.metadata, and id: nil', async () => {
      const fake = new FakeClassification();
      const response = await fake.classify(request({ model: 'jev-1.13.0', metadata: { trace: 't' } }), {
        requestId: 'rid-1',
      });
      expect(response).toBeInstanceOf(ClassificationResponse);
      expect(response).toMatchObject({
        id: null,
        requestId: 'rid-1',
        model: 'jev-1.13.0',
        provider: 'fake',
        raw: null,
        usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        metadata: { trace: 't' },
      });
      const defaults = await fake.classify(request());
      expect([defaults.model, defaults.requestId, defaults.metadata]).toEqual(['fake-classification', null, {}]);
    });

    it('anything but a legal entry raises "invalid FakeClassifier script entry", after the cursor has moved', async () => {
      const bad: unknown[] = [
        { answers: 'x' },
        { ok: [] },
        { error: new Error('x') },
        { error: 'rate_limited' },
        { answers: {}, extra: 1 },
        null,
        'answers',
        [1],
        {},
      ];
      for (const entry of bad) {
        const fake = new FakeClassification();
        const cursor = fake.startScriptCursor();
        const error = await mistake(
          fake.classify(request(), {
            adapterOpts: { classificationScript: [entry as ClassificationScriptEntry], scriptCursor: cursor },
          }),
          'K0010',
        );
        expect(error.message).toContain('invalid FakeClassifier script entry at index 0');
        expect(await cursorIndex(cursor)).toBe(1);
      }
    });

    it('a script that is not a list is a typed error', async () => {
      await mistake(
        new FakeClassification().classify(request(), {
          adapterOpts: { classificationScript: { answers: {} } as never },
        }),
        'K0010',
      );
    });

    it('a request that is not a ClassificationRequest, or options of the wrong shape, are typed errors', async () => {
      const fake = new FakeClassification();
      await mistake(fake.classify({ state: 'x', questions: questions() } as never), 'K0003');
      await mistake(fake.classify(request(), 'opts' as never), 'K0004');
      await mistake(fake.classify(request(), { requestId: 7 } as never), 'K0004');
      await mistake(fake.classify(request(), { adapterOpts: 'x' } as never), 'K0004');
      await mistake(fake.classify(request(), { adapterOpts: { scriptCursor: 'pid' } } as never), 'K0004');
      await mistake(fake.classify(request(), { adapterOpts: { cursorKey: {} } } as never), 'K0004');
      await mistake(fake.classify(request(), { adapterOpts: { capture: 'me' } } as never), 'K0004');
      await mistake(fake.classify(request(), { adapterOpts: { scope: 1 } } as never), 'K0004');
      await mistake(
        new FakeClassification().classify(new ClassificationRequest({ state: 'x', questions: 'd' as never })),
        'K0003',
      );
    });

    it("a mistyped option name is caught, while other classifiers' own options pass", async () => {
      const fake = new FakeClassification();
      const typo = await mistake(fake.classify(request(), { adapterOpts: { classificationScirpt: [] } }), 'K0004');
      expect(typo.message).toContain("Did you mean 'classificationScript'?");
      await mistake(fake.classify(request(), { requestID: 'r' } as never), 'K0004');
      await expect(
        fake.classify(request(), { adapterOpts: { plug: () => undefined, requestTimeoutMs: 5 } }),
      ).resolves.toBeInstanceOf(ClassificationResponse);
    });

    it('never throws anything but a typed error, whatever the script holds', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.oneof(
              fc.anything(),
              fc.record({ answers: fc.dictionary(fc.constantFrom('d', 's', 'y', 'x'), fc.anything()) }),
              fc.record({ retryUntilCall: fc.anything() }),
            ),
          ),
          fc.integer({ min: 1, max: 4 }),
          async (script, calls) => {
            const fake = new FakeClassification();
            for (let i = 0; i < calls; i++) {
              try {
                const response = await fake.classify(request(), {
                  adapterOpts: { classificationScript: script as ClassificationScriptEntry[] },
                });
                expect(Object.keys(response.answers)).toEqual(['d', 's', 'y']);
              } catch (error) {
                expect(error).toBeInstanceOf(StandinError);
              }
            }
          },
        ),
      );
    });
  });

  describe('settings', () => {
    it("its own script wins over a call's classificationScript", async () => {
      const fake = new FakeClassification({ script: [{ answers: { y: 0.9 } }] });
      const response = await fake.classify(request(), {
        adapterOpts: { classificationScript: [{ answers: { y: 0.1 } }] },
      });
      expect(response.answer('y')!.yesProbability).toBe(0.9);
    });

    it('its own script is checked at once', () => {
      expect(() => new FakeClassification({ script: [{ answers: {} }, { retryUntilCall: 0 }] })).toThrow(
        /invalid FakeClassifier script entry at index 1/,
      );
      expect(() => new FakeClassification({ scrip: [] } as never)).toThrow(expect.objectContaining({ code: 'K0004' }));
      expect(() => new FakeClassification('x' as never)).toThrow(expect.objectContaining({ code: 'K0004' }));
    });
  });

  describe('.script', () => {
    it('iex> script([{:answers, %{"team" => "billing"}}, {:retry_until_call, 2}]) is :ok', () => {
      const entries: ClassificationScriptEntry[] = [{ answers: { team: 'billing' } }, { retryUntilCall: 2 }];
      expect(FakeClassification.script(entries)).toBe(entries);
    });

    it('raises on the first invalid entry, naming its index', () => {
      const error = (() => {
        try {
          FakeClassification.script([{ answers: {} }, { retryUntilCall: 2.5 }, { answers: 'x' } as never]);
        } catch (e) {
          return e as StandinError;
        }
        throw new Error('expected a throw');
      })();
      expect(error.code).toBe('K0010');
      expect(error.message).toContain('invalid FakeClassifier script entry at index 1');
    });

    it('checks entry shapes only: whether an answer fits its question is checked when classify reads it', () => {
      expect(() => FakeClassification.script([{ answers: { anything: { not: 'checked' } as never } }])).not.toThrow();
      expect(() => FakeClassification.script({} as never)).toThrow(expect.objectContaining({ code: 'K0010' }));
      expect(() => FakeClassification.script(new Array(2).fill({ answers: {} }, 1) as never)).toThrow(
        expect.objectContaining({ code: 'K0010' }),
      );
    });

    it('validation is opt-in: classify/2 does not call it, so earlier entries answer before a bad one raises', async () => {
      const fake = new FakeClassification();
      const opts = scripted([{ answers: {} }, { bad: true } as never]);
      await expect(fake.classify(request(), opts)).resolves.toBeInstanceOf(ClassificationResponse);
      await mistake(fake.classify(request(), opts), 'K0010');
    });
  });

  describe('.startScriptCursor and .cursorIndex', () => {
    it('iex> a new script cursor is at index 0', async () => {
      const pid = new FakeClassification().startScriptCursor();
      expect(await FakeClassification.cursorIndex(pid)).toBe(0);
    });

    it('iex> one scripted call moves the cursor to 1', async () => {
      const fake = new FakeClassification();
      const pid = fake.startScriptCursor();
      const q = Q.yesNo('Spam?');
      const req = new ClassificationRequest({ state: 'x', questions: { spam: q } });
      const opts = { adapterOpts: { classificationScript: [{ answers: {} }], scriptCursor: pid } };
      await expect(fake.classify(req, opts)).resolves.toBeInstanceOf(ClassificationResponse);
      expect(await FakeClassification.cursorIndex(pid)).toBe(1);
    });

    it("a handle started on one fake lives in that fake's store and works with any fake", async () => {
      const owner = new FakeClassification();
      const pid = owner.startScriptCursor();
      await new FakeClassification().classify(request(), {
        adapterOpts: { classificationScript: [{ answers: {} }, { answers: {} }], scriptCursor: pid },
      });
      expect(await cursorIndex(pid)).toBe(1);
      expect(pid.store).not.toBeUndefined();
    });
  });

  describe('.pending and .verify, used directly', () => {
    it('lists every entry of its own script when it was never called', async () => {
      const fake = new FakeClassification({ script: [{ answers: {} }, { retryUntilCall: 2 }] });
      expect(await fake.pending()).toEqual([
        { scope: null, index: 0, entry: { answers: {} } },
        { scope: null, index: 1, entry: { retryUntilCall: 2 } },
      ]);
      await expect(fake.verify()).rejects.toThrow(/2 script entries were never used[\s\S]*the fake was never called/);
    });

    it('counts a retry entry whose budget is not yet spent as unused', async () => {
      const fake = new FakeClassification({ script: [{ retryUntilCall: 3 }, { answers: {} }] });
      await fake.classify(request()).catch(() => undefined);
      expect((await fake.pending()).map((p) => p.index)).toEqual([0, 1]);
      await fake.classify(request()).catch(() => undefined);
      await fake.classify(request());
      expect(await fake.pending()).toEqual([]);
      await expect(fake.verify()).resolves.toBeUndefined();
    });

    it("reports an explicit handle's cursor with no scope", async () => {
      const fake = new FakeClassification({ script: [{ answers: {} }, { answers: {} }] });
      await fake.classify(request(), { adapterOpts: { scriptCursor: fake.startScriptCursor() } });
      expect(await fake.pending()).toEqual([{ scope: null, index: 1, entry: { answers: {} } }]);
      await expect(fake.verify()).rejects.toThrow(/explicit cursor handle/);
    });
  });
});
