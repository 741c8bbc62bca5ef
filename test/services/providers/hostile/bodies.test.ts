import { beforeAll, describe, expect, it } from 'vitest';
import {
  ClassificationAdapterError,
  ClassificationQuestion as Q,
  createAnthropicProvider,
} from '../../../../src/index.js';
import { callContext, failure, KEY, parts } from '../loopback/callContext.js';
import { json, type LoopbackServer, raw, stream } from '../loopback/LoopbackServer.js';
import { DONE, chatStream, chunk, textParts } from '../../../support/openaiStreams.js';
import { useLoopback } from '../loopback/useLoopback.js';
import {
  ANTHROPIC,
  EMBEDDINGS,
  expectNoSecret,
  flood,
  gzipBody,
  gzipped,
  hostileApp,
  lastFailure,
  OPENAI,
  rejection,
  SYSTEMONE,
} from './hostile.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const MB = 1024 * 1024;
const ask = { messages: 'Hello' };
const questions = { refund: Q.yesNo('Is a refund requested?') };

/** 300 KB of gzip that inflates to one 300 MB `data:` line with no line end. */
let lineBomb: Buffer;
/** gzip that inflates to 300 MB of 1 KB data lines that never end their event. */
let eventBomb: Buffer;
/** gzip that inflates to a 300 MB embeddings answer. */
let jsonBomb: Buffer;

beforeAll(async () => {
  lineBomb = await gzipped('data: {"choices":[{"delta":{"content":"', 'a'.repeat(MB), 300);
  eventBomb = await gzipped('', `data: ${'b'.repeat(1017)}\n`.repeat(1024), 300);
  jsonBomb = await gzipped('{"data":[{"index":0,"embedding":[', '0,'.repeat(MB / 2), 600, '0]}]}');
}, 30_000);

