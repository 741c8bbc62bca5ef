import { describe, expect, it } from 'vitest';
import { code, type ReplyPart } from 'standin';
import { createTestApp, type TestApp } from 'standin/testing';
import { getEventListeners } from 'node:events';
import { slotsOf } from '../../../src/fakes/slot/Slots.js';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };

function texts(parts: readonly ReplyPart[]): string {
  return parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** Reads a stream in the background, so a test can look at what has arrived while it holds. */
function watch(stream: AsyncIterable<ReplyPart>): { parts: ReplyPart[]; done: Promise<void> } {
  const parts: ReplyPart[] = [];
  const done = (async () => {
    for await (const part of stream) parts.push(part);
  })();
  return { parts, done };
}

/** Lets every pending callback run, so a stream that can go on has gone on. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

function held(): TestApp {
  const app = createTestApp(config);
  app.fake('writer', [{ parts: ['Hel', { hold: 'mid' }, 'lo'] }]);
  return app;
}

describe('TestApp', () => {
  describe('.fake with { hold } parts', () => {
    it('refuses a gate named twice in one answer (T0073)', () => {
      const app = createTestApp(config);
      expect(() => app.fake('writer', [{ parts: ['a', { hold: 'x' }, 'b', { hold: 'x' }] }])).toThrow(
        expect.objectContaining({
          code: code.T0073,
          message: expect.stringMatching(/answers\[0\]\.parts\[3\]\.hold: the gate 'x' is named by an earlier part/),
        }),
      );
    });

    it('refuses a malformed hold, naming the field (T0003)', () => {
      const app = createTestApp(config);
      expect(() => app.fake('writer', [{ parts: ['a', { hold: 'x', timeoutMs: 0 }] }])).toThrow(
        expect.objectContaining({ code: code.T0003, message: expect.stringMatching(/parts\[1\]\.timeoutMs/) }),
      );
      expect(() => app.fake('writer', [{ parts: ['a', { hold: 'x', text: 'b' } as never] }])).toThrow(/text/);
    });

    it('refuses a hold past where the answer fails, which no stream reaches (T0003)', () => {
      const app = createTestApp(config);
      expect(() => app.fake('writer', [{ parts: ['a', 'b', { hold: 'x' }], fail: 'server', failAfter: 1 }])).toThrow(
        /the hold 'x' comes after part 2, and the answer fails after 1/,
      );
    });

    it('holds before a failure the answer streams into', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ parts: ['a', { hold: 'x' }, 'b'], fail: 'server', failAfter: 1 }]);
      const seen = watch(app.stream('writer', { messages: 'Hi' }));
      await settle();
      expect(texts(seen.parts)).toBe('a');
      app.release('x');
      await expect(seen.done).rejects.toMatchObject({ code: code.E0005 });
    });

    it('refuses gates in an app sharing its scripts through a Redis namespace, before publishing (T0073)', async () => {
      const app = createTestApp({
        ...config,
        cursors: { store: 'redis', url: 'redis://127.0.0.1:9', namespace: 'held' },
      });
      expect(() => app.fake('writer', [{ parts: ['a', { hold: 'x' }] }])).toThrow(
        expect.objectContaining({ code: code.T0073, message: expect.stringMatching(/Redis namespace/) }),
      );
      await app.dispose();
    });
  });

  describe('.release', () => {
    it('holds a stream at its gate until the release, then streams the rest', async () => {
      const app = held();
      const seen = watch(app.stream('writer', { messages: 'Hi' }));
      await settle();
      expect(texts(seen.parts)).toBe('Hel');
      expect(seen.parts.map((part) => part.type)).toEqual(['text']);
      app.release('mid');
      await seen.done;
      expect(texts(seen.parts)).toBe('Hello');
      expect(seen.parts.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    });

    it('keeps a release made before the stream reaches the gate', async () => {
      const app = held();
      app.release('mid');
      const reply = await app.reply('writer', { messages: 'Hi' });
      expect(reply.text).toBe('Hello');
    });

    it('makes a collected reply (app.reply) wait at the gate too, then return whole', async () => {
      const app = held();
      let text: string | undefined;
      const reply = app.reply('writer', { messages: 'Hi' }).then((done) => (text = done.text));
      await settle();
      expect(text).toBeUndefined();
      app.release('mid');
      await reply;
      expect(text).toBe('Hello');
    });

    it('releases in the scope the caller runs in, never in another', async () => {
      const app = held();
      const inA = app.scope('a', () => watch(app.stream('writer', { messages: 'Hi' })));
      await settle();
      app.release('mid'); // the default scope: kept there, the stream in 'a' still holds
      await settle();
      expect(texts(inA.parts)).toBe('Hel');
      app.scope('a', () => app.release('mid'));
      await inA.done;
      expect(texts(inA.parts)).toBe('Hello');
    });

    it('releases one stream per release, the one that waited longest first', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ parts: ['1', { hold: 'go' }, '!'] }, { parts: ['2', { hold: 'go' }, '!'] }]);
      const first = watch(app.stream('writer', { messages: 'one' }));
      await settle();
      const second = watch(app.stream('writer', { messages: 'two' }));
      await settle();
      app.release('go');
      await first.done;
      await settle();
      expect(texts(first.parts)).toBe('1!');
      expect(texts(second.parts)).toBe('2');
      app.release('go');
      await second.done;
      expect(texts(second.parts)).toBe('2!');
    });

    it('holds at a gate before the first part and after the last', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ parts: [{ hold: 'start' }, 'Hi', { hold: 'end' }] }]);
      const seen = watch(app.stream('writer', { messages: 'Hi' }));
      await settle();
      expect(seen.parts).toEqual([]);
      app.release('start');
      await settle();
      expect(seen.parts.map((part) => part.type)).toEqual(['text']);
      app.release('end');
      await seen.done;
      expect(seen.parts.map((part) => part.type)).toEqual(['text', 'units', 'finish']);
    });

    it('refuses a gate no answer holds at, naming the gates there are (T0070)', () => {
      const app = held();
      expect(() => app.release('end')).toThrow(expect.objectContaining({ code: code.T0070 }));
      expect(() => app.release('end')).toThrow(/no answer holds at a gate named 'end'\. The answers' gates are 'mid'/);
    });

    it('refuses a name that is not a gate name (T0073)', () => {
      const app = held();
      expect(() => app.release('' as string)).toThrow(expect.objectContaining({ code: code.T0073 }));
      expect(() => app.release(7 as unknown as string)).toThrow(/got a number/);
    });

    it('refuses a proxy or a value whose toString throws (T0073), never reading it', () => {
      const app = held();
      const readsThrow = new Proxy(
        {},
        {
          get: () => {
            throw new Error('read');
          },
        },
      );
      const printsThrow = {
        toString: () => {
          throw new Error('printed');
        },
      };
      for (const gate of [readsThrow, printsThrow]) {
        for (const release of [() => app.release(gate as never), () => app.scope('req-1').release(gate as never)]) {
          expect(release).toThrow(
            expect.objectContaining({ code: code.T0073, message: expect.stringContaining('release(an object)') }),
          );
        }
      }
    });

    it('takes any name for a fake that answers with a function, whose gates come with the call', async () => {
      const app = createTestApp(config);
      app.fake('writer', () => ({ parts: ['a', { hold: 'late' }, 'b'] }));
      app.release('late');
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('ab');
    });
  });

  describe('.scope(id).release', () => {
    it('releases the streams of that scope', async () => {
      const app = held();
      const seen = app.scope('req-1', () => watch(app.stream('writer', { messages: 'Hi' })));
      await settle();
      app.scope('req-1').release('mid');
      await seen.done;
      expect(texts(seen.parts)).toBe('Hello');
    });
  });

  describe('a held stream', () => {
    const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;

    it.each([
      ['the abort', async (_: TestApp, stop: AbortController) => stop.abort()],
      ['app.reset()', async (app: TestApp) => app.reset()],
      ['app.dispose()', async (app: TestApp) => app.dispose()],
    ])('leaves no timer, listener or waiting stream behind once ended by %s', async (_, end) => {
      const app = held();
      const gates = slotsOf(app.container).gates;
      const before = timers();
      const stop = new AbortController();
      const seen = watch(app.stream('writer', { messages: 'Hi' }, { signal: stop.signal }));
      await settle();
      expect(gates.holding).toBe(1);
      const listening = getEventListeners(stop.signal, 'abort').length;
      await end(app, stop);
      await expect(seen.done).rejects.toBeDefined();
      expect(gates.holding).toBe(0);
      expect(timers()).toBeLessThanOrEqual(before);
      // The hold's own listener is gone; the engine's one per signal stays until the signal aborts or is collected.
      expect(getEventListeners(stop.signal, 'abort').length).toBe(stop.signal.aborted ? 0 : listening - 1);
    });

    it("ends with the call's abort, with its reason", async () => {
      const app = held();
      const controller = new AbortController();
      const seen = watch(app.stream('writer', { messages: 'Hi' }, { signal: controller.signal }));
      await settle();
      controller.abort(new Error('stop pressed'));
      await expect(seen.done).rejects.toThrow('stop pressed');
      expect(texts(seen.parts)).toBe('Hel');
    });

    it('ends with app.reset() (T0072), and the gate is gone with its fake', async () => {
      const app = held();
      const seen = watch(app.stream('writer', { messages: 'Hi' }));
      await settle();
      await app.reset();
      await expect(seen.done).rejects.toMatchObject({ code: code.T0072 });
      await expect(seen.done).rejects.toThrow(/app\.reset\(\) took the fakes off/);
      expect(() => app.release('mid')).toThrow(expect.objectContaining({ code: code.T0070 }));
    });

    it('ends with app.dispose() (T0072)', async () => {
      const app = held();
      const seen = watch(app.stream('writer', { messages: 'Hi' }));
      await settle();
      await app.dispose();
      await expect(seen.done).rejects.toMatchObject({ code: code.T0072 });
      await expect(seen.done).rejects.toThrow(/app\.dispose\(\) released the app/);
    });

    it('fails after its timeoutMs with no release (T0071), naming the gate and the fix', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ parts: ['Hel', { hold: 'mid', timeoutMs: 20 }, 'lo'] }]);
      const seen = watch(app.stream('writer', { messages: 'Hi' }));
      await expect(seen.done).rejects.toMatchObject({ code: code.T0071 });
      await expect(seen.done).rejects.toThrow(/held at gate 'mid' in the default scope for 20 ms/);
      expect(texts(seen.parts)).toBe('Hel');
    });
  });
});
