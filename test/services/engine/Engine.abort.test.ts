import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProviderFailure, tool, type Provider } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { appWith, asks, says, scripted } from '../../support/providers.js';

const models = {
  writer: { provider: 'main', model: 'm', fallback: ['backup'] },
  backup: { provider: 'spare', model: 's' },
};
const retry = { attempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000, jitter: 0 };

/** A provider that waits until its call is aborted, as a slow network would. */
const hanging = (): Provider & { started: number } => {
  const provider = {
    started: 0,
    reply(): AsyncIterable<never> {
      provider.started++;
      return { [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => undefined) }) };
    },
    embed: () => new Promise<number[]>(() => undefined),
  };
  return provider;
};

describe(Engine, () => {
  describe('abort', () => {
    it('rejects at once, calling no provider, when the signal is already aborted', async () => {
      const provider = scripted([says('x')]);
      const reason = new Error('user left');
      await expect(
        appWith({ main: provider }, { models, retry }).reply(
          'writer',
          { messages: 'x' },
          { signal: AbortSignal.abort(reason) },
        ),
      ).rejects.toBe(reason);
      expect(provider.seen).toHaveLength(0);
    });

    it('hands the signal to the provider', async () => {
      const provider = scripted([says('x')]);
      const controller = new AbortController();
      await appWith({ main: provider }, { models, retry }).reply(
        'writer',
        { messages: 'x' },
        { signal: controller.signal },
      );
      expect(provider.seen[0]!.context.signal).toBe(controller.signal);
    });

    it('rejects a reply the provider is still making, even when the provider ignores the signal', async () => {
      const provider = hanging();
      const controller = new AbortController();
      const reply = appWith({ main: provider }, { models, retry }).reply(
        'writer',
        { messages: 'x' },
        { signal: controller.signal },
      );
      await new Promise((resolve) => setImmediate(resolve));
      controller.abort();
      await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
    });

    it('neither retries nor falls back on an abort, even when the provider turns it into a failure', async () => {
      const controller = new AbortController();
      const main = scripted(() => {
        controller.abort();
        return new ProviderFailure('network', 'socket closed');
      });
      const spare = scripted([says('never')]);
      await expect(
        appWith({ main, spare }, { models, retry }).reply('writer', { messages: 'x' }, { signal: controller.signal }),
      ).rejects.toMatchObject({ name: 'AbortError' });
      expect(main.seen).toHaveLength(1);
      expect(spare.seen).toHaveLength(0);
    });

    it('stops during the backoff sleep between retries', async () => {
      const controller = new AbortController();
      const main = scripted(() => new ProviderFailure('server', 'down'));
      const app = appWith({ main }, { models: { writer: { provider: 'main', model: 'm' } }, retry });
      const sleep = app.clock.sleep.bind(app.clock);
      app.clock.sleep = (ms, signal) => {
        controller.abort();
        return sleep(ms, signal);
      };
      await expect(app.reply('writer', { messages: 'x' }, { signal: controller.signal })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(main.seen).toHaveLength(1);
    });

    it('stops a stream between parts', async () => {
      const controller = new AbortController();
      const provider: Provider = {
        async *reply() {
          yield { type: 'text', text: 'a' };
          controller.abort();
          yield { type: 'text', text: 'b' };
        },
      };
      const got: string[] = [];
      const run = (async () => {
        for await (const part of appWith({ main: provider }, { models, retry }).stream(
          'writer',
          { messages: 'x' },
          { signal: controller.signal },
        )) {
          if (part.type === 'text') got.push(part.text);
        }
      })();
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
      expect(got).toEqual(['a']);
    });

    it('rejects other capabilities mid-call', async () => {
      const provider = hanging();
      const controller = new AbortController();
      const embedding = appWith({ main: provider }, { models, retry }).embed('writer', 'text', {
        signal: controller.signal,
      });
      controller.abort();
      await expect(embedding).rejects.toMatchObject({ name: 'AbortError' });
    });

    it('stops a run while its tools are running, and hands tools a signal that aborts with the run', async () => {
      const controller = new AbortController();
      let toolSignal: AbortSignal | undefined;
      const slow = tool({
        input: z.object({}),
        run: async (_, context) => {
          toolSignal = context.signal;
          controller.abort();
          throw new Error('interrupted');
        },
      });
      const provider = scripted([asks({ tool: 'slow', with: {} }), says('never')]);
      const run = appWith({ main: provider }, { models, retry }).run({ model: 'writer', tools: { slow } }, 'go', {
        signal: controller.signal,
      });
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
      expect(toolSignal?.aborted).toBe(true);
      expect(toolSignal?.reason).toBe(controller.signal.reason);
      expect(provider.seen).toHaveLength(1);
    });

    it('stops a run before its next step', async () => {
      const controller = new AbortController();
      const fine = tool({ input: z.object({}), run: () => (controller.abort(), 'done') });
      const provider = scripted([asks({ tool: 'fine', with: {} }), says('never')]);
      await expect(
        appWith({ main: provider }, { models, retry }).run({ model: 'writer', tools: { fine } }, 'go', {
          signal: controller.signal,
        }),
      ).rejects.toMatchObject({ name: 'AbortError' });
      expect(provider.seen).toHaveLength(1);
    });
  });
});