// Megabytes cross loopback sockets here; on a loaded machine that can take longer than the default 5 s.
describe('a hostile upstream: bodies', { timeout: 60_000 }, () => {
  describe('an event stream', () => {
    it('a gzip body that inflates to a 300 MB line fails at maxLineBytes, closed after 4 MiB, not retried, memory returned', async () => {
      server.on(OPENAI, gzipBody(200, lineBomb, 'text/event-stream'));
      const { outcome, peakMB, keptMB } = await rejection(() => hostileApp(server).reply('writer', ask));
      const failure = lastFailure(outcome);
      expect(failure).toMatchObject({ kind: 'unknown', code: 'P0001', status: 200 });
      expect(failure.message).toContain('maxLineBytes');
      expect(failure.message).toContain('4194304 bytes');
      expect(failure.message).toContain('config.providers.openai.maxLineBytes');
      expect(server.at(OPENAI)).toHaveLength(1);
      expect(peakMB).toBeLessThan(64);
      expect(keptMB).toBeLessThan(16);
      expectNoSecret(outcome);
    });

    it('four such bombs at once stay bounded, each failing on its own', async () => {
      server.on(OPENAI, gzipBody(200, lineBomb, 'text/event-stream'));
      const app = hostileApp(server);
      const { outcome, peakMB } = await rejection(async () => {
        const settled = await Promise.allSettled([1, 2, 3, 4].map(() => app.reply('writer', ask)));
        throw settled;
      });
      const settled = outcome as PromiseSettledResult<unknown>[];
      for (const result of settled) {
        expect(result.status).toBe('rejected');
        expect(lastFailure((result as PromiseRejectedResult).reason).message).toContain('maxLineBytes');
      }
      expect(server.at(OPENAI)).toHaveLength(4);
      expect(peakMB).toBeLessThan(128);
    });

    it('a line past a lower maxLineBytes from the config fails there', async () => {
      server.on(OPENAI, stream(`data: ${'x'.repeat(4096)}\n\n`));
      const error = (await rejection(() => hostileApp(server, { maxLineBytes: 1024 }).reply('writer', ask))).outcome;
      expect(lastFailure(error).message).toContain('1024 bytes, the maxLineBytes bound');
    });

    it('createAnthropicProvider takes the bounds as settings', async () => {
      server.on(ANTHROPIC, stream(`event: ping\ndata: {"type":"ping","pad":"${'p'.repeat(4096)}"}\n\n`));
      const provider = createAnthropicProvider({ baseURL: server.url(), apiKey: KEY, maxLineBytes: 2048 });
      const error = await failure(
        parts(
          provider.reply(
            { model: 'claude-test', messages: [{ role: 'user', content: 'Hi' }] },
            callContext({ provider: 'anthropic' }),
          ),
        ),
      );
      expect(error).toMatchObject({ kind: 'unknown', provider: 'anthropic' });
      expect(error.message).toContain(
        "passed 2048 bytes, the maxLineBytes bound; the connection was closed. If this server's answers are really that large, raise config.providers.anthropic.maxLineBytes (or maxLineBytes in the adapter's settings).",
      );
    });

    it('one event of 300 MB of data lines fails at maxEventBytes', async () => {
      server.on(OPENAI, gzipBody(200, eventBomb, 'text/event-stream'));
      const { outcome, peakMB } = await rejection(() => hostileApp(server, { maxEventBytes: MB }).reply('writer', ask));
      const failure = lastFailure(outcome);
      expect(failure).toMatchObject({ kind: 'unknown' });
      expect(failure.message).toContain(
        'the data of one server-sent event passed 1048576 bytes, the maxEventBytes bound',
      );
      expect(server.at(OPENAI)).toHaveLength(1);
      expect(peakMB).toBeLessThan(64);
      expectNoSecret(outcome);
    });

    it('an endless stream of well-formed events fails at maxBodyBytes', async () => {
      server.on(
        OPENAI,
        flood(200, 'text/event-stream', chunk({ role: 'assistant', content: '' }), chunk({}), 1_000_000, DONE),
      );
      const { outcome, peakMB } = await rejection(() =>
        hostileApp(server, { maxBodyBytes: 4 * MB }).reply('writer', ask),
      );
      const failure = lastFailure(outcome);
      expect(failure).toMatchObject({ kind: 'unknown' });
      expect(failure.message).toContain('the streamed response body passed 4194304 bytes, the maxBodyBytes bound');
      expect(server.at(OPENAI)).toHaveLength(1);
      expect(peakMB).toBeLessThan(64);
    });

    it('a stream within every bound answers', async () => {
      server.on(OPENAI, stream(chatStream(textParts(['Hi', ' there']))));
      expect(
        await hostileApp(server, { maxLineBytes: 4096, maxEventBytes: 4096, maxBodyBytes: 8192 }).reply('writer', ask),
      ).toMatchObject({ text: 'Hi there' });
    });

    it('a 200 whose gzip is garbage is a malformed response: tried once more, then given up', async () => {
      server.on(
        OPENAI,
        raw(200, 'this is not gzip at all', { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' }),
      );
      const { outcome } = await rejection(() => hostileApp(server).reply('writer', ask));
      const failure = lastFailure(outcome);
      expect(failure).toMatchObject({ kind: 'unknown' });
      expect(failure.message).toContain(
        'malformed response: the body does not decompress as its content-encoding says (incorrect header check)',
      );
      expect(server.at(OPENAI)).toHaveLength(2);
      expectNoSecret(outcome);
    });
  });

  describe('a body read whole', () => {
    it('an embeddings answer that inflates to 300 MB fails at maxBodyBytes, not retried, memory returned', async () => {
      server.on(EMBEDDINGS, gzipBody(200, jsonBomb, 'application/json'));
      const { outcome, peakMB, keptMB } = await rejection(() =>
        hostileApp(server, { maxBodyBytes: 8 * MB }).embed('writer', 'text'),
      );
      const failure = lastFailure(outcome);
      expect(failure).toMatchObject({ kind: 'unknown' });
      expect(failure.message).toContain('the response body passed 8388608 bytes, the maxBodyBytes bound');
      expect(server.at(EMBEDDINGS)).toHaveLength(1);
      expect(peakMB).toBeLessThan(64);
      expect(keptMB).toBeLessThan(16);
    });

    it('a body that declares a length past maxBodyBytes is refused unread', async () => {
      server.on(EMBEDDINGS, json(200, { data: [{ index: 0, embedding: new Array(2000).fill(0.5) }] }));
      const { outcome } = await rejection(() => hostileApp(server, { maxBodyBytes: 1024 }).embed('writer', 'text'));
      expect(lastFailure(outcome).message).toContain('maxBodyBytes');
    });

    it("a classifier's answer that inflates to 300 MB is reason unknown, at maxBodyBytes, not retried", async () => {
      server.on(SYSTEMONE, gzipBody(200, jsonBomb, 'application/json'));
      const { outcome, peakMB } = await rejection(() =>
        hostileApp(server, { maxBodyBytes: 8 * MB }).classify('Refund me', questions),
      );
      expect(outcome).toBeInstanceOf(ClassificationAdapterError);
      expect(outcome).toMatchObject({ reason: 'unknown', retryable: false });
      expect((outcome as Error).message).toContain('config.providers.typesafe.maxBodyBytes');
      expect(server.at(SYSTEMONE)).toHaveLength(1);
      expect(peakMB).toBeLessThan(64);
      expectNoSecret(outcome);
    });
  });

  describe("a classifier's 2xx body that does not decompress", () => {
    it('is malformed_response, as a 2xx body that is not JSON is, and not asked again', async () => {
      server.on(
        SYSTEMONE,
        raw(200, 'this is not gzip at all', { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
      );
      const { outcome } = await rejection(() => hostileApp(server).classify('Refund me', questions));
      expect(outcome).toBeInstanceOf(ClassificationAdapterError);
      expect(outcome).toMatchObject({ reason: 'malformed_response', status: 200 });
      expect((outcome as Error).message).toContain(
        'typesafe: malformed response: the body does not decompress as its content-encoding says',
      );
      expect(server.at(SYSTEMONE)).toHaveLength(1);
      expectNoSecret(outcome);
    });
  });

  describe('an error body', () => {
    it('a 500 whose gzip is broken is kind server, the status its kind, and retried', async () => {
      server.on(
        OPENAI,
        raw(500, 'garbage, not gzip', { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
      );
      const { outcome } = await rejection(() => hostileApp(server).reply('writer', ask));
      const failure = lastFailure(outcome);
      expect(failure).toMatchObject({ kind: 'server', status: 500 });
      expect(failure.message).toContain('HTTP 500: the error body could not be read (incorrect header check)');
      expect(server.at(OPENAI)).toHaveLength(2);
    });

    it('a 200 MB error body is read to 64 KB and quoted to 300 characters', async () => {
      server.on(OPENAI, flood(502, 'text/html', '<html>', 'Bad gateway. '.repeat(1000), 16_000));
      const { outcome, peakMB } = await rejection(() => hostileApp(server).reply('writer', ask));
      const failure = lastFailure(outcome);
      expect(failure).toMatchObject({ kind: 'server', status: 502 });
      expect(failure.message.length).toBeLessThan(600);
      expect(server.at(OPENAI)).toHaveLength(2);
      expect(peakMB).toBeLessThan(64);
    });

    it("a JSON error whose message is 10 MB is read to 64 KB and quoted, the provider's words kept", async () => {
      server.on(OPENAI, json(503, { error: { message: `Overloaded. ${'z'.repeat(10 * MB)}`, type: 'server_error' } }));
      const { outcome } = await rejection(() => hostileApp(server).reply('writer', ask));
      const failure = lastFailure(outcome);
      expect(failure).toMatchObject({ kind: 'server', status: 503 });
      expect(failure.message).toContain('Overloaded. zzz');
      expect(failure.message.length).toBeLessThan(600);
    });
  });
});
