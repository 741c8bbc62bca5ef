import {
  APICallError,
  type Experimental_DecisionModelV4CallOptions,
  type Experimental_DecisionModelV4Question,
} from '@ai-sdk/provider';
import { experimental_decide as decide, experimental_evaluate as evaluate } from 'ai';
import { Experimental_DecisionMockModelV4 as DecisionMockModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import {
  ClassificationAdapterError,
  ClassificationQuestion as Q,
  Tokens,
  type ClassificationRequest,
} from '../../src/index.js';
import { decisionModel, fromAiSdk } from '../../src/ai-sdk.js';
import { createTestApp, standIn } from '../../src/testing.js';

const state = [{ type: 'text' as const, text: 'My card was charged twice. I want my money back!' }];
const questions = {
  team: { type: 'choice', instructions: 'Which team?', criteria: { billing: null, technical: null } },
  refund: { type: 'boolean', instructions: 'Is a refund requested?' },
  mood: { type: 'score', instructions: 'How upset?', criteria: ['calm', 'annoyed', 'angry'] },
} satisfies Record<string, Experimental_DecisionModelV4Question>;

describe('decisionModel', () => {
  it("answers experimental_decide with the app's fake classifier, probabilities included", async () => {
    const app = createTestApp();
    const asked: ClassificationRequest[] = [];
    app.fakeClassifier((request) => {
      asked.push(request);
      return { answers: { team: 'billing', refund: 0.9, mood: 2 } };
    });
    const { answers } = await decide({ model: decisionModel(app), state, questions, maxRetries: 0 });
    expect(answers.team).toMatchObject({ type: 'choice', choice: 'billing' });
    expect(answers.refund).toEqual({ type: 'boolean', probability: 0.9 });
    expect(answers.mood).toMatchObject({ type: 'score', score: 2 });
    expect(asked[0]!.state).toBe(state[0]!.text);
    expect(asked[0]!.questions.team).toMatchObject({ type: 'choice', criteria: { billing: null, technical: null } });
    expect(asked[0]!.questions.refund!.type).toBe('yesNo');
  });

  it('answers experimental_evaluate, the older name, the same way', async () => {
    const app = createTestApp();
    app.fakeClassifier([{ answers: { refund: 0.25 } }]);
    const { answers } = await evaluate({
      model: decisionModel(app),
      state: [{ type: 'json', value: { order: 42, note: 'refund please' } }],
      questions: { refund: questions.refund },
    });
    expect(answers.refund).toEqual({ type: 'boolean', probability: 0.25 });
  });

  it('reaches the AI SDK as a non-retryable APICallError with the reason, after standin retried it', async () => {
    const app = createTestApp();
    let calls = 0;
    app.fakeClassifier(() => {
      calls++;
      return { error: new ClassificationAdapterError('rate_limited', { retryAfterMs: 5 }) };
    });
    const error = await decide({ model: decisionModel(app), state, questions: { refund: questions.refund } }).catch(
      (caught: unknown) => caught,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 429, isRetryable: false, data: { reason: 'rate_limited' } });
    expect(calls).toBe(3);
  });

  it('takes no box question: the AI SDK refuses it before any call', async () => {
    const app = createTestApp();
    let calls = 0;
    app.fakeClassifier(() => {
      calls++;
      return { answers: {} };
    });
    await expect(
      decide({ model: decisionModel(app), state, questions: { where: { type: 'box', instructions: 'Where?' } } }),
    ).rejects.toThrow(/box/);
    expect(calls).toBe(0);
  });

  it('throws A0020 for a file in the state and A0021 for a question without instructions', async () => {
    const model = decisionModel(createTestApp());
    const file = {
      type: 'file' as const,
      data: { type: 'data' as const, data: new Uint8Array([1]) },
      mediaType: 'image/png',
    };
    await expect(model.doDecide({ state: [file], questions: { refund: questions.refund } })).rejects.toThrow(/A0020/);
    await expect(
      model.doDecide({ state, questions: { team: { type: 'choice', criteria: { billing: null } } } }),
    ).rejects.toThrow(/A0021/);
  });

  it('throws A0022 when given no app', () => {
    expect(() => decisionModel({} as never)).toThrow(/A0022/);
  });
});

