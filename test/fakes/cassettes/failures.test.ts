import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CallFailed, ClassificationAdapterError } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { textMessage } from '../../support/anthropicStreams.js';
import { KEY } from '../../services/providers/loopback/callContext.js';
import { json, LoopbackServer, stream } from '../../services/providers/loopback/LoopbackServer.js';
import { chatStream, textParts } from '../../support/openaiStreams.js';
import { detail, systemone } from '../../services/providers/loopback/classifierServers.js';
import { questions, useFolder } from './support.js';

const folder = useFolder();
const anthropicError = (status: number, type: string, headers: Record<string, string> = {}) =>
  json(status, { type: 'error', error: { type, message: `${type} happened` } }, headers);

function configOn(base: string) {
  return {
    models: {
      writer: { provider: 'anthropic', model: 'claude-test', fallback: ['backup'] },
      backup: { provider: 'openai', model: 'gpt-test' },
    },
    providers: {
      anthropic: { baseURL: base, apiKey: KEY },
      openai: { baseURL: `${base}/v1`, apiKey: KEY },
      typesafe: { baseURL: base, apiKey: KEY },
    },
    classifier: { provider: 'typesafe' },
    retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 10_000, jitter: 0 },
  };
}

/** Records `act` against a live server set up by `serve`, stops it, and runs `act` again on a replaying app. */
async function both<T>(
  serve: (server: LoopbackServer) => void,
  act: (app: ReturnType<typeof createTestApp>) => Promise<T>,
) {
  const path = join(folder(), 'failures.json');
  const server = await LoopbackServer.start();
  serve(server);
  const base = server.url();
  const recording = createTestApp(configOn(base));
  const cassette = recording.cassette(path, { mode: 'record' });
  const live = await act(recording).catch((error: unknown) => error);
  await cassette.save();
  const requests = server.received.map((r) => r.path);
  await server.close();
  const replaying = createTestApp(configOn(base));
  const tape = replaying.cassette(path);
  const replayed = await act(replaying).catch((error: unknown) => error);
  return { live, replayed, requests, recording, replaying, tape, cassette };
}

describe('Cassette', () => {
  describe('a recorded failure', () => {
    it("replays a 429's retry-after through the engine's retry: the same waits, then the same answer", async () => {
      const run = await both(
        (server) =>
          server.on(
            '/v1/messages',
            anthropicError(429, 'rate_limit_error', { 'retry-after': '7' }),
            stream(textMessage(['Hi'], [5, 1])),
          ),
        (app) => app.reply('writer', { messages: 'Hello' }),
      );
      expect(run.requests).toEqual(['/v1/messages', '/v1/messages']);
      expect(run.replayed).toEqual(run.live);
      expect(run.recording.clock.slept).toEqual([7000]);
      expect(run.replaying.clock.slept).toEqual([7000]);
      expect(run.cassette.entries[0]!.answer).toEqual({ fail: 'rate_limit', retryAfterMs: 7000 });
      await expect(run.tape.verify()).resolves.toBeUndefined();
    });

    it('replays 500s through the retries and the fallback to the next model', async () => {
      const run = await both(
        (server) => {
          server.on('/v1/messages', anthropicError(500, 'api_error'));
          server.on('/v1/chat/completions', stream(chatStream(textParts(['from backup']))));
        },
        (app) => app.reply('writer', { messages: 'Hello' }),
      );
      expect(run.replayed).toEqual(run.live);
      expect(run.live).toMatchObject({ text: 'from backup', model: 'backup' });
      expect(run.replaying.clock.slept).toEqual(run.recording.clock.slept);
      expect(run.replaying.clock.slept).toEqual([100, 200]);
    });

    it('replays a failure that ends the call as the same CallFailed', async () => {
      const run = await both(
        (server) => {
          server.on('/v1/messages', anthropicError(401, 'authentication_error'));
          server.on('/v1/chat/completions', json(400, { error: { message: 'bad', type: 'invalid_request_error' } }));
        },
        (app) => app.reply('writer', { messages: 'Hello' }),
      );
      expect(run.live).toBeInstanceOf(CallFailed);
      expect(run.replayed).toBeInstanceOf(CallFailed);
      const kinds = (error: unknown) => (error as CallFailed).failures.map((f) => `${f.model}#${f.attempt}:${f.kind}`);
      expect(kinds(run.replayed)).toEqual(kinds(run.live));
      expect(kinds(run.live)).toEqual(['writer#1:auth', 'backup#1:bad_request']);
    });

    it("replays a classifier's 429 with its retry-after through the engine's retry", async () => {
      const run = await both(
        (server) => server.on('/v1/systemone', detail(429, 'Too many requests', { 'retry-after': '3' }), systemone()),
        (app) => app.classify('My card was charged twice.', questions),
      );
      expect(run.recording.clock.slept).toEqual([3000]);
      expect(run.replaying.clock.slept).toEqual([3000]);
      expect((run.replayed as { answers: unknown }).answers).toEqual((run.live as { answers: unknown }).answers);
      expect(run.cassette.entries[0]!.answer).toEqual({
        error: { reason: 'rate_limited', status: 429, retryAfterMs: 3000 },
      });
    });

    it('replays a classifier failure that ends the call with the same reason', async () => {
      const run = await both(
        (server) => server.on('/v1/systemone', detail(401, 'Invalid API key')),
        (app) => app.classify('My card was charged twice.', questions),
      );
      expect(run.replayed).toBeInstanceOf(ClassificationAdapterError);
      expect((run.replayed as ClassificationAdapterError).reason).toBe((run.live as ClassificationAdapterError).reason);
    });
  });

  describe('a provider never reached', () => {
    it('is not recorded: the call fails as it did, and record-missing asks the provider again once it answers', async () => {
      const path = join(folder(), 'unreached.json');
      const server = await LoopbackServer.start();
      const base = server.url();
      await server.close();
      const config = { ...configOn(base), models: { backup: { provider: 'openai', model: 'gpt-test' } } };
      const offline = createTestApp(config);
      const tape = offline.cassette(path, { mode: 'record-missing' });
      const failed = await offline.reply('backup', { messages: 'Hi' }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(CallFailed);
      expect((failed as CallFailed).kind).toBe('network');
      expect(tape.entries).toEqual([]);
      await tape.save();

      const live = await LoopbackServer.start();
      live.on('/v1/chat/completions', stream(chatStream(textParts(['Hello again.']))));
      const online = createTestApp(configOn(live.url()));
      const again = online.cassette(path, { mode: 'record-missing' });
      expect((await online.reply('backup', { messages: 'Hi' })).text).toBe('Hello again.');
      expect(again.entries.map((entry) => entry.answer)).toEqual([expect.objectContaining({ text: 'Hello again.' })]);
      await live.close();
    });
  });
});
