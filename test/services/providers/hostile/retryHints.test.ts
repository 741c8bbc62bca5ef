import { describe, expect, it } from 'vitest';
import { ClassificationAdapterError, ClassificationQuestion as Q, createApp } from '../../../../src/index.js';
import { KEY } from '../loopback/callContext.js';
import { json, type LoopbackServer, stream } from '../loopback/LoopbackServer.js';
import { chatStream, textParts } from '../../../support/openaiStreams.js';
import { textMessage } from '../../../support/anthropicStreams.js';
import { systemone } from '../loopback/classifierServers.js';
import { useLoopback } from '../loopback/useLoopback.js';
import { ANTHROPIC, expectNoSecret, hostileApp, lastFailure, OPENAI, rejection, SYSTEMONE } from './hostile.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const ask = { messages: 'Hello' };
const questions = { refund: Q.yesNo('Is a refund requested?') };
const limited = (headers: Record<string, string>) =>
  json(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, headers);
const overloaded = (headers: Record<string, string> = {}) =>
  json(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, headers);
const unavailable = (headers: Record<string, string>) => json(503, { detail: 'Service unavailable' }, headers);

// Real sockets, drip-fed bodies and real timers: on a loaded machine a test can take longer than the default 5 s.
describe('a hostile upstream: retry hints', { timeout: 60_000 }, () => {
  describe('a hint past what a timer holds, or past maxRetryAfterMs', () => {
    const hints: readonly [string, Record<string, string>][] = [
      ['retry-after: 1000000000 (seconds)', { 'retry-after': '1000000000' }],
      ['retry-after-ms: 100000000000000', { 'retry-after-ms': '100000000000000' }],
      ['retry-after: a date in the year 9999', { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' }],
      ['retry-after: 3000 (50 minutes)', { 'retry-after': '3000' }],
    ];
    for (const [name, headers] of hints) {
      it(`${name} is dropped: the next attempt waits the usual backoff`, async () => {
        server.on(OPENAI, limited(headers), stream(chatStream(textParts(['Hi']))));
        const app = hostileApp(server);
        expect(await app.reply('writer', ask)).toMatchObject({ text: 'Hi' });
        expect(app.clock.slept).toEqual([100]);
        expect(server.at(OPENAI)).toHaveLength(2);
      });
    }

    it('the same for classify', async () => {
      server.on(SYSTEMONE, unavailable({ 'retry-after': '1000000000' }), systemone());
      const app = hostileApp(server);
      await app.classify('Refund me', questions);
      expect(app.clock.slept).toEqual([100]);
      expect(server.at(SYSTEMONE)).toHaveLength(2);
    });

    it('a hint past maxRetryAfterMs on the real clock costs the usual backoff, not a timer overflow of about 1 ms', async () => {
      server.on(OPENAI, limited({ 'retry-after-ms': '100000000000000' }));
      const app = createApp({
        models: { writer: { provider: 'openai', model: 'gpt-test' } },
        providers: { openai: { baseURL: server.url('/v1'), apiKey: KEY } },
        retry: { attempts: 3, baseDelayMs: 150, maxDelayMs: 150, jitter: 0 },
      });
      const started = performance.now();
      const { outcome } = await rejection(() => app.reply('writer', ask));
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(lastFailure(outcome)).toMatchObject({ kind: 'rate_limit', retryAfterMs: undefined });
      expect(server.at(OPENAI)).toHaveLength(3);
    });
  });

  describe('a hint within the cap', () => {
    it('is honoured', async () => {
      server.on(ANTHROPIC, overloaded({ 'retry-after': '30' }), stream(textMessage(['Hi'])));
      const app = hostileApp(server);
      await app.reply('claude', ask);
      expect(app.clock.slept).toEqual([30_000]);
    });

    it('a longer one is honoured when maxRetryAfterMs allows it', async () => {
      server.on(OPENAI, limited({ 'retry-after': '3000' }), stream(chatStream(textParts(['Hi']))));
      const app = hostileApp(server, { maxRetryAfterMs: 3_600_000 });
      await app.reply('writer', ask);
      expect(app.clock.slept).toEqual([3_000_000]);
    });

    it('maxRetryAfterMs: 0 ignores every hint but an immediate one', async () => {
      server.on(SYSTEMONE, unavailable({ 'retry-after': '1' }), systemone());
      const app = hostileApp(server, { maxRetryAfterMs: 0 });
      await app.classify('Refund me', questions);
      expect(app.clock.slept).toEqual([100]);
    });
  });

  describe('x-should-retry', () => {
    it('false on a 529 is not retried', async () => {
      server.on(ANTHROPIC, overloaded({ 'x-should-retry': 'false', 'retry-after': '1' }), stream(textMessage(['Hi'])));
      const app = hostileApp(server);
      const { outcome } = await rejection(() => app.reply('claude', ask));
      expect(lastFailure(outcome)).toMatchObject({ kind: 'server', retryable: false, retryAfterMs: undefined });
      expect(server.at(ANTHROPIC)).toHaveLength(1);
      expect(app.clock.slept).toEqual([]);
      expectNoSecret(outcome);
    });

    it('true on a 400 is retried, with its retry-after', async () => {
      server.on(
        OPENAI,
        json(
          400,
          { error: { message: 'Try again', type: 'invalid_request_error' } },
          { 'x-should-retry': 'true', 'retry-after': '2' },
        ),
        stream(chatStream(textParts(['Hi']))),
      );
      const app = hostileApp(server);
      expect(await app.reply('writer', ask)).toMatchObject({ text: 'Hi' });
      expect(app.clock.slept).toEqual([2000]);
      expect(server.at(OPENAI)).toHaveLength(2);
    });

    it('anything but true or false leaves the status to decide', async () => {
      server.on(ANTHROPIC, overloaded({ 'x-should-retry': 'maybe' }), stream(textMessage(['Hi'])));
      await hostileApp(server).reply('claude', ask);
      expect(server.at(ANTHROPIC)).toHaveLength(2);
    });

    it('false on a classifier 503 is not retried', async () => {
      server.on(SYSTEMONE, unavailable({ 'x-should-retry': 'false' }), systemone());
      const { outcome } = await rejection(() => hostileApp(server).classify('Refund me', questions));
      expect(outcome).toBeInstanceOf(ClassificationAdapterError);
      expect(outcome).toMatchObject({ reason: 'provider_unavailable', retryable: false });
      expect(server.at(SYSTEMONE)).toHaveLength(1);
    });

    it('true on a classifier 400 is retried', async () => {
      server.on(SYSTEMONE, json(400, { detail: 'Try again' }, { 'x-should-retry': 'true' }), systemone());
      await hostileApp(server).classify('Refund me', questions);
      expect(server.at(SYSTEMONE)).toHaveLength(2);
    });
  });
});
