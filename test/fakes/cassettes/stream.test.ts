import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CallFailed, type ReplyPart } from '../../../src/index.js';
import { createTestApp, type TestApp } from '../../../src/testing.js';
import { event, messageStart, textMessage } from '../../support/anthropicStreams.js';
import { KEY } from '../../services/providers/loopback/callContext.js';
import { LoopbackServer, stream, type Handler } from '../../services/providers/loopback/LoopbackServer.js';
import { chatStream, textParts } from '../../support/openaiStreams.js';
import { useFolder } from './support.js';

const folder = useFolder();

function configOn(base: string) {
  return {
    models: {
      writer: { provider: 'anthropic', model: 'claude-test' },
      backup: { provider: 'openai', model: 'gpt-test' },
    },
    providers: { anthropic: { baseURL: base, apiKey: KEY }, openai: { baseURL: `${base}/v1`, apiKey: KEY } },
    retry: { attempts: 2, baseDelayMs: 100, maxDelayMs: 10_000, jitter: 0 },
  };
}

/** What a streamed call gave: its parts, then the error it ended in, if any. */
async function streamed(app: TestApp, model: string): Promise<{ parts: ReplyPart[]; error: unknown }> {
  const parts: ReplyPart[] = [];
  try {
    for await (const part of app.stream(model, { messages: 'How do I reset my password?' })) parts.push(part);
    return { parts, error: undefined };
  } catch (error) {
    return { parts, error };
  }
}

/** Records `act` against a server answering `path` with `handlers`, stops it, and runs `act` again on a replaying app. */
async function both<T>(path: string, handlers: Handler[], act: (app: TestApp) => Promise<T>) {
  const file = join(folder(), 'stream.json');
  const server = await LoopbackServer.start();
  server.on(path, ...handlers);
  const base = server.url();
  const recording = createTestApp(configOn(base));
  const cassette = recording.cassette(file, { mode: 'record' });
  const live = await act(recording);
  await cassette.save();
  const requests = server.received.length;
  await server.close();
  const replaying = createTestApp(configOn(base));
  const tape = replaying.cassette(file);
  const replayed = await act(replaying);
  return { live, replayed, requests, file, cassette, tape, recording, replaying };
}

/** An Anthropic stream that sends text pieces, then fails with an `error` event. */
function brokenMessage(pieces: readonly string[], type = 'overloaded_error'): string {
  return (
    messageStart(12) +
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
    pieces.map((text) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })).join('') +
    event('error', { error: { type, message: 'Overloaded' } })
  );
}

