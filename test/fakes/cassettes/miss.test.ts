import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StandinError } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { appWith, says, scripted } from '../../support/providers.js';
import { useFolder } from './support.js';

const folder = useFolder();
const config = {
  models: {
    writer: { provider: 'anthropic', model: 'claude-test' },
    backup: { provider: 'openai', model: 'gpt-test' },
  },
};
const request = { instructions: 'You are the help desk.', messages: 'How do I reset my password?' };

async function recorded(): Promise<string> {
  const path = join(folder(), 'c.json');
  const app = appWith({ anthropic: scripted([says('Open Settings.')]), openai: scripted([says('Sure.')]) }, config);
  const cassette = app.cassette(path, { mode: 'record' });
  await app.reply('writer', request);
  await app.embed('backup', 'x').catch(() => undefined);
  await cassette.save();
  return path;
}

async function miss(promise: Promise<unknown>): Promise<StandinError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StandinError);
  expect((error as StandinError).code).toBe('T0040');
  return error as StandinError;
}

describe('Cassette', () => {
  describe('a replay miss', () => {
    it('fails with T0040 and a line diff against the nearest recorded request', async () => {
      const path = await recorded();
      const app = createTestApp(config);
      app.cassette(path);
      const error = await miss(app.reply('writer', { ...request, messages: 'How do I change my password?' }));
      expect(error.message).toContain(
        `Cassette ${path} (replay) has no recording for this call: model 'writer', reply.`,
      );
      expect(error.message).toContain('nearest recorded one, entries[0]');
      expect(error.message).toContain('-       "content": "How do I reset my password?",');
      expect(error.message).toContain('+       "content": "How do I change my password?",');
      expect(error.message).toContain('STANDIN_CASSETTES=record-missing');
    });

    it('reaches no provider: the call fails before any is asked', async () => {
      const path = await recorded();
      const provider = scripted([says('live')]);
      const app = appWith({ anthropic: provider }, config);
      app.cassette(path);
      await miss(app.reply('writer', { messages: 'Something new' }));
      expect(provider.seen).toHaveLength(0);
    });

    it('says how often a request was recorded when the app asks it once more', async () => {
      const path = await recorded();
      const app = createTestApp(config);
      app.cassette(path);
      await app.scope('t1', () => app.reply('writer', request));
      const error = await miss(app.scope('t1', () => app.reply('writer', request)));
      expect(error.message).toContain("in scope 't1'");
      expect(error.message).toContain('recorded 1 time, and this is call 2 of it');
    });

    it('shows the whole request when nothing of its kind was recorded', async () => {
      const path = await recorded();
      const app = createTestApp(config);
      app.cassette(path);
      const error = await miss(app.rank('backup', 'reset', ['a', 'b']));
      expect(error.message).toContain("has no rank recording of model 'backup' at all");
      expect(error.message).toContain('"query": "reset"');
    });

    it('says the file does not exist yet', async () => {
      const app = createTestApp(config);
      app.cassette(join(folder(), 'never.json'));
      expect((await miss(app.reply('writer', request))).message).toContain('The file does not exist yet.');
    });

    it('matches a request edited by hand when its content is the same (key order, spacing)', async () => {
      const path = await recorded();
      const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: { request: Record<string, unknown> }[] };
      const { settings, messages, instructions } = file.entries[0]!.request;
      file.entries[0]!.request = { settings, messages, instructions };
      writeFileSync(path, JSON.stringify(file));
      const app = createTestApp(config);
      app.cassette(path);
      expect((await app.reply('writer', request)).text).toBe('Open Settings.');
    });

    it('replays an answer edited by hand', async () => {
      const path = await recorded();
      writeFileSync(path, readFileSync(path, 'utf8').replace('Open Settings.', 'Open Settings, then Password.'));
      const app = createTestApp(config);
      app.cassette(path);
      expect((await app.reply('writer', request)).text).toBe('Open Settings, then Password.');
    });
  });
});
