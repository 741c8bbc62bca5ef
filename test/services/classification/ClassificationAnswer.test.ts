import { describe, expect, it } from 'vitest';
import { ClassificationAnswer, type StandinError } from '../../../src/index.js';

describe(ClassificationAnswer, () => {
  it('fills every field left out with null, and metadata with {}', () => {
    expect(new ClassificationAnswer({ type: 'yesNo', yesProbability: 0.9 })).toEqual(
      Object.assign(Object.create(ClassificationAnswer.prototype), {
        type: 'yesNo',
        choice: null,
        score: null,
        yesProbability: 0.9,
        probabilities: null,
        legend: null,
        confidence: null,
        metadata: {},
      }),
    );
  });

  it('requires a type, and one of choice, score and yesNo', () => {
    for (const init of [{}, { type: 'yes_no' }, { type: null }]) {
      expect(() => new ClassificationAnswer(init as never)).toThrow(expect.objectContaining({ code: 'K0002' }));
    }
  });

  it('rejects a field of the wrong type, naming its path', () => {
    try {
      new ClassificationAnswer({ type: 'score', score: '1' as never, probabilities: [0.5, 'x'] as never });
      throw new Error('expected a throw');
    } catch (error) {
      expect((error as StandinError).code).toBe('K0002');
      expect((error as StandinError).message).toContain('answer.score: expected a number, or null, got a string.');
      expect((error as StandinError).message).toContain('answer.probabilities');
    }
    expect(() => new ClassificationAnswer({ type: 'choice', colour: 'red' } as never)).toThrow(/unknown key 'colour'/);
  });

  describe('.value', () => {
    it('is the choice, the score, or the probability of yes', () => {
      expect(new ClassificationAnswer({ type: 'choice', choice: 'billing' }).value()).toBe('billing');
      expect(new ClassificationAnswer({ type: 'score', score: 1.5 }).value()).toBe(1.5);
      expect(new ClassificationAnswer({ type: 'yesNo', yesProbability: 0.2 }).value()).toBe(0.2);
    });
  });
});
