import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClassificationQuestion as Q } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { appWith, says, scripted } from '../../support/providers.js';
import { useFolder } from './support.js';

const folder = useFolder();
const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };
const live = (prefix = 'live') => scripted((request) => says(`${prefix}: ${JSON.stringify(request.messages.at(-1))}`));

afterEach(() => {
  vi.unstubAllEnvs();
});

async function recordedWith(path: string, ...questions: string[]): Promise<void> {
  const app = appWith({ anthropic: live() }, config);
  const cassette = app.cassette(path, { mode: 'record' });
  for (const question of questions) await app.reply('writer', { messages: question });
  await cassette.save();
}

describe('Cassette', () => {
  describe("mode 'record-missing'", () => {
    it('replays what the file has, records what it lacks, and adds only the new entries', async () => {
      const path = join(folder(), 'c.json');
      await recordedWith(path, 'one', 'two');
      const before = readFileSync(path, 'utf8');
      const provider = live('new');
      const app = appWith({ anthropic: provider }, config);
      const cassette = app.cassette(path, { mode: 'record-missing' });
      expect((await app.reply('writer', { messages: 'one' })).text).toContain('live: ');
      expect((await app.reply('writer', { messages: 'three' })).text).toContain('new: ');
      await cassette.save();
      expect(provider.seen).toHaveLength(1);
      const after = JSON.parse(readFileSync(path, 'utf8')) as { entries: unknown[] };
      const old = JSON.parse(before) as { entries: unknown[] };
      expect(after.entries.slice(0, 2)).toEqual(old.entries);
      expect(after.entries).toHaveLength(3);
      expect(JSON.stringify(after.entries[2])).toContain('three');
    });

    it('writes nothing when every call was replayed', async () => {
      const path = join(folder(), 'c.json');
      await recordedWith(path, 'one');
      writeFileSync(path, readFileSync(path, 'utf8').replace('"entries": [', '"entries":['));
      const edited = readFileSync(path, 'utf8');
      const app = createTestApp(config);
      const cassette = app.cassette(path, { mode: 'record-missing' });
      await app.reply('writer', { messages: 'one' });
      await cassette.save();
      expect(readFileSync(path, 'utf8')).toBe(edited);
    });
  });

  describe("mode 'record'", () => {
    it('calls the provider every time and replaces the old entries', async () => {
      const path = join(folder(), 'c.json');
      await recordedWith(path, 'one', 'two');
      const provider = live('again');
      const app = appWith({ anthropic: provider }, config);
      const cassette = app.cassette(path, { mode: 'record' });
      await app.reply('writer', { messages: 'one' });
      await cassette.save();
      expect(provider.seen).toHaveLength(1);
      const entries = (JSON.parse(readFileSync(path, 'utf8')) as { entries: { answer: { text: string } }[] }).entries;
      expect(entries.map((e) => e.answer.text)).toEqual(['again: {"role":"user","content":"one"}']);
    });

    it('throws V0004 for a model whose provider nothing serves', async () => {
      const app = createTestApp({ models: { writer: { provider: 'nowhere', model: 'x' } } });
      app.cassette(join(folder(), 'c.json'), { mode: 'record' });
      await expect(app.reply('writer', { messages: 'Hi' })).rejects.toMatchObject({ code: 'V0004' });
    });

    it('throws V0006 for a call output JSON cannot hold, and keeps nothing of it', async () => {
      const withCall = { ...scripted([says('Hi')]), call: async () => ({ when: new Date(0), run: () => 1 }) };
      const app = appWith({ anthropic: withCall }, config);
      const cassette = app.cassette(join(folder(), 'c.json'), { mode: 'record' });
      await expect(app.call('writer', { ticket: 7 })).rejects.toMatchObject({
        code: 'V0006',
        message: expect.stringContaining('the result of call(...)'),
      });
      expect(cassette.entries).toHaveLength(0);
    });

    it('throws V0004 for classify when no classifier is bound', async () => {
      const app = createTestApp(config);
      app.cassette(join(folder(), 'c.json'), { mode: 'record' });
      await expect(app.classify('text', { spam: Q.yesNo('Spam?') })).rejects.toMatchObject({ code: 'V0004' });
    });
  });

  describe('STANDIN_CASSETTES', () => {
    it('overrides the mode the settings give', async () => {
      const path = join(folder(), 'c.json');
      vi.stubEnv('STANDIN_CASSETTES', 'record');
      const app = appWith({ anthropic: live() }, config);
      const cassette = app.cassette(path, { mode: 'replay' });
      expect(cassette.mode).toBe('record');
      await app.reply('writer', { messages: 'Hi' });
      await cassette.save();
      vi.stubEnv('STANDIN_CASSETTES', 'replay');
      const replaying = createTestApp(config);
      expect(replaying.cassette(path, { mode: 'record' }).mode).toBe('replay');
    });

    it('throws V0002 for a mode that does not exist', () => {
      vi.stubEnv('STANDIN_CASSETTES', 'rewind');
      expect(() => createTestApp(config).cassette(join(folder(), 'c.json'))).toThrow(
        /STANDIN_CASSETTES="rewind" is not a cassette mode/,
      );
    });
  });

  describe('.verify', () => {
    it('lists the entries no call replayed, with V0005', async () => {
      const path = join(folder(), 'c.json');
      await recordedWith(path, 'one', 'two', 'three');
      const app = createTestApp(config);
      const cassette = app.cassette(path);
      await app.reply('writer', { messages: 'two' });
      const error = await cassette.verify().then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error).toMatchObject({ code: 'V0005' });
      expect(error!.message).toContain('2 recorded entries were never replayed');
      expect(error!.message).toMatch(/entries\[0\] writer reply \{ text: .*one/);
      expect(error!.message).toMatch(/entries\[2\] writer reply \{ text: .*three/);
      expect(error!.message).not.toContain('entries[1]');
    });
  });

  describe('app.cassette', () => {
    it('throws V0002 for settings of the wrong shape', () => {
      const app = createTestApp(config);
      expect(() => app.cassette(join(folder(), 'c.json'), { mode: 'rewind' as never })).toThrow(
        expect.objectContaining({ code: 'V0002', message: expect.stringContaining('settings.mode') }),
      );
      expect(() => app.cassette(join(folder(), 'c.json'), { speed: 2 } as never)).toThrow(/unknown key 'speed'/);
      expect(() => app.cassette('' as never)).toThrow(expect.objectContaining({ code: 'V0002' }));
    });

    it('throws V0007 for a second cassette on one app', () => {
      const app = createTestApp(config);
      app.cassette(join(folder(), 'a.json'));
      expect(() => app.cassette(join(folder(), 'b.json'))).toThrow(expect.objectContaining({ code: 'V0007' }));
    });

    it('throws V0001 for a file that is not a cassette, naming the entry and field', () => {
      const path = join(folder(), 'c.json');
      writeFileSync(path, '{ not json');
      expect(() => createTestApp(config).cassette(path)).toThrow(
        expect.objectContaining({ code: 'V0001', message: expect.stringContaining('is not JSON') }),
      );
      writeFileSync(
        path,
        JSON.stringify({
          standin: 'cassette',
          version: 1,
          entries: [{ model: 'writer', call: 'reply', request: {}, answer: { txt: 'Hi' } }],
        }),
      );
      expect(() => createTestApp(config).cassette(path)).toThrow(
        /entries\[0\]\.answer.*unknown key 'txt'.*Did you mean 'text'/s,
      );
      writeFileSync(
        path,
        JSON.stringify({
          standin: 'cassette',
          version: 1,
          entries: [{ model: 'writer', call: 'embed', request: {}, answer: { vector: 'no' } }],
        }),
      );
      expect(() => createTestApp(config).cassette(path)).toThrow(/entries\[0\]\.answer/);
      writeFileSync(path, JSON.stringify({ standin: 'cassette', version: 2, entries: [] }));
      expect(() => createTestApp(config).cassette(path)).toThrow(/cassette\.version/);
    });

    it('gives way to app.fake for a model faked after it', async () => {
      const path = join(folder(), 'c.json');
      const app = createTestApp(config);
      app.cassette(path);
      app.fake('writer', [{ text: 'faked' }]);
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('faked');
    });

    it('accepts a file: URL', async () => {
      const path = join(folder(), 'c.json');
      await recordedWith(path, 'one');
      const app = createTestApp(config);
      app.cassette(new URL(`file://${path}`));
      expect((await app.reply('writer', { messages: 'one' })).text).toContain('live');
    });
  });
});
