import { describe, expect, it } from 'vitest';
import { ClassificationAnswer, ClassificationResponse } from '../../../src/index.js';

describe(ClassificationResponse, () => {
  it('fills what is left out: null ids, model and provider, no answers, unknown usage, empty metadata', () => {
    expect(new ClassificationResponse()).toMatchObject({
      id: null,
      requestId: null,
      model: null,
      provider: null,
      raw: null,
      answers: {},
      usage: { inputTokens: null, outputTokens: null, totalTokens: null },
      metadata: {},
    });
  });

  it('rejects answers that are not ClassificationAnswers, and usage that is not whole numbers', () => {
    expect(() => new ClassificationResponse({ answers: { d: { type: 'choice' } as never } })).toThrow(
      expect.objectContaining({ code: 'K0002' }),
    );
    expect(() => new ClassificationResponse({ usage: { inputTokens: -1 } })).toThrow(/response\.usage\.inputTokens/);
    expect(() => new ClassificationResponse({ provider: 1 } as never)).toThrow(
      expect.objectContaining({ code: 'K0002' }),
    );
  });

  describe('.answer', () => {
    it('is the answer to a question id, or undefined for an id it does not hold', () => {
      const team = new ClassificationAnswer({ type: 'choice', choice: 'billing' });
      const response = new ClassificationResponse({ answers: { team } });
      expect(response.answer('team')).toBe(team);
      expect(response.answer('nope')).toBeUndefined();
      expect(response.answer('toString')).toBeUndefined();
    });
  });
});
