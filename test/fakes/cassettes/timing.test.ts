import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReplyPart } from '../../../src/index.js';
import { createFakeServer } from '../../../src/server.js';
import { createTestApp, type TestApp } from '../../../src/testing.js';
import { SystemClock } from '../../../src/services/clock/SystemClock.js';
import { readCassette } from '../../../src/fakes/cassettes/readCassette.js';
import { pruneCassette, readUsage } from '../../../src/fakes/cassettes/pruneCassette.js';
import { redactCassette } from '../../../src/fakes/cassettes/redactCassette.js';
import { textDigest } from '../../../src/fakes/cassettes/usageLog.js';
import { cassetteSteps } from '../../../src/fakes/transcript/cassetteSteps.js';

const folder = mkdtempSync(join(tmpdir(), 'standin-timing-'));
const recordedPath = join(folder, 'paced.json');
afterAll(() => rmSync(folder, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const models = { writer: { provider: 'openai', model: 'gpt-4.1-mini' } };
const paced = { messages: 'How do I reset my password?' };
const warmUp = { messages: 'Hello' };
/** The upstream's pace: 120 ms to the first part, then a part every 80 ms, on the system clock. */
const UPSTREAM = { firstMs: 120, gapMs: 80, parts: 4 };

/** When each content part of a streamed call came, in ms from the call. */
async function arrivals(app: TestApp, request: typeof paced, signal?: AbortSignal): Promise<number[]> {
  const start = performance.now();
  const at: number[] = [];
  for await (const part of app.stream('writer', request, { signal }) as AsyncGenerator<ReplyPart>)
    if (part.type === 'text') at.push(performance.now() - start);
  return at;
}

/** The first part's delay and the sum of the gaps after it, as `timing` keeps them. */
function measured(at: readonly number[]): { firstMs: number; gapsMs: number } {
  return { firstMs: at[0]!, gapsMs: at.at(-1)! - at[0]! };
}

const sum = (gaps: readonly number[]): number => gaps.reduce((total, gap) => total + gap, 0);

/** A replaying app on `path`, with `settings`; its first call (the warm-up request) made, so start-up is not timed. */
async function replaying(path: string, settings: Parameters<TestApp['cassette']>[1]): Promise<TestApp> {
  const app = createTestApp({ models });
  app.cassette(path, settings);
  await arrivals(app, warmUp);
  return app;
}

function writeCassette(path: string, entries: readonly unknown[]): void {
  writeFileSync(path, JSON.stringify({ standin: 'cassette', version: 1, entries }));
}

const entry = (timing: unknown, answer: unknown = { text: 'Open Settings.', parts: [5] }) => ({
  model: 'writer',
  call: 'reply',
  request: {
    messages: [{ role: 'user', content: 'How do I reset my password?' }],
    settings: { model: 'gpt-4.1-mini' },
  },
  answer,
  timing,
});

/** Records the warm-up request, then the paced one, through the openai adapter against an upstream pacing on real time. */
beforeAll(async () => {
  const upstream = await createFakeServer({
    scripts: {
      models: {
        'gpt-4.1-mini': [
          { when: { user: 'Hello' }, text: 'Hi!' },
          {
            when: { user: 'password' },
            text: 'Open Settings, then Password.',
            parts: [5, 15, 20],
            pace: { firstMs: UPSTREAM.firstMs, perSecond: 1000 / UPSTREAM.gapMs, real: true },
          },
        ],
      },
    },
  });
  const app = createTestApp({ models, providers: { openai: { baseURL: `${upstream.url}/v1`, apiKey: 'sk-test-1' } } });
  const cassette = app.cassette(recordedPath, { mode: 'record', timing: true });
  await arrivals(app, warmUp);
  await arrivals(app, paced);
  await cassette.save();
  await Promise.all([upstream.close(), app.dispose()]);
});

describe('Cassette', () => {
  describe('timing: true', () => {
    it("keeps a streamed reply's first-part delay and the gaps between its parts, near the upstream's", () => {
      const timing = readCassette(recordedPath).entries[1]!.timing!;
      expect(timing.gapsMs).toHaveLength(UPSTREAM.parts - 1);
      expect(timing.firstMs).toBeGreaterThanOrEqual(UPSTREAM.firstMs - 5);
      expect(timing.firstMs).toBeLessThan(UPSTREAM.firstMs + 500);
      const upstreamGaps = UPSTREAM.gapMs * (UPSTREAM.parts - 1);
      expect(sum(timing.gapsMs)).toBeGreaterThanOrEqual(upstreamGaps * 0.8);
      expect(sum(timing.gapsMs)).toBeLessThan(upstreamGaps + 500);
      expect(timing.gapsMs.every((gap) => Number.isInteger(gap))).toBe(true);
    });

    it('writes the gaps on one line, beside the answer and never in the request', () => {
      const text = readFileSync(recordedPath, 'utf8');
      expect(text).toMatch(/"gapsMs": \[\d+,\d+,\d+\]\n/);
      expect(readCassette(recordedPath).entries[1]!.request).not.toHaveProperty('timing');
    });

    it('keeps the timing of the parts that came before a stream broke', async () => {
      const upstream = await createFakeServer({
        scripts: {
          models: {
            'gpt-4.1-mini': [{ text: 'Open Settings, then Password.', parts: [5, 15], fail: 'server', failAfter: 2 }],
          },
        },
      });
      const path = join(folder, 'broken.json');
      const app = createTestApp({
        models,
        providers: { openai: { baseURL: `${upstream.url}/v1`, apiKey: 'sk-test-1' } },
        retry: { attempts: 1 },
      });
      const cassette = app.cassette(path, { mode: 'record', timing: true });
      await expect(arrivals(app, warmUp)).rejects.toThrow();
      await cassette.save();
      await Promise.all([upstream.close(), app.dispose()]);
      const [broken] = readCassette(path).entries;
      expect(broken!.answer).toMatchObject({ fail: expect.any(String), failAfter: 2 });
      expect(broken!.timing).toEqual({ firstMs: expect.any(Number), gapsMs: [expect.any(Number)] });
    });

    it('keeps nothing of time when left out, so the file is the same bytes each time', async () => {
      const upstream = await createFakeServer({ scripts: { models: { 'gpt-4.1-mini': [{ text: 'Hi!' }] } } });
      const path = join(folder, 'untimed.json');
      const app = createTestApp({
        models,
        providers: { openai: { baseURL: `${upstream.url}/v1`, apiKey: 'sk-test-1' } },
      });
      const cassette = app.cassette(path, { mode: 'record' });
      await arrivals(app, warmUp);
      await cassette.save();
      await Promise.all([upstream.close(), app.dispose()]);
      expect(readFileSync(path, 'utf8')).not.toContain('timing');
    });
  });

  describe("pace: 'recorded'", () => {
    it('replays the recorded first-part delay and gaps, each within a fifth', async () => {
      const recorded = readCassette(recordedPath).entries[1]!.timing!;
      const app = await replaying(recordedPath, { pace: 'recorded' });
      const got = measured(await arrivals(app, paced));
      expect(Math.abs(got.firstMs - recorded.firstMs)).toBeLessThanOrEqual(recorded.firstMs * 0.2 + 5);
      expect(Math.abs(got.gapsMs - sum(recorded.gapsMs))).toBeLessThanOrEqual(sum(recorded.gapsMs) * 0.2 + 5);
      await app.dispose();
    });

    it('halves every wait with the factor 0.5', async () => {
      const recorded = readCassette(recordedPath).entries[1]!.timing!;
      const app = await replaying(recordedPath, { pace: { recorded: 0.5 } });
      const got = measured(await arrivals(app, paced));
      const [first, gaps] = [recorded.firstMs / 2, sum(recorded.gapsMs) / 2];
      expect(Math.abs(got.firstMs - first)).toBeLessThanOrEqual(first * 0.2 + 5);
      expect(Math.abs(got.gapsMs - gaps)).toBeLessThanOrEqual(gaps * 0.2 + 5);
      await app.dispose();
    });

    it('replays an entry without timing at once', async () => {
      const path = join(folder, 'no-timing.json');
      const { timing: _timing, ...untimed } = entry(undefined);
      writeCassette(path, [untimed]);
      const sleep = vi.spyOn(SystemClock.prototype, 'sleep');
      const app = createTestApp({ models });
      app.cassette(path, { pace: 'recorded' });
      expect(await arrivals(app, paced)).toHaveLength(2);
      expect(sleep).not.toHaveBeenCalled();
      await app.dispose();
    });

    it("stops waiting at once when the call's signal aborts", async () => {
      const path = join(folder, 'long.json');
      // Ten minutes to the first part: a wait the abort did not end would outlast the test's timeout.
      writeCassette(path, [entry({ firstMs: 600_000, gapsMs: [0] })]);
      const app = createTestApp({ models });
      app.cassette(path, { pace: 'recorded' });
      const controller = new AbortController();
      const sleep = vi.spyOn(SystemClock.prototype, 'sleep');
      const call = arrivals(app, paced, controller.signal);
      await vi.waitFor(() => expect(sleep).toHaveBeenCalled());
      controller.abort(new Error('the user left'));
      await expect(call).rejects.toThrow('the user left');
      await app.dispose();
    });
  });

  describe('pace left out', () => {
    it('replays a timed entry at once, the system clock never asked to wait', async () => {
      const sleep = vi.spyOn(SystemClock.prototype, 'sleep');
      const app = createTestApp({ models });
      app.cassette(recordedPath);
      expect(await arrivals(app, paced)).toHaveLength(UPSTREAM.parts);
      expect(sleep).not.toHaveBeenCalled();
      expect(app.clock.slept).toEqual([]);
      await app.dispose();
    });

    it("replays at once with pace: 'instant'", async () => {
      const sleep = vi.spyOn(SystemClock.prototype, 'sleep');
      const app = createTestApp({ models });
      app.cassette(recordedPath, { pace: 'instant' });
      expect(await arrivals(app, paced)).toHaveLength(UPSTREAM.parts);
      expect(sleep).not.toHaveBeenCalled();
      await app.dispose();
    });
  });

  describe('settings', () => {
    it.each([
      [{ pace: 'fast' }, "settings.pace: expected 'instant', 'recorded' or { recorded: <factor> }"],
      [{ pace: { recorded: 0 } }, 'settings.pace.recorded: too small'],
      [{ pace: { recorded: 101 } }, 'settings.pace.recorded: too big'],
      [{ pace: { recorded: 0.5, real: true } }, "settings.pace.real: unknown key 'real'"],
      [{ timing: 'yes' }, 'settings.timing: expected true (keep how each reply streamed) or false'],
    ])('refuses %j with V0002, saying what to write', (settings, said) => {
      const app = createTestApp({ models });
      expect(() => app.cassette(join(folder, 'any.json'), settings as never)).toThrow(
        expect.objectContaining({ code: 'V0002', message: expect.stringContaining(said) }),
      );
    });
  });

  describe('a timing in the file', () => {
    it.each([
      [entry({ firstMs: -1, gapsMs: [] }), 'entries[0].timing.firstMs: too small'],
      [entry({ firstMs: 1.5, gapsMs: [] }), 'entries[0].timing.firstMs: expected the whole milliseconds'],
      [entry({ firstMs: 1, gapsMs: [600_001] }), 'entries[0].timing.gapsMs[0]: too big'],
      [entry({ firstMs: 1 }), 'entries[0].timing.gapsMs: missing'],
      [entry({ firstMs: 1, gapsMs: [], lastMs: 3 }), "entries[0].timing.lastMs: unknown key 'lastMs'"],
      [
        { call: 'classify', request: {}, answer: { answers: {} }, timing: { firstMs: 1, gapsMs: [] } },
        'entries[0].timing: timing is how a reply streamed, and this is a classify entry. Remove timing.',
      ],
    ])('refuses a malformed one with V0001 naming it (%#)', (bad, said) => {
      const path = join(folder, 'bad.json');
      writeCassette(path, [bad]);
      expect(() => readCassette(path)).toThrow(
        expect.objectContaining({ code: 'V0001', message: expect.stringContaining(said) }),
      );
    });

    it('refuses more gaps than go between the parts with V0001, naming where they are', () => {
      const path = join(folder, 'gaps.json');
      writeCassette(path, [entry({ firstMs: 1, gapsMs: [1, 2] })]);
      const app = createTestApp({ models });
      expect(() => app.cassette(path, { pace: 'recorded' })).toThrow(
        expect.objectContaining({
          code: 'V0001',
          message: expect.stringMatching(
            /entries\[0\]\.timing\.gapsMs lists 2 gaps, and its answer streams 2 parts: a gap goes between two parts, so at most 1\..*\nThe gaps are at line 1, column \d+\./s,
          ),
        }),
      );
    });

    it('refuses more gaps than parts when a plain text entry is first replayed', async () => {
      const path = join(folder, 'plain.json');
      writeCassette(path, [entry({ firstMs: 1, gapsMs: [1] }, { text: 'Open Settings.' })]);
      const app = createTestApp({ models });
      app.cassette(path);
      await expect(arrivals(app, paced)).rejects.toMatchObject({
        code: 'V0001',
        message: expect.stringContaining('lists 1 gap, and its answer streams 1 part: a gap goes between two parts'),
      });
      await app.dispose();
    });

    it('is kept by standin cassettes redact', () => {
      const text = readFileSync(recordedPath, 'utf8');
      const redacted = redactCassette(text, recordedPath, (value) => value.replaceAll('Password', '[word]'));
      expect(redacted.changed).toBeGreaterThan(0);
      expect(JSON.parse(redacted.text).entries[1].timing).toEqual(readCassette(recordedPath).entries[1]!.timing);
    });

    it('is kept by standin cassettes prune', () => {
      const text = readFileSync(recordedPath, 'utf8');
      const cassette = resolve(recordedPath);
      const notes = readUsage(
        [
          { cassette, event: 'loaded', digest: textDigest(text), entries: 2 },
          { cassette, event: 'replayed', entry: 1 },
        ]
          .map((note) => JSON.stringify(note))
          .join('\n'),
        'usage.jsonl',
      );
      const pruned = pruneCassette(text, recordedPath, notes);
      expect(pruned.removed).toEqual([0]);
      expect(JSON.parse(pruned.text).entries[0].timing).toEqual(readCassette(recordedPath).entries[1]!.timing);
    });

    it('is shown by standin inspect under its answer', () => {
      const timing = readCassette(recordedPath).entries[1]!.timing!;
      const [, step] = cassetteSteps(readCassette(recordedPath).entries);
      expect(step!.answer).toContain(
        `timing: first part after ${timing.firstMs} ms, ${timing.gapsMs.length} more over ${sum(timing.gapsMs)} ms`,
      );
    });
  });
});
