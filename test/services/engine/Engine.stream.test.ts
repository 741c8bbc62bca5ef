import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CallFailed, ProviderFailure, type Provider, type ReplyPart } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { appWith, collect, gives, says, scripted } from '../../support/providers.js';

const models = {
  writer: { provider: 'main', model: 'm', fallback: ['backup'] },
  backup: { provider: 'spare', model: 's' },
};
const retry = { attempts: 2, baseDelayMs: 100, maxDelayMs: 1_000, jitter: 0 };

describe(Engine, () => {
  describe('.stream', () => {
    it('hands the parts on in the order they arrive', async () => {
      const parts: ReplyPart[] = [
        { type: 'reasoning', text: 'think', block: 0 },
        { type: 'text', text: 'Open ' },
        { type: 'text', text: 'Settings.' },
        { type: 'units', tokensIn: 3, tokensOut: 2 },
        { type: 'finish', reason: 'stop' },
      ];
      const app = appWith({ main: scripted([parts]) }, { models, retry });
      expect(await collect(app.stream('writer', { messages: 'x' }))).toEqual(parts);
    });

    it('hands each part on before the provider makes the next', async () => {
      const events: string[] = [];
      const provider: Provider = {
        async *reply() {
          events.push('made 1');
          yield { type: 'text', text: 'a' };
          events.push('made 2');
          yield { type: 'text', text: 'b' };
        },
      };
      for await (const part of appWith({ main: provider }, { models, retry }).stream('writer', { messages: 'x' })) {
        events.push(`got ${part.type === 'text' ? part.text : part.type}`);
      }
      expect(events).toEqual(['made 1', 'got a', 'made 2', 'got b']);
    });

    it('returns the collected reply when the stream ends', async () => {
      const stream = appWith({ main: scripted([gives({ ok: true })]) }, { models, retry }).stream('writer', {
        messages: 'x',
        output: z.object({ ok: z.boolean() }),
      });
      let next = await stream.next();
      while (!next.done) next = await stream.next();
      expect(next.value).toMatchObject({ value: { ok: true }, model: 'writer' });
    });

    it('retries and falls back on a failure before the first part', async () => {
      const main = scripted([new ProviderFailure('server', 'down')]);
      const app = appWith({ main, spare: scripted([says('spare')]) }, { models, retry });
      const parts = await collect(app.stream('writer', { messages: 'x' }));
      expect(parts[0]).toEqual({ type: 'text', text: 'spare' });
      expect(main.seen).toHaveLength(2);
    });

    it('neither retries nor falls back once parts were handed on, and says so', async () => {
      const main = scripted([
        { parts: [{ type: 'text', text: 'half an ans' }], then: new ProviderFailure('network', 'connection reset') },
      ]);
      const spare = scripted([says('never')]);
      const app = appWith({ main, spare }, { models, retry });
      const got: ReplyPart[] = [];
      const error = await (async () => {
        for await (const part of app.stream('writer', { messages: 'x' })) got.push(part);
      })().catch((e: unknown) => e);
      expect(got).toEqual([{ type: 'text', text: 'half an ans' }]);
      expect(error).toBeInstanceOf(CallFailed);
      expect((error as CallFailed).message).toContain(
        'Parts had already been handed to the caller, so it was neither retried nor given to a fallback.',
      );
      expect(main.seen).toHaveLength(1);
      expect(spare.seen).toHaveLength(0);
    });

    it('stops the provider when the caller stops reading', async () => {
      let closed = false;
      const provider: Provider = {
        async *reply() {
          try {
            for (let i = 0; ; i++) yield { type: 'text', text: String(i) };
          } finally {
            closed = true;
          }
        },
      };
      for await (const part of appWith({ main: provider }, { models, retry }).stream('writer', { messages: 'x' })) {
        if (part.type === 'text' && part.text === '3') break;
      }
      expect(closed).toBe(true);
    });

    it('validates the request when the stream is first read', async () => {
      const stream = appWith({ main: scripted([says('x')]) }, { models, retry }).stream('writer', {
        messages: 42,
      } as never);
      await expect(stream.next()).rejects.toMatchObject({ code: 'E0003' });
    });
  });
});
