// node:test through the plain functions of standin/testing: no matcher, no runner's expect.
import { AssertionError } from 'node:assert';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClassificationQuestion as Q } from 'standin';
import {
  assertAnsweredAll,
  assertAsked,
  assertAskedWith,
  assertCalledTool,
  assertPassesJudge,
  fitting,
} from 'standin/testing';
import { ask, helpdesk } from '../helpdesk.js';

describe('the assert functions of standin/testing, under node:test', () => {
  describe('assertAsked', () => {
    it('passes when the fake was asked the times given', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      assertAsked(writer, 2);
      assertAsked({ app, model: 'writer' });
    });

    it('fails with an AssertionError naming what it was asked', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      assert.throws(() => assertAsked(writer, 1), {
        name: 'AssertionError',
        message:
          'expected the fake to have been asked once, and it was asked twice:\n' +
          '  1. user: "How do I reset my password?"\n' +
          '  2. tool results: findInGuide',
      });
    });
  });

  describe('assertAskedWith', () => {
    it('passes when a request holds the fields given', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      assertAskedWith(writer, { instructions: 'You answer for the technical team.' });
    });

    it('fails with a line diff of the fields given against the nearest request', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      const error = catchError(() => assertAskedWith(writer, { instructions: 'You answer for billing.' }));
      assert.ok(error instanceof AssertionError);
      assert.match(error.message, /the nearest is request 2:\n\n- expected\n\+ sent\n\n {2}\{\n/);
      assert.match(
        error.message,
        /- {3}instructions: 'You answer for billing\.'\n\+ {3}instructions: 'You answer for the technical team\.'/,
      );
      assert.deepEqual(error.actual, { instructions: 'You answer for the technical team.' });
    });
  });

  describe('assertCalledTool', () => {
    it('passes when the model called the tool with the input given', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      assertCalledTool(writer, 'findInGuide', { words: 'reset a password' });
    });

    it('fails naming the tools called', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      assert.throws(() => assertCalledTool(writer, 'sendEmail'), {
        message: "expected the fake to have called tool 'sendEmail', and it called findInGuide",
      });
    });
  });

  describe('assertAnsweredAll', () => {
    it('passes when every answer was given', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      await assertAnsweredAll(writer);
    });

    it('fails listing the answers left', async () => {
      const { app, writer } = helpdesk(1);
      await ask(app);
      await assert.rejects(assertAnsweredAll(writer), {
        message:
          'expected the fake to have given every answer, and 1 is left:\n' +
          '  the default scope: answers[2] { text: "Left over 1" } never asked for',
      });
    });
  });

  describe('assertPassesJudge', () => {
    const cites = Q.yesNo('Does the answer cite the guide?');

    it("passes when the app's classifier says the reply passes", async () => {
      const { app } = helpdesk();
      app.fakeClassifier(fitting());
      await assertPassesJudge('Open Settings, then Password. (Guide, page 2)', app, cites, { atLeast: 0.8 });
    });

    it('fails with an AssertionError naming the question, the grade and what it needed', async () => {
      const { app } = helpdesk();
      app.fakeClassifier([{ answers: { judge: 0.25 } }]);
      await assert.rejects(assertPassesJudge('Open Settings.', app, cites, { atLeast: 0.8 }), {
        name: 'AssertionError',
        message:
          'expected the reply to pass the judge, and it failed:\n' +
          '  yes/no: Does the answer cite the guide?\n' +
          '  reply: Open Settings.\n' +
          '  grade: p(yes) 0.25\n' +
          '  needed p(yes) of at least 0.8, and it was 0.25',
      });
    });
  });
});

function catchError(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('it did not throw');
}
