import { expectTypeOf, test } from 'vitest';
import { Tokens, createContainer, type Classifier, type ClassificationResponse } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { type FakeClassifier } from '../../../src/testing.js';

test('Tokens.Classifier resolves to a Classifier', () => {
  expectTypeOf(createContainer({}).get(Tokens.Classifier)).toEqualTypeOf<Classifier>();
});

test('app.classify answers a ClassificationResponse, and fakeClassifier a FakeClassifier', () => {
  const app = createTestApp();
  expectTypeOf(app.fakeClassifier()).toEqualTypeOf<FakeClassifier>();
  expectTypeOf(app.classify('x', {})).toEqualTypeOf<Promise<ClassificationResponse>>();
  // @ts-expect-error questions are ClassificationQuestions
  void app.classify('x', { team: 'billing' });
});
