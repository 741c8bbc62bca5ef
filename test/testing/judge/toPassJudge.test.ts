import 'standin/vitest';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClassificationAdapterError, ClassificationQuestion as Q, StandinError } from 'standin';
import { createTestApp, fitting, judge, type TestApp } from 'standin/testing';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };
const cites = Q.yesNo('Does the answer cite the help desk guide?');
const answer = 'Open Settings, then Password. (Help desk guide, page 2)';

async function failureOf(assert: () => Promise<unknown>): Promise<string> {
  try {
    await assert();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('the assertion passed');
}

function testApp(): TestApp {
  return createTestApp(config);
}

describe('toPassJudge', () => {
  describe('on a faked classifier', () => {
    it("passes on fitting()'s answer, which says yes", async () => {
      const app = testApp();
      app.fakeClassifier(fitting());
      await expect(answer).toPassJudge(app, cites, { atLeast: 0.8 });
    });

    it('passes and fails on the scripted probability of yes, asked under the id judge', async () => {
      const app = testApp();
      app.fakeClassifier([{ answers: { judge: 0.9 } }, { answers: { judge: 0.3 } }]);
      await expect(answer).toPassJudge(app, cites, { atLeast: 0.8 });
      await expect(answer).not.toPassJudge(app, cites, { atLeast: 0.8 });
      await app.verify();
    });

    it('fails naming the question, the reply, the grade and what it needed', async () => {
      const app = testApp();
      app.fakeClassifier([{ answers: { judge: 0.3 } }]);
      expect(await failureOf(() => expect(answer).toPassJudge(app, cites, { atLeast: 0.8 }))).toBe(
        'expect(reply).toPassJudge(app, question, options)\n\n' +
          'expected the reply to pass the judge, and it failed:\n' +
          '  yes/no: Does the answer cite the help desk guide?\n' +
          `  reply: ${answer}\n` +
          '  grade: p(yes) 0.3\n' +
          '  needed p(yes) of at least 0.8, and it was 0.3',
      );
    });

    it('says under .not that it passed', async () => {
      const app = testApp();
      app.fakeClassifier(fitting());
      const message = await failureOf(() => expect(answer).not.toPassJudge(app, cites, { atLeast: 0.8 }));
      expect(message).toContain('expected the reply not to pass the judge, and it passed:');
      expect(message).toContain('grade: p(yes) 1');
    });

    it('asks repeat times and passes on the mean', async () => {
      const app = testApp();
      app.fakeClassifier([{ answers: { judge: 0.9 } }, { answers: { judge: 0.6 } }, { answers: { judge: 0.6 } }]);
      const message = await failureOf(() => expect(answer).toPassJudge(app, cites, { atLeast: 0.8, repeat: 3 }));
      expect(message).toContain('  grade 1 of 3: p(yes) 0.9\n  grade 2 of 3: p(yes) 0.6\n  grade 3 of 3: p(yes) 0.6\n');
      expect(message).toContain('needed a mean p(yes) of at least 0.8, and it was 0.7');
      await app.verify();
    });

    it('passes with majority when more than half the grades reach atLeast', async () => {
      const app = testApp();
      const script = [{ answers: { judge: 0.9 } }, { answers: { judge: 0.2 } }, { answers: { judge: 0.95 } }];
      app.fakeClassifier([...script, ...script]);
      await expect(answer).toPassJudge(app, cites, { atLeast: 0.8, repeat: 3, majority: true });
      await expect(answer).not.toPassJudge(app, cites, { atLeast: 0.8, repeat: 3 });
      await app.verify();
    });

    it('judges a score by its share of the top level, and a choice by the probability of its option', async () => {
      const app = testApp();
      app.fakeClassifier([{ answers: { judge: 1.5 } }, { answers: { judge: 'friendly' } }]);
      const helpful = Q.score('How helpful is the answer?', ['not', 'somewhat', 'very']);
      await expect(answer).toPassJudge(app, helpful, { atLeast: 0.75 });
      const tone = Q.choice('What is its tone?', ['rude', 'friendly']);
      await expect(answer).toPassJudge(app, tone, { atLeast: 1, option: 'friendly' });
    });

    it("says a score's grade as its share of the top level", async () => {
      const app = testApp();
      app.fakeClassifier([{ answers: { judge: 0.5 } }]);
      const helpful = Q.score('How helpful is the answer?', ['not', 'somewhat', 'very']);
      const message = await failureOf(() => expect(answer).toPassJudge(app, helpful, { atLeast: 0.75 }));
      expect(message).toContain('  score of ["not","somewhat","very"]: How helpful is the answer?\n');
      expect(message).toContain('  grade: score 0.5 (0.25 of the top), probabilities [0.5,0.5,0]\n');
      expect(message).toContain('  needed score of at least 0.75 of the top, and it was 0.25');
    });

    it('judges the text of a run, else its typed value', async () => {
      const app = testApp();
      app.fake('writer', [{ text: answer }, { value: { answer: 'Open Settings.' } }]);
      const states: unknown[] = [];
      app.fakeClassifier((request) => {
        states.push(request.state);
        return { answers: { judge: 1 } };
      });
      await expect(await app.run({ model: 'writer' }, 'Hi')).toPassJudge(app, cites, { atLeast: 0.5 });
      const typed = await app.reply('writer', { messages: 'Hi', output: z.object({ answer: z.string() }) });
      await expect(typed).toPassJudge(app, cites, { atLeast: 0.5 });
      expect(states).toEqual([answer, { answer: 'Open Settings.' }]);
    });

    it('fails an empty reply without asking the classifier', async () => {
      const app = testApp();
      const classifier = app.fakeClassifier([{ answers: { judge: 1 } }]);
      const message = await failureOf(() => expect('  ').toPassJudge(app, cites, { atLeast: 0.5 }));
      expect(message).toContain('reply: (nothing to judge)');
      expect(message).toContain('the reply is empty, and nothing was asked');
      expect((await classifier.pending()).length).toBe(1);
    });
  });

  describe('in the transcript', () => {
    it('shows the question, the reply, the grades and the verdict among the steps', async () => {
      const app = testApp();
      app.fake('writer', [{ text: answer }]);
      app.fakeClassifier([{ answers: { judge: 0.9 } }, { answers: { judge: 0.7 } }]);
      const run = await app.run({ model: 'writer' }, 'How do I reset my password?');
      await expect(run).toPassJudge(app, cites, { atLeast: 0.75, repeat: 2 });
      expect(app.transcript()).toBe(
        [
          'run 1 · step 0 · writer reply',
          '  > user: How do I reset my password?',
          `  < text: ${answer}`,
          'judge 1 · classifier judge',
          '  > yes/no: Does the answer cite the help desk guide?',
          `  > reply: ${answer}`,
          '  < grade 1 of 2: p(yes) 0.9',
          '  < grade 2 of 2: p(yes) 0.7',
          '  < passed: needed a mean p(yes) of at least 0.75, and it was 0.8',
          '',
        ].join('\n'),
      );
      await app.reset();
      expect(app.transcript()).toBe('(no steps)\n');
    });

    it('keeps a judge in the scope it was asked in', async () => {
      const app = testApp();
      app.fakeClassifier(fitting());
      await app.scope('ticket-7', () => expect(answer).toPassJudge(app, cites, { atLeast: 0.5 }));
      expect(app.transcript({ scope: 'ticket-7' })).toContain("scope 'ticket-7'\n  judge 1 · classifier judge");
      expect(app.transcript({ scope: '' })).toBe('(no steps)\n');
    });

    it('shows how asking failed, and rejects with the failure', async () => {
      const app = testApp();
      app.fakeClassifier([{ error: new ClassificationAdapterError('invalid_request') }]);
      await expect(expect(answer).toPassJudge(app, cites, { atLeast: 0.5 })).rejects.toBeInstanceOf(
        ClassificationAdapterError,
      );
      expect(app.transcript()).toContain('judge 1 · classifier judge\n');
      expect(app.transcript()).toContain('  ! invalid_request');
    });
  });

  describe('its arguments', () => {
    it.each([
      [
        'no app',
        () => expect(answer).toPassJudge({} as never, cites, { atLeast: 0.5 }),
        'T0150',
        'the app is an object',
      ],
      [
        'a reply it cannot read',
        () => expect(() => 1).toPassJudge(testApp(), cites, { atLeast: 0.5 }),
        'T0150',
        'the reply is a function',
      ],
      [
        'no question',
        () => expect(answer).toPassJudge(testApp(), 'Cites?' as never, { atLeast: 0.5 }),
        'T0151',
        "the question is 'Cites?'",
      ],
      [
        'atLeast past 1',
        () => expect(answer).toPassJudge(testApp(), cites, { atLeast: 80 }),
        'T0151',
        'options.atLeast',
      ],
      [
        'a repeat of 0',
        () => expect(answer).toPassJudge(testApp(), cites, { atLeast: 0.5, repeat: 0 }),
        'T0151',
        'options.repeat',
      ],
      [
        'an unknown option',
        () => expect(answer).toPassJudge(testApp(), cites, { atLeast: 0.5, tries: 2 } as never),
        'T0151',
        'options.tries',
      ],
      [
        'a choice without its option',
        () => expect(answer).toPassJudge(testApp(), Q.choice('Tone?', ['rude', 'kind']), { atLeast: 0.5 }),
        'T0151',
        "name one of 'rude', 'kind'",
      ],
      [
        'an option for a yes-no question',
        () => expect(answer).toPassJudge(testApp(), cites, { atLeast: 0.5, option: 'yes' }),
        'T0151',
        'leave it out',
      ],
    ])('refuses %s', async (_, assert, code, where) => {
      const error = await assert().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(StandinError);
      expect((error as StandinError).code).toBe(code);
      expect((error as StandinError).message).toContain(where);
    });
  });
});

describe('judge', () => {
  it('answers the verdict as data: pass, score, each grade with its answer', async () => {
    const app = testApp();
    app.fakeClassifier([{ answers: { judge: 0.4 } }, { answers: { judge: 0.8 } }]);
    const verdict = await judge(app, answer, cites, { atLeast: 0.5, repeat: 2, majority: true });
    expect(verdict.pass).toBe(false);
    expect(verdict.score).toBe(0.5);
    expect(verdict.grades.map((grade) => [grade.passing, grade.answer.yesProbability])).toEqual([
      [0.4, 0.4],
      [0.8, 0.8],
    ]);
    expect(verdict.reply).toBe(answer);
  });
});
