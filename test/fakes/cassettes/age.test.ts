import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseModelId } from '../../../src/fakes/cassettes/modelIds.js';
import { createTestApp } from '../../../src/testing.js';
import { appWith, says, scripted } from '../../support/providers.js';
import { useFolder } from './support.js';

const folder = useFolder();
const config = (model = 'claude-test') => ({ models: { writer: { provider: 'anthropic', model } } });

afterEach(() => {
  vi.restoreAllMocks();
});

/** A cassette with one reply to 'Hi' from `model`, recorded on `day` (left out: no date). */
function cassette(path: string, day: string | undefined, model = 'claude-test'): void {
  const entry = {
    answer: { text: 'Hello!' },
    call: 'reply',
    model: 'writer',
    request: { messages: [{ content: 'Hi', role: 'user' }], settings: { model } },
    ...(day === undefined ? {} : { recorded: day }),
  };
  writeFileSync(path, `${JSON.stringify({ entries: [entry], standin: 'cassette', version: 1 }, null, 2)}\n`);
}

const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('Cassette', () => {
  describe('a recording', () => {
    it('keeps the day it was recorded', async () => {
      const path = join(folder(), 'c.json');
      const before = new Date().toISOString().slice(0, 10);
      const app = appWith({ anthropic: scripted(() => says('Hello!')) }, config());
      const recording = app.cassette(path, { mode: 'record' });
      await app.reply('writer', { messages: 'Hi' });
      await recording.save();
      const after = new Date().toISOString().slice(0, 10);
      const [entry] = (JSON.parse(readFileSync(path, 'utf8')) as { entries: { recorded: string }[] }).entries;
      expect([before, after]).toContain(entry!.recorded);
    });
  });

  describe('setting maxAgeDays', () => {
    it('fails the replay of an entry older than it with V0011, saying how to record it again', async () => {
      const path = join(folder(), 'c.json');
      cassette(path, daysAgo(40));
      const app = createTestApp(config());
      app.cassette(path, { maxAgeDays: 30 });
      await expect(app.reply('writer', { messages: 'Hi' })).rejects.toThrow(
        expect.objectContaining({
          code: 'V0011',
          message: expect.stringMatching(
            /entries\[0\] was recorded on .*, 40 days ago.*STANDIN_CASSETTES=record-missing/,
          ),
        }),
      );
    });

    it('replays an entry as old as it allows', async () => {
      const path = join(folder(), 'c.json');
      cassette(path, daysAgo(30));
      const app = createTestApp(config());
      app.cassette(path, { maxAgeDays: 30 });
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('Hello!');
    });

    it("warns, and replays the entry, with stale: 'warn'", async () => {
      const path = join(folder(), 'c.json');
      cassette(path, daysAgo(400));
      const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
      const app = createTestApp(config());
      app.cassette(path, { maxAgeDays: 30, stale: 'warn' });
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('Hello!');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('400 days ago'), { code: 'V0011' });
    });

    it('never ages an entry without a date, such as one written by hand', async () => {
      const path = join(folder(), 'c.json');
      cassette(path, undefined);
      const app = createTestApp(config());
      app.cassette(path, { maxAgeDays: 0 });
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('Hello!');
    });

    it('refuses a day that is not one with V0001', () => {
      const path = join(folder(), 'c.json');
      cassette(path, '2026-02-30');
      expect(() => createTestApp(config()).cassette(path)).toThrow(/entries\[0\]\.recorded/);
    });

    it('refuses a number of days that is not a whole one with V0002', () => {
      expect(() => createTestApp(config()).cassette(join(folder(), 'c.json'), { maxAgeDays: 1.5 })).toThrow(
        expect.objectContaining({ code: 'V0002', message: expect.stringContaining('maxAgeDays') }),
      );
    });
  });

  describe('setting modelIds', () => {
    it("matches a dated model id against the undated one with 'base'", async () => {
      const path = join(folder(), 'c.json');
      cassette(path, undefined, 'claude-test-20250514');
      const app = createTestApp(config('claude-test'));
      app.cassette(path, { modelIds: 'base' });
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('Hello!');
    });

    it('matches the ids exactly by default', async () => {
      const path = join(folder(), 'c.json');
      cassette(path, undefined, 'claude-test-20250514');
      const app = createTestApp(config('claude-test'));
      app.cassette(path);
      await expect(app.reply('writer', { messages: 'Hi' })).rejects.toThrow(expect.objectContaining({ code: 'T0040' }));
    });

    it('matches ids as a function says', async () => {
      const path = join(folder(), 'c.json');
      cassette(path, undefined, 'claude-test-preview');
      const app = createTestApp(config('claude-test'));
      app.cassette(path, { modelIds: (id) => id.replace(/-preview$/, '') });
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('Hello!');
    });

    it('fails with V0002 when the function throws', async () => {
      const path = join(folder(), 'c.json');
      cassette(path, undefined);
      const app = createTestApp(config());
      app.cassette(path, {
        modelIds: () => {
          throw new Error('boom');
        },
      });
      await expect(app.reply('writer', { messages: 'Hi' })).rejects.toThrow(expect.objectContaining({ code: 'V0002' }));
    });
  });
});

describe(baseModelId, () => {
  it.each([
    ['gpt-4.1-mini-2025-04-14', 'gpt-4.1-mini'],
    ['claude-3-5-sonnet-20241022', 'claude-3-5-sonnet'],
    ['anthropic.claude-3-5-sonnet-20241022-v2:0', 'anthropic.claude-3-5-sonnet'],
    ['claude-3-5-sonnet@20240620', 'claude-3-5-sonnet'],
    ['gemini-1.5-pro-002', 'gemini-1.5-pro'],
    ['claude-3-7-sonnet-latest', 'claude-3-7-sonnet'],
    ['gpt-4.1-mini', 'gpt-4.1-mini'],
    ['20250514', '20250514'],
  ])('reads %s as %s', (id, base) => {
    expect(baseModelId(id)).toBe(base);
  });
});
