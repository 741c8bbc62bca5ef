import { describe, expect, it } from 'vitest';
import { ClassificationQuestion, StandinError } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';

const team = ClassificationQuestion.choice('Which team?', ['billing', 'sales']);

describe('question ids and option names that are Object.prototype members', () => {
  it("refuses the question id '__proto__' with K0003 rather than answering without it", async () => {
    const app = createTestApp();
    app.fakeClassifier();
    const questions = JSON.parse('{"__proto__": 0, "team": 0}') as Record<string, ClassificationQuestion>;
    Object.defineProperty(questions, '__proto__', { value: ClassificationQuestion.yesNo('Urgent?'), enumerable: true });
    questions.team = team;
    const error = await app.classify('Refund me', questions).catch((e: unknown) => e as StandinError);
    expect(error).toBeInstanceOf(StandinError);
    expect((error as StandinError).code).toBe('K0003');
    expect((error as StandinError).message).toContain(
      "request.questions.__proto__: invalid_id. Give each question a non-empty string id other than '__proto__'.",
    );
  });

  it.each(['toString', 'constructor', 'hasOwnProperty'])(
    "answers a question with id '%s', and an unasked one with nothing",
    async (id) => {
      const app = createTestApp();
      app.fakeClassifier([{ answers: { [id]: 'sales' } }]);
      const response = await app.classify('Refund me', { [id]: team });
      expect(response.answer(id)?.choice).toBe('sales');
      expect(Object.getPrototypeOf(response.answers)).toBe(Object.prototype);
      expect(response.answer(id === 'toString' ? 'valueOf' : 'toString')).toBeUndefined();
    },
  );

  it("takes 'constructor' as an option name", async () => {
    const app = createTestApp();
    app.fakeClassifier([{ answers: { kind: 'constructor' } }]);
    const response = await app.classify('Refund me', {
      kind: ClassificationQuestion.choice('Which?', ['constructor', 'toString']),
    });
    expect(response.answer('kind')?.choice).toBe('constructor');
  });

  it("refuses the option name '__proto__' with K0001", () => {
    expect(() => ClassificationQuestion.choice('Which?', ['__proto__', 'billing'])).toThrow(
      expect.objectContaining({ code: 'K0001' }),
    );
    const record = JSON.parse('{"__proto__": "odd", "billing": "charges"}') as Record<string, string>;
    expect(() => ClassificationQuestion.choice('Which?', record)).toThrow(expect.objectContaining({ code: 'K0001' }));
  });
});
