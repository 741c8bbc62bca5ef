import { describe, expect, it } from '@jest/globals';
import { stripVTControlCharacters } from 'node:util';
import { ClassificationQuestion as Q } from '../../../../src/index.js';
import { fitting } from 'standin/testing';
import { ask, helpdesk } from '../helpdesk.js';

/** The message a failing assertion throws, without its colours. */
function failure(assert: () => unknown): string {
  try {
    assert();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('the assertion passed');
}

async function failureOf(assert: () => Promise<unknown>): Promise<string> {
  try {
    await assert();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('the assertion passed');
}

describe('standin/jest', () => {
  describe('.toHaveBeenAsked', () => {
    it('passes when the fake was asked at all, or exactly the times given', async () => {
      const { app, writer } = helpdesk();
      expect(writer).not.toHaveBeenAsked();
      await ask(app);
      expect(writer).toHaveBeenAsked();
      expect(writer).toHaveBeenAsked(2);
      expect({ app, model: 'writer' }).not.toHaveBeenAsked(1);
    });

    it('fails naming how often it was asked, and what each request ended with', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      expect(failure(() => expect(writer).toHaveBeenAsked(3))).toBe(
        'expect(subject).toHaveBeenAsked(times)\n\n' +
          'expected the fake to have been asked 3 times, and it was asked twice:\n' +
          '  1. user: "How do I reset my password?"\n' +
          '  2. tool results: findInGuide',
      );
    });
  });

  describe('.toHaveBeenAskedWith', () => {
    it('passes when a request holds the fields given, asymmetric matchers included', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      expect(writer).toHaveBeenAskedWith({ instructions: expect.stringContaining('technical') });
      expect(writer).not.toHaveBeenAskedWith({ instructions: 'You answer for billing.' });
    });

    it('fails with a diff of the fields given against the nearest request', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      const message = failure(() => expect(writer).toHaveBeenAskedWith({ instructions: 'You answer for billing.' }));
      expect(message).toContain('none of its 2 requests holds it; the nearest is request 2:');
      expect(message).toContain(
        '-   "instructions": "You answer for billing.",\n+   "instructions": "You answer for the technical team.",',
      );
    });
  });

  describe('.toHaveCalledTool', () => {
    it('passes when the model called the tool, with an input that holds the one given', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      expect(writer).toHaveCalledTool('findInGuide', { words: expect.stringMatching(/password/) });
      expect(writer).not.toHaveCalledTool('sendEmail');
    });

    it('fails with a diff of the input given against the input the model gave', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      const message = failure(() => expect(writer).toHaveCalledTool('findInGuide', { words: 'refund' }));
      expect(message).toContain('its call of it had other input; the last:');
      expect(message).toContain('-   "words": "refund",\n+   "words": "reset a password",');
    });
  });

  describe('.toHaveAnsweredAll', () => {
    it('passes when every answer was given', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      await expect(writer).toHaveAnsweredAll();
    });

    it('fails listing the answers left, with their scope', async () => {
      const { app, writer } = helpdesk(1);
      await ask(app);
      expect(await failureOf(() => expect(writer).toHaveAnsweredAll())).toContain(
        'expected the fake to have given every answer, and 1 is left:\n' +
          '  the default scope: answers[2] { text: "Left over 1" } never asked for',
      );
    });
  });

  describe('.toPassJudge', () => {
    const cites = Q.yesNo('Does the answer cite the guide?');

    it("passes on the classifier's fake, and negates with .not", async () => {
      const { app } = helpdesk();
      app.fakeClassifier(fitting());
      await expect('Open Settings. (Guide, page 2)').toPassJudge(app, cites, { atLeast: 0.8 });
      app.fakeClassifier([{ answers: { judge: 0.1 } }]);
      await expect('Open Settings.').not.toPassJudge(app, cites, { atLeast: 0.8 });
    });

    it('fails naming the question, the grades and what it needed', async () => {
      const { app } = helpdesk();
      app.fakeClassifier([{ answers: { judge: 0.9 } }, { answers: { judge: 0.1 } }]);
      expect(await failureOf(() => expect('Open Settings.').toPassJudge(app, cites, { atLeast: 0.8, repeat: 2 }))).toBe(
        'expect(reply).toPassJudge(app, question, options)\n\n' +
          'expected the reply to pass the judge, and it failed:\n' +
          '  yes/no: Does the answer cite the guide?\n' +
          '  reply: Open Settings.\n' +
          '  grade 1 of 2: p(yes) 0.9\n' +
          '  grade 2 of 2: p(yes) 0.1\n' +
          '  needed a mean p(yes) of at least 0.8, and it was 0.5',
      );
    });
  });
});