describe('fromAiSdk(decision model)', () => {
  const sent: Experimental_DecisionModelV4CallOptions[] = [];
  const mock = (answers: Record<string, unknown>) =>
    new DecisionMockModelV4({
      doDecide: async (options) => {
        sent.push(options);
        return { answers: answers as never, warnings: [], usage: { inputTokens: 7, outputTokens: 3 } };
      },
    });

  it("answers app.classify with the AI SDK's decision mock, probabilities kept", async () => {
    const app = createTestApp();
    const model = mock({
      team: { type: 'choice', choice: 'billing', probabilities: { billing: 0.8, technical: 0.2 } },
      refund: { type: 'boolean', probability: 0.7 },
      mood: { type: 'score', score: 1.5, probabilities: { '0': 0, '1': 0.5, '2': 0.5 } },
    });
    standIn(app.container, Tokens.Classifier, fromAiSdk(model));
    const response = await app.classify(state[0]!.text, {
      team: Q.choice('Which team?', ['billing', 'technical']),
      refund: Q.yesNo('Is a refund requested?'),
      mood: Q.score('How upset?', ['calm', 'annoyed', 'angry']),
    });
    expect(response.answers.team).toMatchObject({ choice: 'billing', probabilities: { billing: 0.8, technical: 0.2 } });
    expect(response.answers.refund!.yesProbability).toBe(0.7);
    expect(response.answers.mood).toMatchObject({ score: 1.5, probabilities: [0, 0.5, 0.5] });
    expect(response.usage).toMatchObject({ inputTokens: 7, outputTokens: 3 });
    expect(sent.at(-1)!.state).toEqual(state);
    expect(sent.at(-1)!.questions.refund).toEqual({
      type: 'boolean',
      instructions: 'Is a refund requested?',
      criteria: null,
    });
  });

  it('maps a 429 to rate_limited, retried by the engine, and a refusal to unknown', async () => {
    const app = createTestApp();
    let calls = 0;
    const model = new DecisionMockModelV4({
      doDecide: async () => {
        if (++calls === 1)
          throw new APICallError({ message: 'Too many', url: 'x', requestBodyValues: {}, statusCode: 429 });
        return { answers: { refund: { type: 'refusal' } }, warnings: [] };
      },
    });
    standIn(app.container, Tokens.Classifier, fromAiSdk(model));
    const error = await app
      .classify('Refund?', { refund: Q.yesNo('Is a refund requested?') })
      .catch((caught: unknown) => caught);
    expect(calls).toBe(2);
    expect(error).toBeInstanceOf(ClassificationAdapterError);
    expect(error).toMatchObject({ reason: 'unknown', metadata: { cause: 'refusal', refused: ['refund'] } });
  });

  it('rejects an answer that does not fit its question as malformed_response', async () => {
    const app = createTestApp();
    standIn(app.container, Tokens.Classifier, fromAiSdk(mock({ team: { type: 'choice', choice: 'sales' } })));
    const error = await app
      .classify('Hi', { team: Q.choice('Which team?', ['billing', 'technical']) }, { retry: false })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'malformed_response' });
  });

  it('takes an evaluation model (doEvaluate) too, and is not real when it is a mock', async () => {
    const legacy = new DecisionMockModelV4({
      doEvaluate: async () => ({ answers: { refund: { type: 'boolean', probability: 1 } }, warnings: [] }),
    });
    const classifier = fromAiSdk(
      {
        specificationVersion: 'v4',
        provider: legacy.provider,
        modelId: legacy.modelId,
        supportedQuestionTypes: legacy.supportedQuestionTypes,
        doEvaluate: (options) => legacy.doEvaluate(options),
      },
      { real: false },
    );
    const app = createTestApp();
    standIn(app.container, Tokens.Classifier, classifier);
    const response = await app.classify('Refund?', { refund: Q.yesNo('Is a refund requested?') });
    expect(response.answers.refund!.yesProbability).toBe(1);
    expect(fromAiSdk(legacy).real).toBe(false);
  });
});
