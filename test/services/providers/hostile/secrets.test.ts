import { describe, expect, it } from 'vitest';
import {
  ClassificationAdapterError,
  ClassificationQuestion as Q,
  createAnthropicProvider,
  createApp,
  createOpenAIProvider,
  createTypesafeClassifier,
  StandinError,
} from '../../../../src/index.js';
import { failure, KEY } from '../loopback/callContext.js';
import { json, type LoopbackServer, stream } from '../loopback/LoopbackServer.js';
import { chunk } from '../../../support/openaiStreams.js';
import { event, messageStart } from '../../../support/anthropicStreams.js';
import { useLoopback } from '../loopback/useLoopback.js';
import {
  ANTHROPIC,
  expectNoSecret,
  HEADER_SECRET,
  hostileApp,
  lastFailure,
  OPENAI,
  rejection,
  SYSTEMONE,
  textsOf,
} from './hostile.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const MB = 1024 * 1024;
const ask = { messages: 'Hello' };
const PASSWORD = 'pw-9d8c7b6a5f4e3d2c';

/** Ten megabytes of text with both secrets in it, twice, and pieces of the key all through it. */
const echo = `Denied for ${KEY} via ${HEADER_SECRET}. ${KEY.slice(0, 12).repeat(MB / 12)}${'y'.repeat(9 * MB)} ${KEY} ${HEADER_SECRET}`;

