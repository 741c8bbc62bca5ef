import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ClassificationQuestion as Q,
  ClassificationRequest,
  validateClassificationRequest,
} from '../../../src/index.js';
import { describeProblems } from '../../../src/services/classification/describeProblems.js';

const team = () => Q.choice('Which team?', ['billing', 'technical']);
const valid = () => new ClassificationRequest({ state: 'My card was charged twice.', questions: { team: team() } });

describe(validateClassificationRequest, () => {
  it('returns no problem for a valid request', () => {
    expect(validateClassificationRequest(valid())).toEqual([]);
  });

  it('example: state: nil and a one-level score give [state: empty, questions.anger.criteria: too_few_levels]', () => {
    const request = new ClassificationRequest({
      state: null as never,
      questions: { anger: Q.score('How angry?', ['only']) },
    });
    expect(validateClassificationRequest(request)).toEqual([
      { path: ['state'], reason: 'empty' },
      { path: ['questions', 'anger', 'criteria'], reason: 'too_few_levels' },
    ]);
  });

  it('example: classify(engine, "", questions: %{}) gives [questions: empty, state: empty], in that order', () => {
    expect(validateClassificationRequest(new ClassificationRequest({ state: '', questions: {} }))).toEqual([
      { path: ['questions'], reason: 'empty' },
      { path: ['state'], reason: 'empty' },
    ]);
  });

  describe('rule order', () => {
    it('hard reject: questions that are not a record give exactly [questions: invalid_shape], and no other rule runs', () => {
      for (const questions of [[team()], 'team', null, new Map([['team', team()]]), team()]) {
        expect(
          validateClassificationRequest(
            new ClassificationRequest({ state: null as never, questions: questions as never, model: 1 as never }),
          ),
        ).toEqual([{ path: ['questions'], reason: 'invalid_shape' }]);
      }
    });

    it('then questions, state, model, and each question in order: id, question, type, instructions, criteria', () => {
      const request = new ClassificationRequest({
        state: 42 as never,
        model: 7 as never,
        questions: {
          '': team(),
          plain: { type: 'choice' } as never,
          odd: new Q({ type: 'ranking' as 'choice', instructions: '' }),
          team: new Q({ type: 'choice', instructions: [], criteria: {} }),
        },
      });
      expect(validateClassificationRequest(request)).toEqual([
        { path: ['state'], reason: 'invalid_shape' },
        { path: ['model'], reason: 'invalid_shape' },
        { path: ['questions', ''], reason: 'invalid_id' },
        { path: ['questions', 'plain'], reason: 'invalid_question' },
        { path: ['questions', 'odd', 'type'], reason: 'invalid_type' },
        { path: ['questions', 'odd', 'instructions'], reason: 'empty' },
        { path: ['questions', 'team', 'instructions'], reason: 'empty' },
        { path: ['questions', 'team', 'criteria'], reason: 'empty' },
      ]);
    });

    it('an invalid id still has its question validated', () => {
      const request = new ClassificationRequest({ state: 'x', questions: { '': Q.score('?', []) } });
      expect(validateClassificationRequest(request)).toEqual([
        { path: ['questions', ''], reason: 'invalid_id' },
        { path: ['questions', '', 'criteria'], reason: 'empty' },
      ]);
    });
  });

  describe('state (and instructions, by the same rule)', () => {
    it('is empty when null, undefined, "", [] or {}', () => {
      for (const state of [null, undefined, '', [], {}]) {
        expect(
          validateClassificationRequest(
            new ClassificationRequest({ state: state as never, questions: { team: team() } }),
          ),
        ).toEqual([{ path: ['state'], reason: 'empty' }]);
        const question = new Q({ type: 'yesNo', instructions: state as never });
        expect(
          validateClassificationRequest(new ClassificationRequest({ state: 'x', questions: { q: question } })),
        ).toEqual([{ path: ['questions', 'q', 'instructions'], reason: 'empty' }]);
      }
    });

    it('has an invalid shape unless a string, a plain object or a list', () => {
      for (const state of [1, true, new Date(), valid(), new Map()]) {
        expect(
          validateClassificationRequest(
            new ClassificationRequest({ state: state as never, questions: { team: team() } }),
          ),
        ).toEqual([{ path: ['state'], reason: 'invalid_shape' }]);
      }
    });

    it('is not JSON-encodable with a function, a cycle, NaN, a class instance or a lone surrogate inside', () => {
      const cycle: Record<string, unknown> = { a: 1 };
      cycle.self = cycle;
      for (const state of [
        { f: () => 1 },
        cycle,
        [Number.NaN],
        { at: new Date() },
        'broken \uD800 text',
        [1, undefined],
      ]) {
        expect(
          validateClassificationRequest(
            new ClassificationRequest({ state: state as never, questions: { team: team() } }),
          ),
        ).toEqual([{ path: ['state'], reason: 'not_json_encodable' }]);
      }
    });

    it('accepts a list of anything JSON, such as [1, {}] (element types are not checked)', () => {
      expect(
        validateClassificationRequest(new ClassificationRequest({ state: [1, {}], questions: { team: team() } })),
      ).toEqual([]);
    });
  });

  describe('criteria', () => {
    const check = (question: Q) =>
      validateClassificationRequest(new ClassificationRequest({ state: 'x', questions: { q: question } }));
    const at = ['questions', 'q', 'criteria'];

    it('choice: a record of options, not empty, each named with a non-empty string', () => {
      expect(check(new Q({ type: 'choice', instructions: 'x', criteria: ['a'] }))).toEqual([
        { path: at, reason: 'invalid_shape' },
      ]);
      expect(check(Q.choice('x', []))).toEqual([{ path: at, reason: 'empty' }]);
      expect(check(Q.choice('x', ['', 'a']))).toEqual([{ path: [...at, ''], reason: 'invalid_option' }]);
    });

    it('score: a list of at least two levels', () => {
      expect(check(new Q({ type: 'score', instructions: 'x', criteria: { a: 1 } }))).toEqual([
        { path: at, reason: 'invalid_shape' },
      ]);
      expect(check(Q.score('x', []))).toEqual([{ path: at, reason: 'empty' }]);
      expect(check(Q.score('x', ['only']))).toEqual([{ path: at, reason: 'too_few_levels' }]);
      expect(check(Q.score('x', ['low', 'high']))).toEqual([]);
    });

    it('yes-no: nothing, or { true?, false? } ({} included)', () => {
      expect(check(Q.yesNo('x'))).toEqual([]);
      expect(check(Q.yesNo('x', {}))).toEqual([]);
      expect(check(new Q({ type: 'yesNo', instructions: 'x', criteria: { yes: 'y' } as never }))).toEqual([
        { path: at, reason: 'invalid_shape' },
      ]);
      expect(check(new Q({ type: 'yesNo', instructions: 'x', criteria: ['y'] }))).toEqual([
        { path: at, reason: 'invalid_shape' },
      ]);
    });

    it('is checked for JSON only when no other criteria rule fired', () => {
      expect(check(Q.choice('x', { a: () => 1 }))).toEqual([{ path: at, reason: 'not_json_encodable' }]);
      expect(check(Q.score('x', ['a', Number.POSITIVE_INFINITY]))).toEqual([
        { path: at, reason: 'not_json_encodable' },
      ]);
      expect(check(Q.score('x', [() => 1]))).toEqual([{ path: at, reason: 'too_few_levels' }]);
    });

    it('is not checked for a question of an unknown type', () => {
      expect(check(new Q({ type: 'rank' as 'choice', instructions: 'x', criteria: 5 as never }))).toEqual([
        { path: ['questions', 'q', 'type'], reason: 'invalid_type' },
      ]);
    });
  });

  it('does not check provider limits: a 300-option choice passes', () => {
    const options = Array.from({ length: 300 }, (_, i) => `option-${i}`);
    expect(
      validateClassificationRequest(
        new ClassificationRequest({ state: 'x', questions: { q: Q.choice('x', options) } }),
      ),
    ).toEqual([]);
  });

  it('never throws, whatever it is handed', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (state, questions, model) => {
        expect(Array.isArray(validateClassificationRequest({ state, questions, model }))).toBe(true);
        expect(Array.isArray(validateClassificationRequest(state))).toBe(true);
      }),
    );
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    expect(validateClassificationRequest({ state: hostile, questions: { team: team() } })).toEqual([
      { path: ['state'], reason: 'not_json_encodable' },
    ]);
  });

  it('a request that is not an object has an invalid shape', () => {
    expect(validateClassificationRequest('x')).toEqual([{ path: [], reason: 'invalid_shape' }]);
  });
});

describe(describeProblems, () => {
  it('writes each problem with its path, its reason and a fix', () => {
    expect(
      describeProblems('request', [
        { path: ['questions'], reason: 'empty' },
        { path: ['questions', 'my id', 'criteria'], reason: 'too_few_levels' },
        { path: ['questions', 'q', 'criteria', ''], reason: 'invalid_option' },
      ]),
    ).toEqual([
      'request.questions: empty. Ask at least one question: { team: ClassificationQuestion.choice(...) }.',
      'request.questions["my id"].criteria: too_few_levels. Give a score at least two levels: a single level always scores 0.',
      'request.questions.q.criteria[""]: invalid_option. Name each option with a non-empty string.',
    ]);
  });
});
