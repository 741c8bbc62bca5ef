import 'standin/vitest';
import OpenAI from 'openai';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from 'standin/server';
import { ask, helpdesk } from './helpdesk.js';

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

describe('standin/vitest', () => {
  describe('.toHaveBeenAsked', () => {
    it('passes when the fake was asked at all, or exactly the times given', async () => {
      const { app, writer } = helpdesk();
      expect(writer).not.toHaveBeenAsked();
      await ask(app);
      expect(writer).toHaveBeenAsked();
      expect(writer).toHaveBeenAsked(2);
      expect(writer).not.toHaveBeenAsked(1);
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

    it('fails under .not when the fake was asked', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      expect(failure(() => expect(writer).not.toHaveBeenAsked())).toContain(
        'expected the fake not to have been asked, and it was asked twice:',
      );
    });
  });

  describe('.toHaveBeenAskedWith', () => {
    it('passes when a request holds the fields given, asymmetric matchers included', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      expect(writer).toHaveBeenAskedWith({ instructions: 'You answer for the technical team.' });
      expect(writer).toHaveBeenAskedWith({
        instructions: expect.stringContaining('technical'),
        messages: [{ role: 'user', content: 'How do I reset my password?' }],
      });
      expect(writer).not.toHaveBeenAskedWith({ instructions: 'You answer for billing.' });
    });

    it('fails with a diff of the fields given against the nearest request', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      const message = failure(() =>
        expect(writer).toHaveBeenAskedWith({
          instructions: 'You answer for billing.',
          messages: [{ role: 'user', content: 'How do I reset my password?' }],
        }),
      );
      expect(message).toContain(
        'expected the fake to have been asked with the request below, and none of its 2 requests holds it; the ' +
          'nearest is request 1:',
      );
      expect(message).toContain(
        '-   "instructions": "You answer for billing.",\n+   "instructions": "You answer for the technical team.",',
      );
      // Only the fields asked about are shown: not the tools the request offered.
      expect(message).not.toContain('"tools"');
    });
  });

  describe('.toHaveCalledTool', () => {
    it('passes when the model called the tool, with an input that holds the one given', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      expect(writer).toHaveCalledTool('findInGuide');
      expect(writer).toHaveCalledTool('findInGuide', { words: 'reset a password' });
      expect(writer).toHaveCalledTool('findInGuide', { words: expect.stringMatching(/password/) });
      expect(writer).not.toHaveCalledTool('sendEmail');
    });

    it('fails with a diff of the input given against the input the model gave', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      const message = failure(() => expect(writer).toHaveCalledTool('findInGuide', { words: 'refund' }));
      expect(message).toContain(
        "expected the fake to have called tool 'findInGuide' with the input below, and its call of it had other input; the last:",
      );
      expect(message).toContain('-   "words": "refund",\n+   "words": "reset a password",');
    });

    it('fails naming the tools the model called, for a tool it never called', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      expect(failure(() => expect(writer).toHaveCalledTool('sendEmail'))).toContain(
        "expected the fake to have called tool 'sendEmail', and it called findInGuide",
      );
    });
  });

  describe('.toHaveAnsweredAll', () => {
    it('passes when every answer was given', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      await expect(writer).toHaveAnsweredAll();
    });

    it('fails listing the answers left, with their scope', async () => {
      const { app, writer } = helpdesk(2);
      await ask(app);
      expect(await failureOf(() => expect(writer).toHaveAnsweredAll())).toBe(
        'expect(subject).toHaveAnsweredAll()\n\n' +
          'expected the fake to have given every answer, and 2 are left:\n' +
          '  the default scope: answers[2] { text: "Left over 1" } never asked for\n' +
          '  the default scope: answers[3] { text: "Left over 2" } never asked for',
      );
      await expect(writer).not.toHaveAnsweredAll();
    });
  });

  describe('the subjects', () => {
    it('reads a test app by model name: its app-wide fake and the fakes of its scopes', async () => {
      const { app } = helpdesk();
      app.scope('ann').fake('writer', [{ text: 'Hello, Ann' }, { text: 'Bye, Ann' }]);
      await ask(app);
      await app.scope('ann', () => app.reply('writer', { messages: 'Hi' }));
      const subject = { app, model: 'writer' };
      expect(subject).toHaveBeenAsked(3);
      expect(subject).toHaveBeenAskedWith({ messages: [{ role: 'user', content: 'Hi' }] });
      expect(subject).toHaveCalledTool('findInGuide');
      expect(await failureOf(() => expect(subject).toHaveAnsweredAll())).toContain(
        "app.scope('ann').fake('writer', answers): scope 'ann': answers[1] { text: \"Bye, Ann\" } never asked for",
      );
    });

    it('reads the wire server by model id, in one scope or in all', async () => {
      const server = await createFakeServer();
      try {
        server.fake('gpt-4.1-mini', [{ text: 'Hi, Ann' }], 'ann');
        server.fake('gpt-4.1-mini', [{ text: 'Hi, Bob' }, { text: 'Again, Bob' }], 'bob');
        const client = (scope: string) =>
          new OpenAI({
            baseURL: `${server.url}/v1`,
            apiKey: 'test',
            maxRetries: 0,
            defaultHeaders: { 'x-standin-scope': scope },
          });
        for (const scope of ['ann', 'bob']) {
          await client(scope).chat.completions.create({
            model: 'gpt-4.1-mini',
            messages: [
              { role: 'system', content: `Greet ${scope}.` },
              { role: 'user', content: 'Hi' },
            ],
          });
        }
        const ann = { server, model: 'gpt-4.1-mini', scope: 'ann' };
        expect(ann).toHaveBeenAsked(1);
        expect(ann).toHaveBeenAskedWith({ instructions: 'Greet ann.' });
        expect(ann).not.toHaveBeenAskedWith({ instructions: 'Greet bob.' });
        await expect(ann).toHaveAnsweredAll();
        expect({ server, model: 'gpt-4.1-mini' }).toHaveBeenAsked(2);
        expect({ server, model: 'gpt-4o' }).not.toHaveBeenAsked();
        expect(await failureOf(() => expect({ server, model: 'gpt-4.1-mini' }).toHaveAnsweredAll())).toContain(
          "expected model id 'gpt-4.1-mini' to have given every answer, and 1 is left:\n" +
            '  scope \'bob\': answers[1] { text: "Again, Bob" }',
        );
      } finally {
        await server.close();
      }
    });

    it('refuses what is not a subject (T0060), a model the app lacks (T0061) and a bad argument (T0062)', () => {
      const { app, writer } = helpdesk();
      expect(() => expect({ model: 'writer' }).toHaveBeenAsked()).toThrow(
        expect.objectContaining({ code: 'T0060', message: expect.stringContaining('with keys model') }),
      );
      expect(() => expect({ app, model: 'writr' }).toHaveBeenAsked()).toThrow(
        expect.objectContaining({ code: 'T0061', message: expect.stringContaining('Configured models: writer') }),
      );
      expect(() => expect(writer).toHaveBeenAsked(-1)).toThrow(expect.objectContaining({ code: 'T0062' }));
      expect(() => expect(writer).toHaveCalledTool('')).toThrow(expect.objectContaining({ code: 'T0062' }));
    });
  });
});
