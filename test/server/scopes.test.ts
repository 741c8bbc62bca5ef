import { Agent, request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

describe('FakeServer', () => {
  let server: FakeServer;
  const control = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${server.url}/__standin/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    });

  beforeAll(async () => {
    server = await createFakeServer({ sentLimit: 1000 });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('scopes', () => {
    it(
      '50 parallel scopes, each scripted through the control API, never see each other, and each verifies',
      { timeout: 60_000 },
      async () => {
        const ids = Array.from({ length: 50 }, (_, i) => `scope-${i}`);
        for (const id of ids) {
          const loaded = await control(`scripts?scope=${id}`, {
            method: 'PUT',
            body: JSON.stringify({
              models: { 'gpt-4.1-mini': [{ text: `first of ${id}` }, { text: `second of ${id}` }] },
            }),
          });
          expect(loaded.status).toBe(200);
        }
        const texts = await Promise.all(
          ids.map(async (id) => {
            const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: `scope:${id}`, maxRetries: 0 });
            const ask = async (): Promise<string | null> =>
              (
                await client.chat.completions.create({
                  model: 'gpt-4.1-mini',
                  messages: [{ role: 'user', content: 'x' }],
                })
              ).choices[0]!.message.content;
            return [await ask(), await ask()];
          }),
        );
        expect(texts).toEqual(ids.map((id) => [`first of ${id}`, `second of ${id}`]));
        for (const id of ids) expect((await control(`verify?scope=${id}`, { method: 'POST' })).status).toBe(200);
      },
    );

    it('verify answers 409 with the unused answers of the scope', async () => {
      await control('scripts?scope=unused', {
        method: 'PUT',
        body: JSON.stringify({ models: { 'gpt-4.1-mini': [{ text: 'never asked' }] } }),
      });
      const response = await control('verify?scope=unused', { method: 'POST' });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        ok: false,
        unused: { unused: { 'gpt-4.1-mini': [{ index: 0, answer: { text: 'never asked' } }] } },
      });
    });

    it('the control API refuses a request without the token with 401', async () => {
      const response = await fetch(`${server.url}/__standin/sent`);
      expect(response.status).toBe(401);
    });

    it('a scope header wins over the API key', async () => {
      server.fake('gpt-4.1-mini', [{ text: 'in header scope' }], 'by-header');
      const client = new OpenAI({
        baseURL: `${server.url}/v1`,
        apiKey: 'scope:other',
        defaultHeaders: { 'x-standin-scope': 'by-header' },
        maxRetries: 0,
      });
      const completion = await client.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: 'x' }],
      });
      expect(completion.choices[0]!.message.content).toBe('in header scope');
    });
  });

  describe('limits', () => {
    it('refuses a body over the limit with 413 without reading it', async () => {
      const small = await createFakeServer({ bodyLimit: 2048 });
      const response = await fetch(`${small.url}/v1/chat/completions`, { method: 'POST', body: 'x'.repeat(10_000) });
      expect(response.status).toBe(413);
      await small.close();
    });
  });

  describe('load', () => {
    it(
      'answers 10,000 requests over 100 connections with 0 errors, RSS flat within 20 MB',
      { timeout: 120_000 },
      async () => {
        server.fake('load-model', () => ({ text: 'ok' }));
        const agent = new Agent({ keepAlive: true, maxSockets: 100 });
        const body = JSON.stringify({ model: 'load-model', messages: [{ role: 'user', content: 'ping' }] });
        const once = (): Promise<number> =>
          new Promise((resolve, reject) => {
            const req = request(
              `${server.url}/v1/chat/completions`,
              { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
              (res) => {
                res.resume();
                res.once('end', () => resolve(res.statusCode ?? 0));
              },
            );
            req.once('error', reject);
            req.end(body);
          });
        const burst = async (count: number): Promise<number> => {
          let next = 0;
          let errors = 0;
          await Promise.all(
            Array.from({ length: 100 }, async () => {
              while (next < count) {
                next++;
                if ((await once().catch(() => 0)) !== 200) errors++;
              }
            }),
          );
          return errors;
        };
        // A first run fills what is bounded (sent, the requests remembered for retries) to its limit.
        await burst(10_000);
        setFlagsFromString('--expose-gc');
        const gc = runInNewContext('gc') as () => void;
        gc();
        const before = process.memoryUsage().rss;
        const errors = await burst(10_000);
        gc();
        const after = process.memoryUsage().rss;
        agent.destroy();
        expect(errors).toBe(0);
        expect((after - before) / 1024 / 1024).toBeLessThan(20);
      },
    );
  });
});