// Megabytes cross loopback sockets here; on a loaded machine that can take longer than the default 5 s.
describe('a hostile upstream: secrets', { timeout: 60_000 }, () => {
  describe('an SSE error event of 10 MB that echoes every secret (line and event bounds raised to let it through)', () => {
    const roomy = { maxLineBytes: 32 * MB, maxEventBytes: 32 * MB };

    it('openai: fails with its kind, a message of bounded size, no secret in it, memory returned', async () => {
      server.on(
        OPENAI,
        stream(
          `${chunk({ role: 'assistant', content: '' })}event: error\ndata: ${JSON.stringify({ error: { message: echo, type: 'rate_limit_error' } })}\n\n`,
        ),
      );
      const { outcome, peakMB, keptMB } = await rejection(() => hostileApp(server, roomy).reply('writer', ask));
      const failed = lastFailure(outcome);
      expect(failed).toMatchObject({ kind: 'rate_limit' });
      expect(failed.message).toContain('Denied for [redacted] via [redacted].');
      expect(failed.message.length).toBeLessThan(2500);
      expect(server.at(OPENAI)).toHaveLength(2);
      expect(peakMB).toBeLessThan(128);
      expect(keptMB).toBeLessThan(16);
      expectNoSecret(outcome);
    });

    it('by default the line bound stops it first', async () => {
      server.on(
        OPENAI,
        stream(`event: error\ndata: ${JSON.stringify({ error: { message: echo, type: 'rate_limit_error' } })}\n\n`),
      );
      const { outcome } = await rejection(() => hostileApp(server).reply('writer', ask));
      expect(lastFailure(outcome)).toMatchObject({ kind: 'unknown' });
      expect(lastFailure(outcome).message).toContain('maxLineBytes');
      expectNoSecret(outcome);
    });

    it('anthropic: the same', async () => {
      server.on(
        ANTHROPIC,
        stream(
          messageStart(25) + event('error', { type: 'error', error: { type: 'overloaded_error', message: echo } }),
        ),
      );
      const { outcome } = await rejection(() => hostileApp(server, roomy).reply('claude', ask));
      const failed = lastFailure(outcome);
      expect(failed).toMatchObject({ kind: 'server' });
      expect(failed.message.length).toBeLessThan(2500);
      expectNoSecret(outcome);
    });
  });

  describe('custom header values', () => {
    it("are taken out of an HTTP error's message, the failures and the cause", async () => {
      server.on(
        OPENAI,
        json(401, {
          error: {
            message: `Session ${HEADER_SECRET} (starts ${HEADER_SECRET.slice(0, 10)}) is not valid for key ${KEY}`,
            type: 'invalid_request_error',
          },
        }),
      );
      const { outcome } = await rejection(() => hostileApp(server).reply('writer', ask));
      expect(lastFailure(outcome)).toMatchObject({ kind: 'auth' });
      expect((outcome as Error).message).toContain(
        'Session [redacted] (starts [redacted]) is not valid for key [redacted]',
      );
      expectNoSecret(outcome);
    });

    it("are taken out of a classifier's error", async () => {
      server.on(SYSTEMONE, json(403, { detail: `Session ${HEADER_SECRET} is not allowed` }));
      const { outcome } = await rejection(() =>
        hostileApp(server).classify('Refund me', { refund: Q.yesNo('Refund?') }),
      );
      expect(outcome).toBeInstanceOf(ClassificationAdapterError);
      expect((outcome as Error).message).toContain('Session [redacted] is not allowed');
      expectNoSecret(outcome);
    });

    it('are taken out of the request id, error type and code a server echoes them in', async () => {
      server.on(
        OPENAI,
        json(
          429,
          { error: { message: 'slow down', type: `t-${KEY}`, code: HEADER_SECRET } },
          { 'x-request-id': `req-${HEADER_SECRET}` },
        ),
      );
      const { outcome } = await rejection(() => hostileApp(server).reply('writer', ask));
      expect(lastFailure(outcome)).toMatchObject({ requestId: 'req-[redacted]' });
      expectNoSecret(outcome);
    });

    it("are taken out of a classifier's request id and error metadata", async () => {
      server.on(
        SYSTEMONE,
        json(400, { detail: { message: 'bad', error_type: `e-${KEY}` } }, { 'x-typesafe-request-id': HEADER_SECRET }),
      );
      const { outcome } = await rejection(() =>
        hostileApp(server).classify('Refund me', { refund: Q.yesNo('Refund?') }),
      );
      expect(outcome).toMatchObject({ metadata: { errorType: 'e-[redacted]', providerRequestId: '[redacted]' } });
      expectNoSecret(outcome);
    });

    it('are never sent anywhere but in their header', async () => {
      server.on(OPENAI, json(500, { error: { message: 'down' } }));
      await rejection(() => hostileApp(server).reply('writer', ask));
      const { headers, body } = server.at(OPENAI)[0]!;
      expect(headers['x-gateway-key']).toBe(HEADER_SECRET);
      expect(body.toString()).not.toContain(HEADER_SECRET);
    });
  });

  describe('credentials in a baseURL', () => {
    const withCredentials = (url: string) => url.replace('http://', `http://admin:${PASSWORD}@`);

    it('the config refuses them when the app is made, naming where and never echoing them', () => {
      const error = (() => {
        try {
          createApp({
            models: { writer: { provider: 'local', model: 'm' } },
            providers: { local: { adapter: 'openai', baseURL: withCredentials(server.url('/v1')) } },
          });
        } catch (thrown) {
          return thrown;
        }
        throw new Error('expected createApp to throw');
      })();
      expect(error).toBeInstanceOf(StandinError);
      expect(error).toMatchObject({ code: 'C0001' });
      expect((error as Error).message).toContain('config.providers.local.baseURL: holds credentials before the host');
      expect(textsOf(error).join('\n')).not.toContain(PASSWORD);
      expect(textsOf(error).join('\n')).not.toContain('admin');
      expect(server.received).toHaveLength(0);
    });

    it('a user name alone is refused too', () => {
      expect(() =>
        createApp({ providers: { openai: { baseURL: server.url('/v1').replace('http://', 'http://admin@') } } }),
      ).toThrow(/C0001|holds credentials/);
    });

    for (const [name, make] of [
      ['createOpenAIProvider', (baseURL: string) => createOpenAIProvider({ baseURL })],
      ['createAnthropicProvider', (baseURL: string) => createAnthropicProvider({ baseURL })],
      ['createTypesafeClassifier', (baseURL: string) => createTypesafeClassifier({ baseURL })],
    ] as const) {
      it(`${name} refuses them with P0004, never echoing them`, async () => {
        const error = await failure(Promise.resolve().then(() => make(withCredentials(server.url()))));
        expect(error).toMatchObject({ code: 'P0004' });
        expect(error.message).toContain('settings.baseURL: holds credentials before the host');
        expect(textsOf(error).join('\n')).not.toContain(PASSWORD);
      });
    }
  });
});
