import 'standin/vitest';
import { describe, expect, it } from 'vitest';
import { ClassificationQuestion as Q, type StandinConfigInput } from 'standin';
import { createTestApp, type TestApp } from 'standin/testing';
import { json, type Handler, type LoopbackServer } from '../../services/providers/loopback/LoopbackServer.js';
import { useLoopback } from '../../services/providers/loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const cites = Q.yesNo('Does the answer cite the help desk guide?');
const answer = 'Open Settings, then Password. (Help desk guide, page 2)';

/** A TypeSafe System One answer to the judge's yes-no question: a `noul` of `p`. */
const systemone =
  (p: number): Handler =>
  (request, response) => {
    const asked = JSON.parse(request.body.toString('utf8')) as { questions: Record<string, unknown> };
    const answers = Object.fromEntries(Object.keys(asked.questions).map((id) => [id, { type: 'noul', noul: p }]));
    json(200, { model: 'jev-1.13.0', answers, usage: { input_tokens: 40, output_tokens: 0 } })(request, response);
  };

/** An OpenAI Decisions answer to the judge's question: a predicate of probability `p`. */
const decisions =
  (p: number): Handler =>
  (request, response) => {
    const asked = JSON.parse(request.body.toString('utf8')) as { questions: { name: string }[] };
    const answers = asked.questions.map(({ name }) => ({ type: 'predicate', name, probability: p }));
    const usage = { input_tokens: 40, output_tokens: 1, total_tokens: 41 };
    json(200, { model: 'decider-2b', answers, usage })(request, response);
  };

/** The classifier adapters a judge grades with, each against the loopback server's wire. */
const classifiers = [
  {
    name: 'the TypeSafe adapter',
    path: '/v1/systemone',
    answer: systemone,
    config: (): StandinConfigInput => ({
      classifier: { provider: 'typesafe' },
      providers: { typesafe: { baseURL: server.url(), apiKey: 'ts-key' } },
    }),
    provider: 'typesafe',
  },
  {
    name: "a model's Decisions API (the openai adapter)",
    path: '/v1/decisions',
    answer: decisions,
    config: (): StandinConfigInput => ({
      models: { writer: { provider: 'local', model: 'llama3.2' } },
      classifier: { provider: 'local', model: 'decider-2b' },
      providers: { local: { adapter: 'openai', baseURL: server.url('/v1'), apiKey: 'sk-local' } },
    }),
    provider: 'local',
  },
] as const;

describe('toPassJudge, bound to a real classifier', () => {
  for (const classifier of classifiers) {
    describe(`through ${classifier.name}`, () => {
      const app = (): TestApp => {
        const made = createTestApp(classifier.config());
        made.allowRealCalls(classifier.provider);
        return made;
      };

      it('grades with the classifier, one request per grade, the reply as its state', async () => {
        server.on(classifier.path, classifier.answer(0.92));
        await expect(answer).toPassJudge(app(), cites, { atLeast: 0.8 });
        const requests = server.at(classifier.path);
        expect(requests).toHaveLength(1);
        expect(requests[0]!.body.toString('utf8')).toContain('Does the answer cite the help desk guide?');
        expect(requests[0]!.body.toString('utf8')).toContain('(Help desk guide, page 2)');
      });

      it('fails on its low probability', async () => {
        server.on(classifier.path, classifier.answer(0.41));
        await expect(answer).not.toPassJudge(app(), cites, { atLeast: 0.8 });
      });

      it('repeats, passing on the majority where the mean falls short', async () => {
        server.on(classifier.path, classifier.answer(0.9), classifier.answer(0.2), classifier.answer(0.95));
        const judged = app();
        await expect(answer).toPassJudge(judged, cites, { atLeast: 0.8, repeat: 3, majority: true });
        expect(server.at(classifier.path)).toHaveLength(3);
        expect(judged.transcript()).toContain(
          '  < grade 1 of 3: p(yes) 0.9\n  < grade 2 of 3: p(yes) 0.2\n  < grade 3 of 3: p(yes) 0.95\n' +
            '  < passed: needed more than half of 3 grades with p(yes) at least 0.8, and 2 had it\n',
        );
        server.reset();
        server.on(classifier.path, classifier.answer(0.9), classifier.answer(0.2), classifier.answer(0.95));
        await expect(answer).not.toPassJudge(app(), cites, { atLeast: 0.8, repeat: 3 });
      });
    });
  }

  it('is refused by the real-call guard until the test allows the classifier', async () => {
    server.on('/v1/systemone', systemone(0.9));
    const guarded = createTestApp(classifiers[0].config());
    await expect(expect(answer).toPassJudge(guarded, cites, { atLeast: 0.5 })).rejects.toMatchObject({ code: 'K0006' });
    expect(server.at('/v1/systemone')).toHaveLength(0);
  });
});
