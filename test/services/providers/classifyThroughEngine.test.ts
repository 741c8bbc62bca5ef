import { describe, expect, it } from 'vitest';
import {
  ClassificationAdapterError,
  ClassificationQuestion as Q,
  type StandinConfigInput,
} from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { failure, KEY } from './loopback/callContext.js';
import { useLoopback } from './loopback/classifierTest.js';
import { decisions, detail, openaiError, systemone } from './loopback/classifierServers.js';
import { json, type LoopbackServer, raw, silent } from './loopback/LoopbackServer.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const questions = {
  team: Q.choice('Which team?', ['billing', 'technical']),
  urgency: Q.score('How urgent?', ['can wait', 'today', 'right now']),
  refund: Q.yesNo('The customer asks for a refund.'),
};
const retry = { attempts: 3, baseDelayMs: 100, maxDelayMs: 10_000, jitter: 0 };

/** Each real classifier, bound from the config against the loopback server, with its wire's handlers. */
const classifiers = [
  {
    name: 'typesafe',
    path: '/v1/systemone',
    config: (): StandinConfigInput => ({
      classifier: { provider: 'typesafe' },
      providers: { typesafe: { baseURL: server.url(), apiKey: KEY } },
      retry,
    }),
    answers: systemone,
    down: (status: number, headers: Record<string, string> = {}) => detail(status, 'Service unavailable', headers),
    limited: (headers: Record<string, string>) => detail(429, 'Too many requests', headers),
    denied: () => detail(401, 'Invalid API key'),
  },
  {
    name: 'decisions',
    path: '/v1/decisions',
    config: (): StandinConfigInput => ({
      classifier: { provider: 'decisions' },
      providers: { decisions: { baseURL: server.url('/v1'), apiKey: KEY } },
      retry,
    }),
    answers: decisions,
    down: (status: number, headers: Record<string, string> = {}) =>
      openaiError(status, 'The server is overloaded', 'server_error', null, headers),
    limited: (headers: Record<string, string>) =>
      openaiError(429, 'Rate limit reached', 'requests', 'rate_limit_exceeded', headers),
    denied: () => openaiError(401, 'Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
  },
] as const;

describe('app.classify through the engine, on each real classifier', () => {
  for (const c of classifiers) {
    describe(`the ${c.name} classifier`, () => {
      const app = () => {
        const made = createTestApp(c.config());
        made.allowRealCalls(c.name);
        return made;
      };

      it("answers every question, with the engine's request id on the response", async () => {
        server.on(c.path, c.answers());
        const response = await app().classify('My card was charged twice.', questions, {
          requestId: 'ticket-7',
          metadata: { ticket: 7 },
        });
        expect(Object.keys(response.answers)).toEqual(['team', 'urgency', 'refund']);
        expect(response).toMatchObject({ provider: c.name, requestId: 'ticket-7', metadata: { ticket: 7 } });
        expect(response.answer('team')!.choice).toBe('billing');
        expect(server.at(c.path)).toHaveLength(1);
      });

      it('retries provider_unavailable with backoff on the instant clock, honouring Retry-After, then answers', async () => {
        server.on(c.path, c.down(503), c.down(500, { 'retry-after': '3' }), c.answers());
        const a = app();
        const response = await a.classify('My card was charged twice.', questions);
        expect(response.answer('refund')!.yesProbability).toBe(0.63);
        expect(a.clock.slept).toEqual([100, 3000]);
        expect(server.at(c.path)).toHaveLength(3);
      });

      it('waits what a 429 asked for', async () => {
        server.on(c.path, c.limited({ 'retry-after': '7' }), c.answers());
        const a = app();
        await a.classify('Hello', questions);
        expect(a.clock.slept).toEqual([7000]);
      });

      it('gives up after the attempts, rejecting with the last error', async () => {
        server.on(c.path, c.down(503));
        const a = app();
        const error = await failure(a.classify('Hello', questions));
        expect(error).toBeInstanceOf(ClassificationAdapterError);
        expect(error).toMatchObject({ reason: 'provider_unavailable', status: 503 });
        expect(server.at(c.path)).toHaveLength(3);
        expect(a.clock.slept).toEqual([100, 200]);
      });

      it("retries a timeout (the provider's timeoutMs)", async () => {
        server.on(c.path, silent(), c.answers());
        const config = c.config();
        const a = createTestApp({
          ...config,
          providers: { [c.name]: { ...config.providers![c.name], timeoutMs: 500 } },
        });
        a.allowRealCalls();
        await a.classify('Hello', questions);
        expect(server.at(c.path)).toHaveLength(2);
        expect(a.clock.slept).toEqual([100]);
      });

      it('does not retry authentication_failed, malformed_response, or anything with retry: false', async () => {
        server.on(c.path, c.denied(), json(200, { answers: 'none' }), c.down(503));
        const a = app();
        expect(await failure(a.classify('Hello', questions))).toMatchObject({ reason: 'authentication_failed' });
        expect(await failure(a.classify('Hello', questions))).toMatchObject({ reason: 'malformed_response' });
        expect(await failure(a.classify('Hello', questions, { retry: false }))).toMatchObject({
          reason: 'provider_unavailable',
        });
        expect(server.at(c.path)).toHaveLength(3);
        expect(a.clock.slept).toEqual([]);
      });

      it('the engine validates first: an invalid request never reaches the server (K0003)', async () => {
        await expect(app().classify('', questions)).rejects.toMatchObject({ code: 'K0003' });
        expect(server.received).toHaveLength(0);
      });

      it('a limit breach is invalid_request, never retried, never sent', async () => {
        const many = Array.from({ length: 300 }, (_, i) => `option-${i}`);
        await expect(app().classify('Hello', { team: Q.choice('Which?', many) })).rejects.toMatchObject({
          reason: 'invalid_request',
          metadata: { question: 'team', limit: 255 },
        });
        expect(server.received).toHaveLength(0);
      });
    });
  }

  it('a refusal is not retried', async () => {
    server.on('/v1/decisions', decisions({ refuse: ['urgency'] }));
    const a = createTestApp(classifiers[1].config());
    a.allowRealCalls();
    expect(await failure(a.classify('Hello', questions))).toMatchObject({
      reason: 'unknown',
      metadata: { cause: 'refusal', refused: ['urgency'] },
    });
    expect(server.at('/v1/decisions')).toHaveLength(1);
  });

  it('a 200 that is not JSON is malformed_response, not retried', async () => {
    server.on('/v1/systemone', raw(200, 'oops'));
    const a = createTestApp(classifiers[0].config());
    a.allowRealCalls();
    expect(await failure(a.classify('Hello', questions))).toMatchObject({ reason: 'malformed_response' });
    expect(server.at('/v1/systemone')).toHaveLength(1);
  });
});
