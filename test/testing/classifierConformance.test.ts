import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ClassificationAdapterError,
  ClassificationAnswer,
  ClassificationResponse,
  type Classifier,
  type ClassificationRequest,
  type ClassifyCallOptions,
} from '../../src/index.js';
import { FakeClassifier } from '../../src/testing.js';
import { createTestApp } from '../../src/testing.js';
import { classifierConformance, classificationConformanceCases } from '../../src/conformance.js';

/** A stub with deliberately different defaults: the last option with an even split, the top level, yes 1.0, provider 'stub'. */
const stub: Classifier = {
  provider: 'stub',
  async classify(request, opts) {
    const ids = Object.keys(request.questions);
    if (ids.length === 0) throw new ClassificationAdapterError('invalid_request', { provider: 'stub' });
    const answers: Record<string, ClassificationAnswer> = {};
    for (const id of ids) {
      const question = request.questions[id]!;
      if (question.type === 'choice') {
        const options = Object.keys(question.criteria as object).sort();
        const share = 1 / options.length;
        answers[id] = new ClassificationAnswer({
          type: 'choice',
          choice: options.at(-1)!,
          probabilities: Object.fromEntries(options.map((o) => [o, share])),
          confidence: share,
        });
      } else if (question.type === 'score') {
        const levels = question.criteria as unknown[];
        answers[id] = new ClassificationAnswer({
          type: 'score',
          score: levels.length - 1,
          probabilities: levels.map((_, i) => (i === levels.length - 1 ? 1 : 0)),
          legend: levels,
          confidence: 1,
        });
      } else {
        answers[id] = new ClassificationAnswer({ type: 'yesNo', yesProbability: 1 });
      }
    }
    return new ClassificationResponse({
      requestId: opts?.requestId ?? null,
      model: request.model,
      provider: 'stub',
      answers,
      usage: { inputTokens: 1, totalTokens: 1 },
      metadata: request.metadata,
    });
  },
};

/** The fake, with its response changed by `change`: an adapter broken on purpose. */
function broken(
  change: (response: ClassificationResponse, request: ClassificationRequest) => unknown,
  onEmpty?: () => unknown,
): Classifier {
  const fake = new FakeClassifier();
  return {
    async classify(request: ClassificationRequest, opts?: ClassifyCallOptions) {
      if (onEmpty !== undefined && Object.keys(request.questions).length === 0)
        return onEmpty() as ClassificationResponse;
      return change(await fake.classify(request, opts), request) as ClassificationResponse;
    },
  };
}

function rebuilt(response: ClassificationResponse, fields: Record<string, unknown>): ClassificationResponse {
  return new ClassificationResponse({ ...response, ...fields });
}

function withAnswer(
  response: ClassificationResponse,
  id: string,
  fields: Record<string, unknown>,
): ClassificationResponse {
  const answer = response.answer(id)!;
  return rebuilt(response, {
    answers: { ...response.answers, [id]: new ClassificationAnswer({ ...answer, ...fields }) },
  });
}

classifierConformance(() => new FakeClassifier(), { describe, it }, 'FakeClassifier conforms');

classifierConformance(() => stub, { describe, it }, 'a stub with other defaults conforms');

describe('classifierConformance', () => {
  it("has ALLM's nine cases", () => {
    expect(classificationConformanceCases.map((c) => c.name.split('.')[0])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
  });

  it('registers one describe with one it per case, using only the runner it is given', async () => {
    const registered: string[] = [];
    const bodies: (() => Promise<void>)[] = [];
    classifierConformance(() => new FakeClassifier(), {
      describe: (name, body) => {
        registered.push(`describe ${name}`);
        body();
      },
      it: (name, body) => {
        registered.push(name);
        bodies.push(body);
      },
    });
    expect(registered).toHaveLength(10);
    expect(registered[0]).toBe('describe classification adapter conformance');
    for (const body of bodies) await body();
  });

  describe('catches a broken adapter in the right case', () => {
    const cases: [string, number, Classifier][] = [
      [
        'an answer left out',
        1,
        broken((r) => rebuilt(r, { answers: { team: r.answer('team')!, frustration: r.answer('frustration')! } })),
      ],
      ['a plain object for a response', 1, broken((r) => ({ ...r }))],
      ['an answer of the wrong type', 2, broken((r) => withAnswer(r, 'refund', { type: 'score' }))],
      ['a choice that is not an option', 3, broken((r) => withAnswer(r, 'team', { choice: 'legal' }))],
      [
        'choice probabilities keyed by other names',
        3,
        broken((r) => withAnswer(r, 'team', { probabilities: { billing: 1 } })),
      ],
      ['a choice confidence above 1', 3, broken((r) => withAnswer(r, 'team', { confidence: 1.5 }))],
      ['a legend of the wrong length', 4, broken((r) => withAnswer(r, 'frustration', { legend: ['Calm'] }))],
      ['a score past the top level', 4, broken((r) => withAnswer(r, 'frustration', { score: 3 }))],
      ['a yes-no answer with a confidence', 5, broken((r) => withAnswer(r, 'refund', { confidence: 0.5 }))],
      [
        'empty questions answered',
        6,
        broken(
          (r) => r,
          () => new ClassificationResponse(),
        ),
      ],
      [
        'empty questions rejected with another reason',
        6,
        broken(
          (r) => r,
          () => Promise.reject(new ClassificationAdapterError('unknown')),
        ),
      ],
      ['the metadata dropped', 7, broken((r) => rebuilt(r, { metadata: {} }))],
      ['the request id dropped', 8, broken((r) => rebuilt(r, { requestId: null }))],
      [
        'negative usage',
        9,
        broken((r) =>
          Object.assign(Object.create(ClassificationResponse.prototype), {
            ...r,
            usage: { inputTokens: -1, outputTokens: 0, totalTokens: 0 },
          }),
        ),
      ],
    ];

    it.each(cases)('%s fails case %i', async (_what, failing, adapter) => {
      for (const [index, conformanceCase] of classificationConformanceCases.entries()) {
        const outcome = await conformanceCase.run(adapter).then(
          () => 'pass',
          () => 'fail',
        );
        if (index + 1 === failing) expect(outcome, conformanceCase.name).toBe('fail');
      }
    });

    it('and a faithful adapter fails none', async () => {
      for (const conformanceCase of classificationConformanceCases) await conformanceCase.run(broken((r) => r));
    });
  });

  it("app.classify, through the engine, keeps every case but 6, where the engine's validation answers first (K0003)", async () => {
    const app = createTestApp();
    app.fakeClassifier();
    const engine: Classifier = { classify: (request, opts) => app.classify(request, opts ?? {}) };
    for (const conformanceCase of classificationConformanceCases) {
      if (conformanceCase.name.startsWith('6.'))
        await expect(conformanceCase.run(engine)).rejects.toThrow(/K0003|Invalid classification request/);
      else await conformanceCase.run(engine);
    }
  });

  it('runs under node:test, with no vitest in sight', async () => {
    const file = fileURLToPath(new URL('./fixtures/conformance.node.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=tap', file],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
    );
    expect(stdout).toMatch(/# pass 9\b/);
    expect(stdout).toMatch(/# fail 0\b/);
  }, 60_000);
});
