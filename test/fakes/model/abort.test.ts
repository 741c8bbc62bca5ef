import { describe, expect, it } from 'vitest';
import type { CallContext, ReplyPart, ReplyRequest } from '../../../src/index.js';
import { fakeProvider } from '../../../src/testing.js';

const request: ReplyRequest = { model: 'm', messages: [{ role: 'user', content: 'Hi' }] };

function context(signal: AbortSignal): CallContext {
  return {
    modelName: 'writer',
    model: 'm',
    provider: 'anthropic',
    apiKey: undefined,
    signal,
    requestId: 'r1',
    scope: '',
    stepKey: 'call:r1',
    attempt: 1,
    output: undefined,
  };
}

async function parts(reply: AsyncIterable<ReplyPart>): Promise<ReplyPart[]> {
  const out: ReplyPart[] = [];
  for await (const part of reply) out.push(part);
  return out;
}

describe('FakeModel', () => {
  describe('.reply hears its abort', () => {
    it('fails at once with the reason of a signal already aborted, recording nothing and giving no answer away', async () => {
      const fake = fakeProvider([{ text: 'first' }]);
      const reason = new Error('the user left');
      await expect(parts(fake.reply(request, context(AbortSignal.abort(reason))))).rejects.toBe(reason);
      expect(fake.sent).toEqual([]);
      expect(await parts(fake.reply(request, context(new AbortController().signal)))).toContainEqual({
        type: 'text',
        text: 'first',
      });
    });

    it('stops waiting for an answer function when the signal aborts, failing with its reason', async () => {
      const fake = fakeProvider(() => new Promise<never>(() => undefined));
      const controller = new AbortController();
      const reason = new Error('stop');
      const reading = parts(fake.reply(request, context(controller.signal)));
      controller.abort(reason);
      await expect(reading).rejects.toBe(reason);
    });

    it("fails with the reason, not the answer function's own error, when the function fails after the abort", async () => {
      const controller = new AbortController();
      const reason = new Error('stop');
      const fake = fakeProvider(() => {
        controller.abort(reason);
        throw new Error('the function broke');
      });
      await expect(parts(fake.reply(request, context(controller.signal)))).rejects.toBe(reason);
    });
  });
});
