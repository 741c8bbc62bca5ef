import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tool } from '../../../src/index.js';
import { estimateUnits } from '../../../src/fakes/model/answerParts.js';
import { makeApp } from '../../fakes/model/fixtures.js';

const question = { instructions: 'Answer refund questions.', messages: 'What is the refund policy?' };

describe('app.countTokens', () => {
  describe('a model faked with a list of answers', () => {
    it("answers the estimate its replies' units use for the same request", async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'Five days.' }]);
      const counted = await app.countTokens('writer', question);
      const reply = await app.reply('writer', question);
      expect(counted).toBe(reply.units.tokensIn);
      expect(counted).toBe(
        estimateUnits(
          { model: 'm', instructions: question.instructions, messages: [{ role: 'user', content: question.messages }] },
          0,
        ).tokensIn,
      );
    });

    it('counts the tools offered', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'Five days.' }]);
      const lookup = tool({
        description: 'Finds an order',
        input: z.object({ order: z.string() }),
        run: () => 'found',
      });
      const bare = await app.countTokens('writer', question);
      const withTools = await app.countTokens('writer', { ...question, tools: { lookup } });
      expect(withTools).toBeGreaterThan(bare);
    });

    it('takes no answer of the script, so verify finds every reply answered', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'Five days.' }]);
      await app.countTokens('writer', question);
      expect((await writer.pending()).map((p) => p.index)).toEqual([0]);
      expect((await app.reply('writer', question)).text).toBe('Five days.');
      await writer.verify();
    });

    it('records the request in sent, as a reply is recorded', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'Five days.' }]);
      await app.countTokens('writer', question);
      expect(writer.sent[0]).toMatchObject({
        call: 'countTokens',
        input: { instructions: question.instructions, messages: [{ role: 'user', content: question.messages }] },
      });
    });
  });

  describe('a record of calls', () => {
    it('answers with its countTokens function, handed the request', async () => {
      const app = makeApp();
      const seen: unknown[] = [];
      app.fake('writer', {
        countTokens: (request) => {
          seen.push(request.messages);
          return 42;
        },
      });
      expect(await app.countTokens('writer', question)).toBe(42);
      expect(seen).toEqual([[{ role: 'user', content: question.messages }]]);
    });

    it('fails a function that answers no whole number with T0011', async () => {
      const app = makeApp();
      app.fake('writer', { countTokens: () => 1.5 });
      await expect(app.countTokens('writer', question)).rejects.toMatchObject({ code: 'T0011' });
    });
  });

  describe('the request', () => {
    it('rejects messages that are no conversation with E0003', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'Five days.' }]);
      await expect(app.countTokens('writer', { messages: [] })).rejects.toMatchObject({ code: 'E0003' });
    });
  });
});
