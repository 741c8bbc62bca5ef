import { expectTypeOf, test } from 'vitest';
import { Tokens, createContainer, type ClassificationAdapter, type ClassificationResponse } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { type FakeClassification } from '../../../src/testing.js';

test('Tokens.Classifier resolves to a ClassificationAdapter', () => {
  expectTypeOf(createContainer({}).get(Tokens.Classifier)).toEqualTypeOf<ClassificationAdapter>();
});

test('app.classify answers a ClassificationResponse, and fakeClassifier a FakeClassification', () => {
  const app = createTestApp();
  expectTypeOf(app.fakeClassifier()).toEqualTypeOf<FakeClassification>();
  expectTypeOf(app.classify('x', {})).toEqualTypeOf<Promise<ClassificationResponse>>();
  // @ts-expect-error questions are ClassificationQuestions
  void app.classify('x', { team: 'billing' });
});
