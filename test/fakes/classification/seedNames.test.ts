import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ClassificationQuestion as Q,
  ClassificationRequest,
  validateClassificationRequest,
  type ClassificationProblem,
} from 'standin';
import { FakeClassification, FakeClassifier, type FakeClassificationSettings } from 'standin/testing';

describe('FakeClassification, the seed’s name of the scripted classifier', () => {
  it('is the class FakeClassifier names: one class under two names', () => {
    expect(FakeClassification).toBe(FakeClassifier);
    expect(new FakeClassifier()).toBeInstanceOf(FakeClassification);
    expectTypeOf<FakeClassification>().toEqualTypeOf<FakeClassifier>();
    expectTypeOf<ConstructorParameters<typeof FakeClassification>[0]>().toEqualTypeOf<
      FakeClassificationSettings | undefined
    >();
  });

  it('answers the seed’s first example: with no script, a choice gets its lexicographically first option', async () => {
    const request = new ClassificationRequest({
      state: 'My card was charged twice.',
      questions: { team: Q.choice('Which team?', ['technical', 'billing']) },
    });
    const response = await new FakeClassification().classify(request);
    expect(response.answer('team')?.choice).toBe('billing');
  });

  it('answers the seed’s classify example: a scripted yes-no number is its yes probability', async () => {
    const request = new ClassificationRequest({
      state: 'Please refund me.',
      questions: { refund: Q.yesNo('Is a refund requested?') },
    });
    const adapterOpts = { classificationScript: [{ answers: { refund: 0.9 } }] };
    const response = await new FakeClassification().classify(request, { adapterOpts });
    expect(response.answer('refund')?.yesProbability).toBe(0.9);
  });
});

describe('validateClassificationRequest, as the classifier docs name it', () => {
  it("imports from 'standin' and returns every problem with its path and reason", () => {
    const request = new ClassificationRequest({
      state: null as never,
      questions: { anger: Q.score('How angry?', ['only']) },
    });
    const problems: ClassificationProblem[] = validateClassificationRequest(request);
    expect(problems).toEqual([
      { path: ['state'], reason: 'empty' },
      { path: ['questions', 'anger', 'criteria'], reason: 'too_few_levels' },
    ]);
  });
});
