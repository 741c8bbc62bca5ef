import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeServer } from '../../src/server/FakeServer.js';
import { serveCommand } from '../../src/server/serveCommand.js';
import { SystemClock } from '../../src/services/clock/SystemClock.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-serve-pace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const question = 'How do I reset my password?';
/** 200 ms to the first of three parts, then 100 ms between them. */
const timing = { firstMs: 200, gapsMs: [100, 100] };
const path = join(dir, 'paced.json');
writeFileSync(
  path,
  JSON.stringify({
    standin: 'cassette',
    version: 1,
    entries: [
      {
        model: 'helpdesk',
        call: 'reply',
        request: { messages: [{ role: 'user', content: question }], settings: { model: 'gpt-4.1-mini' } },
        answer: { text: 'Open Settings, then Password.', parts: [5, 15] },
        timing,
      },
    ],
  }),
);

/** Starts `standin serve` in this process with `args`. */
async function serve(args: readonly string[]): Promise<FakeServer> {
  const started = await serveCommand(['serve', ...args], { out: () => undefined, err: () => undefined });
  if (typeof started === 'number') throw new Error(`serve exited ${started}`);
  return started;
}

/** When each content chunk of a streamed chat completion came, in ms from the request. */
async function arrivals(server: FakeServer): Promise<number[]> {
  const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 });
  const start = performance.now();
  const stream = await client.chat.completions.create({
    model: 'gpt-4.1-mini',
    messages: [{ role: 'user', content: question }],
    stream: true,
  });
  const at: number[] = [];
  for await (const chunk of stream) if (chunk.choices[0]?.delta.content) at.push(performance.now() - start);
  return at;
}

describe('standin serve --cassette', () => {
  describe('--pace recorded=<factor>', () => {
    it('streams each reply to the openai client at its recorded pace, every wait times the factor', async () => {
      const sleep = vi.spyOn(SystemClock.prototype, 'sleep');
      const server = await serve(['--cassette', path, '--pace', 'recorded=0.5']);
      try {
        const at = await arrivals(server);
        expect(at).toHaveLength(3);
        // Waits on a loaded machine only grow: each part's scaled offset is a floor, and what was asked of the clock a
        // ceiling.
        expect(at[0]).toBeGreaterThanOrEqual(timing.firstMs * 0.5 - 5);
        expect(at[2]).toBeGreaterThanOrEqual((timing.firstMs + 200) * 0.5 - 5);
        const asked = sleep.mock.calls.reduce((total, [ms]) => total + ms, 0);
        expect(asked).toBeGreaterThan(0);
        // A timer may fire up to a millisecond before its time, and the next wait then asks for that millisecond again.
        expect(asked).toBeLessThanOrEqual((timing.firstMs + 200) * 0.5 + sleep.mock.calls.length);
      } finally {
        await server.close();
      }
    });
  });

  describe('--pace left out', () => {
    it('streams each reply at once, the system clock never asked to wait', async () => {
      const sleep = vi.spyOn(SystemClock.prototype, 'sleep');
      const server = await serve(['--cassette', path]);
      try {
        expect(await arrivals(server)).toHaveLength(3);
        expect(sleep).not.toHaveBeenCalled();
      } finally {
        await server.close();
      }
    });
  });

  describe('--pace, malformed', () => {
    it.each([
      [['--cassette', path, '--pace', 'fast'], "W0009: --pace: 'fast' is no pace. Write --pace recorded"],
      [['--cassette', path, '--pace', 'recorded=0'], "W0009: --pace: the factor is '0'; a factor is a decimal above 0"],
      [['--cassette', path, '--pace', 'recorded=1e1'], "the factor is '1e1'"],
      [['--cassette', path, '--pace', 'recorded=101'], 'and at most 100'],
      [['--scripts', path, '--pace', 'recorded'], 'W0009: --pace paces the replies of a cassette: give --cassette'],
    ])('%j exits 2 saying what to write', async (args, said) => {
      const err: string[] = [];
      expect(await serveCommand(['serve', ...args], { out: () => undefined, err: (line) => err.push(line) })).toBe(2);
      expect(err.join('\n')).toContain(said);
    });
  });
});
