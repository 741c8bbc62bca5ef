import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClassificationAdapterError, ClassificationQuestion as Q, type ReplyPart } from '../../../../src/index.js';
import { KEY } from '../loopback/callContext.js';
import { LoopbackServer, raw, stream } from '../loopback/LoopbackServer.js';
import { chatStream, textParts } from '../../../support/openaiStreams.js';
import { textMessage } from '../../../support/anthropicStreams.js';
import { systemone } from '../loopback/classifierServers.js';
import { useLoopback } from '../loopback/useLoopback.js';
import {
  ANTHROPIC,
  drip,
  expectNoSecret,
  HEADER_SECRET,
  hostileApp,
  lastFailure,
  OPENAI,
  rejection,
  SYSTEMONE,
} from './hostile.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

/** A second server on another port: where a hostile redirect points. */
let elsewhere: LoopbackServer;
beforeAll(async () => {
  elsewhere = await LoopbackServer.start();
});
afterAll(async () => {
  await elsewhere.close();
});

const ask = { messages: 'Hello' };

// Real sockets, drip-fed bodies and real timers: on a loaded machine a test can take longer than the default 5 s.
describe('a hostile upstream: connections', { timeout: 60_000 }, () => {
  describe('drip-feed', () => {
    it("a stream sent one byte every 20 ms fails at the provider's timeoutMs, and is retried", async () => {
      server.on(OPENAI, drip(chatStream(textParts(['Hi', ' there'])), 20));
      const { outcome, peakMB } = await rejection(() => hostileApp(server, { timeoutMs: 300 }).reply('writer', ask));
      const failure = lastFailure(outcome);
      expect(failure).toMatchObject({ kind: 'timeout' });
      expect(failure.message).toContain('no complete answer within 300 ms');
      expect(server.at(OPENAI)).toHaveLength(2);
      expect(peakMB).toBeLessThan(64);
      expectNoSecret(outcome);
    });

    it('an error body sent one byte at a time is bounded by timeoutMs too', async () => {
      server.on(ANTHROPIC, async (_, response) => {
        response.writeHead(529, { 'content-type': 'application/json' });
        for (let i = 0; i < 1000 && !response.destroyed; i++) {
          response.write('{');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        response.end();
      });
      const { outcome } = await rejection(() => hostileApp(server, { timeoutMs: 250 }).reply('claude', ask));
      expect(lastFailure(outcome)).toMatchObject({ kind: 'timeout' });
      expect(server.at(ANTHROPIC)).toHaveLength(2);
    });

    it('a drip-fed stream that ends within timeoutMs answers whole', async () => {
      server.on(ANTHROPIC, drip(textMessage(['Hi']), 0));
      expect(await hostileApp(server, { timeoutMs: 10_000 }).reply('claude', ask)).toMatchObject({ text: 'Hi' });
    });
  });

  describe('mid-stream resets', () => {
    it('a reset before the reply ends is network, retried while nothing was handed on', async () => {
      const body = chatStream(textParts(['Hi', ' there', ' and more']));
      server.on(
        OPENAI,
        stream(body, { resetAt: Math.floor(body.length / 2), splits: [100] }),
        stream(chatStream(textParts(['Answered']))),
      );
      const app = hostileApp(server);
      expect(await app.reply('writer', ask)).toMatchObject({ text: 'Answered' });
      expect(server.at(OPENAI)).toHaveLength(2);
    });

    it('a reset on every attempt fails with kind network after the retries', async () => {
      const body = chatStream(textParts(['Hi', ' there']));
      server.on(OPENAI, stream(body, { resetAt: 40 }));
      const { outcome } = await rejection(() => hostileApp(server).reply('writer', ask));
      expect(lastFailure(outcome)).toMatchObject({ kind: 'network' });
      expect(server.at(OPENAI)).toHaveLength(2);
      expectNoSecret(outcome);
    });

    it('a reset after parts went to the caller of a stream is not retried', async () => {
      const body = chatStream(textParts(['Hi', ' there', ' and more']));
      server.on(OPENAI, stream(body, { resetAt: body.indexOf('there') + 20, splits: [body.indexOf('there') + 10] }));
      const seen: ReplyPart[] = [];
      const { outcome } = await rejection(async () => {
        for await (const part of hostileApp(server).stream('writer', ask)) seen.push(part);
      });
      expect(seen.length).toBeGreaterThan(0);
      expect(lastFailure(outcome)).toMatchObject({ kind: 'network' });
      expect(server.at(OPENAI)).toHaveLength(1);
    });

    it('a reset of the classifier before its body is network_error, retried', async () => {
      server.on(
        SYSTEMONE,
        (_, response) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"answers":');
          setTimeout(() => response.socket?.destroy(), 10);
        },
        systemone(),
      );
      const app = hostileApp(server);
      await app.classify('Refund me', { refund: Q.yesNo('Is a refund requested?') });
      expect(server.at(SYSTEMONE)).toHaveLength(2);
    });
  });

  describe('redirects', () => {
    it('a redirect to another host and port is not followed: nothing reaches it, the key goes nowhere, not retried', async () => {
      elsewhere.on(OPENAI, stream(chatStream(textParts(['stolen']))));
      const target = elsewhere.url(OPENAI).replace('http://', `http://user:${KEY}@`);
      server.on(OPENAI, raw(307, '', { location: target }));
      const { outcome } = await rejection(() => hostileApp(server).reply('writer', ask));
      const failure = lastFailure(outcome);
      expect(failure).toMatchObject({ kind: 'unknown', status: 307 });
      expect(failure.message).toContain(`redirects to ${elsewhere.url(OPENAI)}`);
      expect(server.at(OPENAI)).toHaveLength(1);
      expect(elsewhere.received).toHaveLength(0);
      expectNoSecret(outcome);
    });

    it('a redirect that echoes the secret header in its location says where, without the secret', async () => {
      server.on(ANTHROPIC, raw(302, '', { location: `/login?session=${HEADER_SECRET}` }));
      const { outcome } = await rejection(() => hostileApp(server).reply('claude', ask));
      expect(lastFailure(outcome).message).toContain('redirects to /login?session=[redacted]');
      expect(server.at(ANTHROPIC)).toHaveLength(1);
      expectNoSecret(outcome);
    });

    it("a classifier's redirect is not followed either", async () => {
      elsewhere.on(SYSTEMONE, systemone());
      server.on(SYSTEMONE, raw(308, '', { location: elsewhere.url(SYSTEMONE) }));
      const { outcome } = await rejection(() =>
        hostileApp(server).classify('Refund me', { refund: Q.yesNo('Is a refund requested?') }),
      );
      expect(outcome).toBeInstanceOf(ClassificationAdapterError);
      expect(outcome).toMatchObject({ status: 308, retryable: false });
      expect(elsewhere.received).toHaveLength(0);
      expect(server.at(SYSTEMONE)).toHaveLength(1);
    });
  });
});
