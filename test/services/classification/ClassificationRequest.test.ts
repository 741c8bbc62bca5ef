import { describe, expect, it } from 'vitest';
import { ClassificationQuestion as Q, ClassificationRequest } from '../../../src/index.js';

describe(ClassificationRequest, () => {
  it('holds state, questions, model, options and metadata; model is null, options and metadata empty when left out', () => {
    const questions = { team: Q.choice('Which team?', ['billing']) };
    const request = new ClassificationRequest({ state: 'x', questions });
    expect(request).toMatchObject({ state: 'x', questions, model: null, options: {}, metadata: {} });
    const full = new ClassificationRequest({
      state: { text: 'x' },
      questions,
      model: 'jev-latest',
      options: { fast: true },
      metadata: { ticket: 1 },
    });
    expect(full).toMatchObject({ model: 'jev-latest', options: { fast: true }, metadata: { ticket: 1 } });
  });

  it('is constructible with state: nil and questions: %{}, so the validator can report them', () => {
    const request = new ClassificationRequest({ state: null as never, questions: {} });
    expect(request.questions).toEqual({});
    expect(new ClassificationRequest({ state: 'x' } as never).questions).toEqual({});
  });

  it('rejects an unknown key, suggesting the closest', () => {
    expect(() => new ClassificationRequest({ state: 'x', question: {} } as never)).toThrow(
      /unknown key 'question'\. Did you mean 'questions'\?/,
    );
    expect(() => new ClassificationRequest('x' as never)).toThrow(expect.objectContaining({ code: 'K0003' }));
  });
});
