import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { CallFailed, ProviderFailure, Tokens, type FailureKind } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { failureKinds } from '../../../src/errors/ProviderFailure.js';
import { createTestApp } from '../../../src/testing.js';
import { appWith, says, scripted } from '../../support/providers.js';

const down = (kind: FailureKind, retryAfterMs?: number): ProviderFailure =>
  new ProviderFailure(kind, `${kind} failure`, { retryAfterMs });
const models = {
  writer: { provider: 'main', model: 'main-1', fallback: ['backup'] },
  backup: { provider: 'spare', model: 'spare-1' },
  alone: { provider: 'main', model: 'main-1' },
};
const retry = { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0 };

describe(Engine, () => {
  describe('retries', () => {
    describe.each(Object.entries(failureKinds) as [FailureKind, boolean][])('a %s failure', (kind, retryable) => {
      it(retryable ? 'is tried again, up to the attempts, then given up' : 'is not tried again', async () => {
        const provider = scripted([down(kind)]);
        const app = appWith({ main: provider }, { models, retry });
        await expect(app.reply('alone', { messages: 'x' })).rejects.toBeInstanceOf(CallFailed);
        expect(provider.seen).toHaveLength(retryable ? 3 : 1);
      });
    });

    it('succeeds on a later attempt, and counts attempts in the context', async () => {
      const provider = scripted([down('server'), down('rate_limit'), says('third time')]);
      const reply = await appWith({ main: provider }, { models, retry }).reply('alone', { messages: 'x' });
      expect(reply.text).toBe('third time');
      expect(provider.seen.map((s) => s.context.attempt)).toEqual([1, 2, 3]);
    });

    it('keeps the request id and step key across attempts', async () => {
      const provider = scripted([down('server'), says('ok')]);
      await appWith({ main: provider }, { models, retry }).reply('alone', { messages: 'x' }, { requestId: 'r1' });
      const [first, second] = provider.seen.map((s) => [s.context.requestId, s.context.stepKey]);
      expect(first).toEqual(['r1', expect.stringMatching(/^call:/)]);
      expect(second).toEqual(first);
    });

    it('waits with exponential backoff through the clock, never for real', async () => {
      const app = appWith(
        { main: scripted([down('server')]) },
        { models, retry: { attempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0 } },
      );
      await expect(app.reply('alone', { messages: 'x' })).rejects.toBeInstanceOf(CallFailed);
      expect(app.clock.slept).toEqual([500, 1_000, 2_000, 4_000]);
    });

    it('caps backoff at maxDelayMs', async () => {
      const app = appWith(
        { main: scripted([down('server')]) },
        { models, retry: { attempts: 5, baseDelayMs: 10_000, maxDelayMs: 30_000, jitter: 0 } },
      );
      await expect(app.reply('alone', { messages: 'x' })).rejects.toBeInstanceOf(CallFailed);
      expect(app.clock.slept).toEqual([10_000, 20_000, 30_000, 30_000]);
    });

    it("honours the failure's retryAfterMs", async () => {
      const app = appWith(
        { main: scripted([down('rate_limit', 2_500), down('rate_limit', 0), says('ok')]) },
        { models, retry },
      );
      await app.reply('alone', { messages: 'x' });
      expect(app.clock.slept).toEqual([2_500, 0]);
    });

    it("drops a provider's retryAfterMs past maxRetryAfterMs (default 60 s), as a header hint is: the usual backoff waits", async () => {
      const app = appWith(
        { main: scripted([down('rate_limit', 3_000_000), down('rate_limit', 1e14), says('ok')]) },
        { models, retry },
      );
      await app.reply('alone', { messages: 'x' });
      expect(app.clock.slept).toEqual([500, 1_000]);
    });

    it("caps a provider's retryAfterMs by that provider's configured maxRetryAfterMs", async () => {
      const app = appWith(
        { main: scripted([down('rate_limit', 5_000), down('rate_limit', 1_500), says('ok')]) },
        { models, retry, providers: { main: { maxRetryAfterMs: 2_000 } } },
      );
      await app.reply('alone', { messages: 'x' });
      expect(app.clock.slept).toEqual([500, 1_500]);
    });

    it('keeps jitter inside [d * (1 - jitter), d]', async () => {
      const delays = async (random: number): Promise<readonly number[]> => {
        const app = createTestApp(
          { models, retry: { attempts: 3, baseDelayMs: 1_000, maxDelayMs: 30_000, jitter: 0.5 } },
          new ContainerModule(({ bind, rebind }) => {
            bind(Tokens.Provider)
              .toConstantValue(scripted([down('server')]))
              .whenNamed('main');
            rebind(Tokens.Random).toConstantValue(() => random);
          }),
        );
        await expect(app.reply('alone', { messages: 'x' })).rejects.toBeInstanceOf(CallFailed);
        return app.clock.slept;
      };
      expect(await delays(0)).toEqual([1_000, 2_000]);
      expect(await delays(0.999999)).toEqual([expect.closeTo(500, 2), expect.closeTo(1_000, 2)]);
      expect(await delays(0.5)).toEqual([750, 1_500]);
    });

    it('takes the attempts from the config, or from the call', async () => {
      const provider = scripted([down('server')]);
      const app = appWith({ main: provider }, { models, retry: { attempts: 2 } });
      await expect(app.reply('alone', { messages: 'x' })).rejects.toBeInstanceOf(CallFailed);
      expect(provider.seen).toHaveLength(2);
      await expect(app.reply('alone', { messages: 'x' }, { retry: { attempts: 4 } })).rejects.toBeInstanceOf(
        CallFailed,
      );
      expect(provider.seen).toHaveLength(6);
      await expect(app.reply('alone', { messages: 'x' }, { retry: false })).rejects.toBeInstanceOf(CallFailed);
      expect(provider.seen).toHaveLength(7);
    });
  });

  describe('fallback', () => {
    it("gives a call to the next model of the fallback list once the model's retries are spent", async () => {
      const main = scripted([down('server')]);
      const spare = scripted([says('from backup')]);
      const app = appWith({ main, spare }, { models, retry });
      const reply = await app.reply('writer', { messages: 'x' });
      expect(reply).toMatchObject({ text: 'from backup', model: 'backup' });
      expect(main.seen).toHaveLength(3);
      expect(spare.seen[0]!.request.model).toBe('spare-1');
      expect(spare.seen[0]!.context).toMatchObject({
        modelName: 'backup',
        attempt: 1,
        stepKey: main.seen[0]!.context.stepKey,
      });
    });

    it.each(['auth', 'bad_request', 'context_length', 'content_filter', 'unknown'] as const)(
      'falls back at once on a %s failure, which is not retried',
      async (kind) => {
        const main = scripted([down(kind)]);
        const spare = scripted([says('from backup')]);
        expect((await appWith({ main, spare }, { models, retry }).reply('writer', { messages: 'x' })).text).toBe(
          'from backup',
        );
        expect(main.seen).toHaveLength(1);
      },
    );

    it('gives the fallback model its own retries', async () => {
      const main = scripted([down('auth')]);
      const spare = scripted([down('timeout'), down('timeout'), says('finally')]);
      const app = appWith({ main, spare }, { models, retry });
      expect((await app.reply('writer', { messages: 'x' })).text).toBe('finally');
      expect(spare.seen).toHaveLength(3);
      expect(app.clock.slept).toEqual([500, 1_000]);
    });

    it('walks fallbacks of fallbacks, depth first, each model once', async () => {
      const calls: string[] = [];
      const tracked = (name: string, ok: boolean) =>
        scripted((_, context) => (calls.push(`${name}:${context.modelName}`), ok ? says(name) : down('auth')));
      const app = appWith(
        { a: tracked('a', false), b: tracked('b', false), c: tracked('c', false), d: tracked('d', true) },
        {
          models: {
            first: { provider: 'a', model: 'm', fallback: ['second', 'fourth'] },
            second: { provider: 'b', model: 'm', fallback: ['third'] },
            third: { provider: 'c', model: 'm', fallback: ['fourth'] },
            fourth: { provider: 'd', model: 'm' },
          },
          retry,
        },
      );
      expect((await app.reply('first', { messages: 'x' })).model).toBe('fourth');
      expect(calls).toEqual(['a:first', 'b:second', 'c:third', 'd:fourth']);
    });

    it('ends with CallFailed (E0005) that says which models were tried and why each failed', async () => {
      const app = appWith(
        { main: scripted([down('server'), down('server'), down('rate_limit')]), spare: scripted([down('auth')]) },
        { models, retry },
      );
      const error = (await app.reply('writer', { messages: 'x' }).catch((e: unknown) => e)) as CallFailed;
      expect(error).toBeInstanceOf(CallFailed);
      expect(error.code).toBe('E0005');
      expect(error.model).toBe('writer');
      expect(error.kind).toBe('auth');
      expect(error.cause).toBeInstanceOf(ProviderFailure);
      expect(error.failures).toEqual([
        { model: 'writer', attempt: 1, kind: 'server', message: 'server failure' },
        { model: 'writer', attempt: 2, kind: 'server', message: 'server failure' },
        { model: 'writer', attempt: 3, kind: 'rate_limit', message: 'rate_limit failure' },
        { model: 'backup', attempt: 1, kind: 'auth', message: 'auth failure' },
      ]);
      expect(error.message).toBe(
        "E0005: Model 'writer' failed. Tried writer (3 attempts: server: server failure; server: server failure; rate_limit: rate_limit failure), then backup (1 attempt: auth: auth failure).",
      );
    });

    it('does not fall back on an error that is no provider failure', async () => {
      const spare = scripted([says('never')]);
      const bug = new RangeError('bug in the provider');
      await expect(
        appWith({ main: scripted([bug]), spare }, { models, retry }).reply('writer', { messages: 'x' }),
      ).rejects.toBe(bug);
      expect(spare.seen).toHaveLength(0);
    });

    it("checks a fallback's provider when the call reaches it", async () => {
      const app = appWith({ main: scripted([down('auth')]) }, { models, retry });
      await expect(app.reply('writer', { messages: 'x' })).rejects.toMatchObject({
        code: 'E0002',
        message: expect.stringContaining("Model 'backup' uses provider 'spare'"),
      });
    });
  });
});
