import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CallFailed, ProviderFailure, Tokens, tool, type App } from 'standin';
import { z } from 'zod';
import { createTestApp } from 'standin/testing';
import { appWith, says, scripted } from '../../support/providers.js';

const config = { models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } };
const folder = mkdtempSync(join(tmpdir(), 'standin-quota-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * An application's own pacing: it asks for no engine retries and, on a rate limit, waits what the
 * provider asked for on the app's clock before it tries again — at most `tries` times per text.
 */
async function summarizeAll(app: App, texts: readonly string[], tries = 5): Promise<string[]> {
  const clock = app.container.get(Tokens.Clock);
  const summaries: string[] = [];
  for (const text of texts) {
    for (let attempt = 1; ; attempt++) {
      try {
        summaries.push((await app.reply('writer', { messages: text }, { retry: false })).text);
        break;
      } catch (error) {
        const failure = error instanceof CallFailed ? error.cause : undefined;
        if (!(failure instanceof ProviderFailure) || failure.kind !== 'rate_limit' || attempt === tries) throw error;
        await clock.sleep(failure.retryAfterMs ?? 1000);
      }
    }
  }
  return summaries;
}

describe('app.quota', () => {
  it("tests an application's own backoff loop end to end, on the instant clock", async () => {
    const app = createTestApp(config);
    app.fake('writer', (request) => ({ text: `summary ${request.messages.length}` }));
    const quota = app.quota('writer', { requestsPerMinute: 2 });
    const summaries = await summarizeAll(app, ['a', 'b', 'c', 'd', 'e']);
    expect(summaries).toHaveLength(5);
    expect(app.clock.slept).toEqual([60_000, 60_000]);
    expect(quota.refused.map((refusal) => refusal.at)).toEqual([0, 60_000]);
  });

  it("paces a run's steps: each step is a call the quota counts", async () => {
    const app = createTestApp(config);
    app.fake('writer', [{ calls: [{ tool: 'findInGuide', with: { words: 'password' } }] }, { text: 'Open Settings.' }]);
    app.quota('writer', { requestsPerMinute: 1 });
    const findInGuide = tool({ input: z.object({ words: z.string() }), run: ({ words }) => `page about ${words}` });
    const run = await app.run({ model: 'writer', tools: { findInGuide } }, 'How do I reset my password?');
    expect(run.text).toBe('Open Settings.');
    expect(app.clock.slept).toEqual([60_000]);
  });

  it('stands over a provider the container binds, and asks the real-call guard about it', async () => {
    const provider = scripted([says('bound')]);
    const app = appWith({ openai: provider }, config);
    app.quota('writer', { requestsPerMinute: 1 });
    expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('bound');
    await expect(app.reply('writer', { messages: 'Hi' }, { retry: false })).rejects.toMatchObject({
      code: 'E0005',
      kind: 'rate_limit',
    });
    expect(provider.seen).toHaveLength(1);

    const real = appWith({ openai: { ...scripted([says('real')]), real: true } }, config);
    real.quota('writer', { requestsPerMinute: 1 });
    await expect(real.reply('writer', { messages: 'Hi' })).rejects.toMatchObject({ code: 'E0008' });
  });

  it('stands over a cassette, whenever the cassette was put', async () => {
    const path = join(folder, 'writer.json');
    const entry = { model: 'writer', call: 'reply', when: { user: 'Hi' }, answer: { text: 'from tape' } };
    writeFileSync(path, JSON.stringify({ standin: 'cassette', version: 1, entries: [entry, entry] }));
    const app = createTestApp(config);
    const quota = app.quota('writer', { requestsPerMinute: 1 });
    app.cassette(path);
    expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('from tape');
    expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('from tape');
    expect(quota.refused).toHaveLength(1);
    expect(app.clock.slept).toEqual([60_000]);
  });

  it("fails a capability the model's provider lacks as it would without the quota", async () => {
    const app = appWith({ openai: scripted([says('only replies')]) }, config);
    app.quota('writer', { requestsPerMinute: 1 });
    await expect(app.embed('writer', 'Hi')).rejects.toMatchObject({ code: 'E0004' });
  });

  it('finds nothing for app.verify() and app.pending()', async () => {
    const app = createTestApp(config);
    app.fake('writer', [{ text: 'a' }]);
    app.quota('writer', { concurrent: 1 });
    await app.reply('writer', { messages: 'Hi' });
    expect(await app.pending()).toEqual([]);
    await app.verify();
  });
});

describe('app.reset', () => {
  it('takes the quota off, and the quota forgets what it counted and refused', async () => {
    const app = createTestApp(config);
    app.fake('writer', [{ text: 'a' }, { text: 'b' }]);
    const quota = app.quota('writer', { requestsPerMinute: 1 });
    await app.reply('writer', { messages: 'Hi' });
    await app.reply('writer', { messages: 'Hi' });
    expect(quota.refused).toHaveLength(1);
    await app.reset();
    expect(quota.refused).toEqual([]);
    expect(quota.usage()).toEqual({ requests: 0, tokens: 0, inFlight: 0 });
    app.fake('writer', [{ text: 'c' }, { text: 'd' }]);
    await app.reply('writer', { messages: 'Hi' });
    await app.reply('writer', { messages: 'Hi' });
    expect(quota.refused).toEqual([]);
  });
});

describe('app.quota settings', () => {
  const app = createTestApp({ models: { writer: config.models.writer, backup: config.models.writer } });

  it.each([
    [{}, 'name no limit'],
    [{ requestsPerMinute: 0 }, 'settings.requestsPerMinute'],
    [{ tokensPerMinute: 1.5 }, 'settings.tokensPerMinute'],
    [{ concurrent: '2' }, 'settings.concurrent'],
    [{ requestsPerMinute: 3, per: 'key' }, 'settings.per'],
    [{ requestsPerMinute: 3, rpm: 3 }, 'rpm'],
    [null, 'settings'],
  ])('refuses %j with T0100, naming what is wrong', (settings, named) => {
    expect(() => app.quota('writer', settings as never)).toThrow(
      expect.objectContaining({ code: 'T0100', message: expect.stringContaining(named) }),
    );
  });

  it.each([
    ['writr', "Did you mean 'writer'?"],
    [[], 'an empty list'],
    [['writer', 'writer'], "'writer' twice"],
    [42, 'a number'],
  ])('refuses the models %j with T0101', (models, named) => {
    expect(() => app.quota(models as never, { requestsPerMinute: 1 })).toThrow(
      expect.objectContaining({ code: 'T0101', message: expect.stringContaining(named) }),
    );
  });

  it('refuses a quota on an app that was disposed, with E0050', async () => {
    const gone = createTestApp(config);
    await gone.dispose();
    expect(() => gone.quota('writer', { requestsPerMinute: 1 })).toThrow(expect.objectContaining({ code: 'E0050' }));
  });
});
