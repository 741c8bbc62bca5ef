import { describe, expect, it } from '@jest/globals';
import { stripVTControlCharacters } from 'node:util';
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
});