describe('Cassette', () => {
  describe('a streamed reply', () => {
    it('is written with its text whole and where the stream cut it apart, when it came in pieces', async () => {
      const run = await both(
        '/v1/messages',
        [stream(textMessage(['Open ', 'Settings, ', 'then Password.'], [40, 6]))],
        (app) => streamed(app, 'writer'),
      );
      expect(run.cassette.entries[0]!.answer).toEqual({
        text: 'Open Settings, then Password.',
        parts: [5, 15],
        units: { tokensIn: 40, tokensOut: 6 },
      });
      expect(readFileSync(run.file, 'utf8')).toContain('"text": "Open Settings, then Password."');
      expect(run.replayed.parts).toEqual(run.live.parts);
    });

    it('replays a text edited by hand, its parts following the edit', async () => {
      const run = await both(
        '/v1/messages',
        [stream(textMessage(['Open ', 'Settings, ', 'then Password.'], [40, 6]))],
        (app) => streamed(app, 'writer'),
      );
      writeFileSync(
        run.file,
        readFileSync(run.file, 'utf8').replace('Open Settings, then Password.', 'Open Settings.'),
      );
      const app = createTestApp(configOn('http://127.0.0.1:1'));
      app.cassette(run.file);
      const { parts } = await streamed(app, 'writer');
      expect(parts.filter((part) => part.type === 'text')).toEqual([
        { type: 'text', text: 'Open ' },
        { type: 'text', text: 'Settings.' },
      ]);
    });

    it('is written field by field when each field came whole', async () => {
      const run = await both('/v1/chat/completions', [stream(chatStream(textParts(['Hello!'], [9, 2])))], (app) =>
        streamed(app, 'backup'),
      );
      expect(run.cassette.entries[0]!.answer).toEqual({ text: 'Hello!', units: { tokensIn: 9, tokensOut: 2 } });
      expect(run.replayed.parts).toEqual(run.live.parts);
    });

    it('hands its parts to app.fake, which streams the same parts', async () => {
      const run = await both(
        '/v1/chat/completions',
        [stream(chatStream(textParts(['Open ', 'Settings.'], [9, 2])))],
        (app) => streamed(app, 'backup'),
      );
      const app = createTestApp(configOn('http://127.0.0.1:1'));
      app.fake('backup', run.cassette.answers('backup'));
      expect((await streamed(app, 'backup')).parts).toEqual(run.live.parts);
    });
  });

  describe('a finish', () => {
    it.each([
      [
        'openai',
        'backup',
        '/v1/chat/completions',
        stream(chatStream(textParts(['Open Settings, then'], [9, 4], 'length'))),
      ],
      ['anthropic', 'writer', '/v1/messages', stream(textMessage(['Open Settings, then'], [9, 4], 'max_tokens'))],
    ] as const)(
      "of length (%s) replays as length, and is kept as the answer's finish",
      async (_adapter, model, path, handler) => {
        const run = await both(path, [handler], async (app) => ({
          reply: await app.reply(model, { messages: 'How do I reset my password?' }),
          stream: await streamed(app, model),
        }));
        expect(run.live.reply.finish).toBe('length');
        expect(run.replayed.reply).toEqual(run.live.reply);
        expect(run.replayed.stream.parts).toEqual(run.live.stream.parts);
        expect(run.cassette.entries[0]!.answer).toMatchObject({ text: 'Open Settings, then', finish: 'length' });
      },
    );

    it('of stop is left out of the answer, as the fields imply it', async () => {
      const run = await both('/v1/chat/completions', [stream(chatStream(textParts(['Hi'], [9, 1], 'stop')))], (app) =>
        app.reply('backup', { messages: 'Hello' }),
      );
      expect(run.cassette.entries[0]!.answer).toEqual({ text: 'Hi', units: { tokensIn: 9, tokensOut: 1 } });
      expect(run.replayed.finish).toBe('stop');
    });
  });

  describe('a failure after streamed parts', () => {
    it('replays the parts, then the failure, as the same CallFailed', async () => {
      const run = await both('/v1/messages', [stream(brokenMessage(['Open ', 'Settings']))], (app) =>
        streamed(app, 'writer'),
      );
      expect(run.live.parts).toEqual([
        { type: 'text', text: 'Open ' },
        { type: 'text', text: 'Settings' },
      ]);
      expect(run.replayed.parts).toEqual(run.live.parts);
      expect(run.replayed.error).toBeInstanceOf(CallFailed);
      const kinds = (error: unknown) => (error as CallFailed).failures.map((f) => `${f.model}#${f.attempt}:${f.kind}`);
      expect(kinds(run.replayed.error)).toEqual(kinds(run.live.error));
      expect(kinds(run.live.error)).toEqual(['writer#1:server']);
      expect(run.cassette.entries[0]!.answer).toEqual({
        text: 'Open Settings',
        parts: [5],
        fail: 'server',
        failAfter: 2,
      });
    });

    it('is written field by field with failAfter when the parts came whole', async () => {
      const run = await both('/v1/messages', [stream(brokenMessage(['Open Settings']))], (app) =>
        streamed(app, 'writer'),
      );
      expect(run.cassette.entries[0]!.answer).toEqual({ text: 'Open Settings', fail: 'server', failAfter: 1 });
      expect(run.replayed.parts).toEqual(run.live.parts);
    });

    it("replays through app.reply's retry: the broken try, the wait, then the answer", async () => {
      const run = await both(
        '/v1/messages',
        [stream(brokenMessage(['Open '])), stream(textMessage(['Open Settings.'], [12, 3]))],
        (app) => app.reply('writer', { messages: 'Hello' }),
      );
      expect(run.requests).toBe(2);
      expect(run.replayed).toEqual(run.live);
      expect(run.live.text).toBe('Open Settings.');
      expect(run.replaying.clock.slept).toEqual(run.recording.clock.slept);
      expect(run.recording.clock.slept).toEqual([100]);
      await expect(run.tape.verify()).resolves.toBeUndefined();
    });

    it('hands the entry to app.fake, which streams the same parts, then fails', async () => {
      const run = await both('/v1/messages', [stream(brokenMessage(['Open ', 'Settings']))], (app) =>
        streamed(app, 'writer'),
      );
      const app = createTestApp(configOn('http://127.0.0.1:1'));
      app.fake('writer', run.cassette.answers('writer'));
      const faked = await streamed(app, 'writer');
      expect(faked.parts).toEqual(run.live.parts);
      expect((faked.error as CallFailed).failures.map((f) => f.kind)).toEqual(['server']);
    });
  });
});
