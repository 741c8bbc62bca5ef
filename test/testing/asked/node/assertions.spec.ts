// node:test through the plain functions of standin/testing: no matcher, no runner's expect.
import { AssertionError } from 'node:assert';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertAnsweredAll, assertAsked, assertAskedWith, assertCalledTool } from 'standin/testing';
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
});

function catchError(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('it did not throw');
}
