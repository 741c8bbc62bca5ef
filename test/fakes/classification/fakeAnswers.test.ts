import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  byCodePoint,
  defaultAnswer,
  fakeAnswers,
  scriptedAnswer,
} from '../../../src/fakes/classification/fakeAnswers.js';
import { ClassificationQuestion as Q, type StandinError } from '../../../src/index.js';

describe('fake answers', () => {
  describe(byCodePoint, () => {
    it('orders well-formed strings as their UTF-8 bytes do', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
          expect(Math.sign(byCodePoint(a, b))).toBe(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
        }),
      );
    });
  });

  describe(defaultAnswer, () => {
    it('answers a hand-built choice whose options are a record, by its first option name', () => {
      expect(defaultAnswer('d', { type: 'choice', criteria: { b: 'B', a: null } }).choice).toBe('a');
    });
  });

  describe(scriptedAnswer, () => {
    it('never answers outside 0..1 for a yes-no, or outside the levels for a score, for any number', () => {
      fc.assert(
        fc.property(fc.double(), (x) => {
          for (const [id, question] of [
            ['y', Q.yesNo('?')],
            ['s', Q.score('?', ['a', 'b', 'c'])],
          ] as const) {
            try {
              const answer = scriptedAnswer(id, question, x);
              const value = answer.value() as number;
              expect(value).toBeGreaterThanOrEqual(0);
              expect(value).toBeLessThanOrEqual(id === 'y' ? 1 : 2);
            } catch (error) {
              expect((error as StandinError).code).toBe('K0011');
            }
          }
        }),
      );
    });
  });

  describe(fakeAnswers, () => {
    it('takes no overrides as every default', () => {
      const answers = fakeAnswers({ y: Q.yesNo('?') });
      expect(answers.y!.yesProbability).toBe(0);
    });

    it('does not see an override named like an Object.prototype key as a question', () => {
      expect(() => fakeAnswers({ y: Q.yesNo('?') }, { toString: 1 })).toThrow(
        expect.objectContaining({ code: 'K0011' }),
      );
    });
  });
});
