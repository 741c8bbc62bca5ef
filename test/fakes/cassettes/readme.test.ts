/**
 * docs/cassettes.md, as a user follows it: record once with keys
 * (against loopback servers that speak the vendors' wire formats), then replay with no keys and
 * the vendors' own URLs, then refresh, then lift the cassette into a hand-written script.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClassificationQuestion as Q } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { textMessage } from '../../support/anthropicStreams.js';
import { LoopbackServer, stream } from '../../services/providers/loopback/LoopbackServer.js';
import { systemone } from '../../services/providers/loopback/classifierServers.js';
import { KEY, useFolder } from './support.js';

const folder = useFolder();
const questions = { team: Q.choice('Which team?', ['billing', 'technical']) };

/** The page's app: keys from the environment; `base` stands in for the vendors' URLs while recording. */
function readmeApp(base?: string) {
  return createTestApp({
    models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
    providers: {
      anthropic: { apiKey: process.env.ANTHROPIC_API_KEY, ...(base === undefined ? {} : { baseURL: base }) },
      typesafe: { apiKey: process.env.TYPESAFE_API_KEY, ...(base === undefined ? {} : { baseURL: base }) },
    },
    classifier: { provider: 'typesafe' },
  });
}

/** The page's test body. */
async function helpdeskTest(app: ReturnType<typeof readmeApp>) {
  const reply = await app.reply('writer', { messages: 'How do I reset my password?' });
  expect(reply.text).toContain('Settings');
  return { reply, classified: await app.classify('My card was charged twice.', questions) };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('docs/cassettes.md: recording real answers', () => {
  it('records once with keys, replays with none, refreshes, and turns into a script', async () => {
    const url = pathToFileURL(join(folder(), 'cassettes', 'helpdesk.json'));

    // 1. Record once, with keys.
    const server = await LoopbackServer.start();
    server.on('/v1/messages', stream(textMessage(['Open Settings, ', 'then Password.'], [12, 6])));
    server.on('/v1/systemone', systemone());
    vi.stubEnv('ANTHROPIC_API_KEY', KEY);
    vi.stubEnv('TYPESAFE_API_KEY', `${KEY}-ts`);
    vi.stubEnv('STANDIN_CASSETTES', 'record');
    const recording = readmeApp(server.url());
    const cassette = recording.cassette(url);
    const live = await helpdeskTest(recording);
    await cassette.save();
    await cassette.verify();
    await server.close();
    const text = readFileSync(url, 'utf8');
    expect(text).not.toContain(KEY.slice(3, 20));

    // 2-3. Replay in CI, with no keys and the vendors' own URLs: nothing reaches a provider.
    vi.unstubAllEnvs();
    vi.stubEnv('ANTHROPIC_API_KEY', undefined);
    vi.stubEnv('TYPESAFE_API_KEY', undefined);
    const ci = readmeApp();
    const replayTape = ci.cassette(url);
    expect(replayTape.mode).toBe('replay');
    const replayed = await helpdeskTest(ci);
    expect(replayed.reply).toEqual(live.reply);
    expect(replayed.classified.answers).toEqual(live.classified.answers);
    await replayTape.verify();
    await expect(ci.reply('writer', { messages: 'How do I change my password?' })).rejects.toMatchObject({
      code: 'T0040',
    });

    // 4. Refresh: record-missing adds only what is new.
    const again = await LoopbackServer.start();
    again.on('/v1/messages', stream(textMessage(['Open Settings, then Email.'], [12, 6])));
    vi.stubEnv('ANTHROPIC_API_KEY', KEY);
    vi.stubEnv('STANDIN_CASSETTES', 'record-missing');
    const refreshing = readmeApp(again.url());
    const refresh = refreshing.cassette(url);
    await helpdeskTest(refreshing);
    await refreshing.reply('writer', { messages: 'How do I change my email?' });
    await refresh.save();
    await again.close();
    expect(again.received).toHaveLength(1);
    expect(refresh.entries).toHaveLength(3);
    expect(readFileSync(url, 'utf8').startsWith(text.slice(0, text.lastIndexOf('\n  ]')))).toBe(true);

    // A cassette is a fake script.
    const scripted = createTestApp({ models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } });
    scripted.fake('writer', refresh.answers('writer'));
    scripted.fakeClassifier(refresh.script());
    expect((await helpdeskTest(scripted)).reply.text).toBe(live.reply.text);
    expect(readdirSync(new URL('.', url))).toEqual(['helpdesk.json']);
  });
});
