import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';
import { createTestApp } from 'standin/testing';

const scripts = { models: { 'gpt-4.1-mini': [{ parts: ['Hel', { hold: 'mid' }, 'lo'] }] } };

describe('FakeServer', () => {
  let server: FakeServer;

  beforeEach(async () => {
    server = await createFakeServer();
  });
  afterEach(async () => {
    await server.close();
  });

  function control(path: string, method: string, body?: unknown): Promise<Response> {
    return fetch(`${server.url}/__standin/${path}`, {
      method,
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  function client(scope?: string): OpenAI {
    return new OpenAI({
      baseURL: `${server.url}/v1`,
      apiKey: 'sk-test-secret',
      maxRetries: 0,
      ...(scope === undefined ? {} : { defaultHeaders: { 'x-standin-scope': scope } }),
    });
  }

  /** Streams a chat completion with the official client, keeping the text so far. */
  async function streamed(openai: OpenAI): Promise<{ text: () => string; first: Promise<void>; done: Promise<void> }> {
    const stream = await openai.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    let text = '';
    let arrived!: () => void;
    const first = new Promise<void>((resolve) => (arrived = resolve));
    const done = (async () => {
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        if (text.length > 0) arrived();
      }
    })();
    return { text: () => text, first, done };
  }

  describe('POST /__standin/release', () => {
    it('lets a stream held at a gate go on: the openai client sees the first part, then the rest', async () => {
      expect((await control('scripts', 'PUT', scripts)).status).toBe(200);
      const seen = await streamed(client());
      await seen.first;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen.text()).toBe('Hel');
      const released = await control('release?gate=mid', 'POST');
      expect(released.status).toBe(200);
      expect(await released.json()).toEqual({ ok: true, gate: 'mid', scope: null });
      await seen.done;
      expect(seen.text()).toBe('Hello');
    });

    it("releases in the scope the query names, the client's x-standin-scope", async () => {
      server.load(scripts);
      const seen = await streamed(client('ui-test-1'));
      await seen.first;
      expect((await control('release?gate=mid', 'POST')).status).toBe(200); // the default scope: kept there
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen.text()).toBe('Hel');
      expect((await control('release?gate=mid&scope=ui-test-1', 'POST')).status).toBe(200);
      await seen.done;
      expect(seen.text()).toBe('Hello');
    });

    it('keeps a release sent before the stream reaches the gate', async () => {
      server.load(scripts);
      server.release('mid');
      const seen = await streamed(client());
      await seen.done;
      expect(seen.text()).toBe('Hello');
    });

    it('refuses a gate no script holds at, and a release naming none (400, W0035)', async () => {
      server.load(scripts);
      const unknown = await control('release?gate=end', 'POST');
      expect(unknown.status).toBe(400);
      const body = (await unknown.json()) as { error: { message: string; code?: string } };
      expect(JSON.stringify(body)).toContain('W0035');
      expect(body.error.message).toMatch(/T0070.*no answer holds at a gate named 'end'\. The answers' gates are 'mid'/);
      const none = await control('release', 'POST');
      expect(none.status).toBe(400);
      expect(JSON.stringify(await none.json())).toMatch(/names no gate/);
    });

    it('needs the control token (401)', async () => {
      server.load(scripts);
      const response = await fetch(`${server.url}/__standin/release?gate=mid`, { method: 'POST' });
      expect(response.status).toBe(401);
    });
  });

  describe('serving an app', () => {
    it("releases the app's held streams, over the wire and with app.release alike", async () => {
      const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
      app.fake('writer', [{ parts: ['Hel', { hold: 'mid' }, 'lo'] }, { parts: ['Hel', { hold: 'mid' }, 'lo'] }]);
      const served = await createFakeServer({ app });
      try {
        const openai = new OpenAI({ baseURL: `${served.url}/v1`, apiKey: 'test', maxRetries: 0 });
        const first = await streamed(openai);
        await first.first;
        const released = await fetch(`${served.url}/__standin/release?gate=mid`, {
          method: 'POST',
          headers: { authorization: `Bearer ${served.token}` },
        });
        expect(released.status).toBe(200);
        await first.done;
        expect(first.text()).toBe('Hello');
        const second = await streamed(openai);
        await second.first;
        app.release('mid');
        await second.done;
        expect(second.text()).toBe('Hello');
      } finally {
        await served.close();
        await app.dispose();
      }
    });
  });

  describe('a held stream over the wire', () => {
    it('ends with POST /__standin/reset: the client stream fails', async () => {
      server.load(scripts);
      const seen = await streamed(client());
      await seen.first;
      expect((await control('reset', 'POST')).status).toBe(200);
      await expect(seen.done).rejects.toThrow();
      expect(seen.text()).toBe('Hel');
    });

    it('ends with the close of the server', async () => {
      server.load(scripts);
      const seen = await streamed(client());
      await seen.first;
      await server.close();
      await expect(seen.done).rejects.toThrow();
    });
  });

  describe('pace in the scripts document', () => {
    it("paces a model's answers on the system clock: time to the first part, then parts per second", async () => {
      server.load({
        models: { 'gpt-4.1-mini': [{ parts: ['a', 'b', 'c'] }] },
        pace: { 'gpt-4.1-mini': { firstMs: 120, perSecond: 20 } },
      });
      const started = Date.now();
      const seen = await streamed(client());
      await seen.first;
      const first = Date.now() - started;
      await seen.done;
      const all = Date.now() - started;
      expect(seen.text()).toBe('abc');
      expect(first).toBeGreaterThanOrEqual(110);
      expect(all).toBeGreaterThanOrEqual(200); // and two gaps of 50 ms
    });

    it('refuses a pace for a model the document does not script (W0008)', async () => {
      const response = await control('scripts', 'PUT', { models: {}, pace: { 'gpt-4.1-mini': { firstMs: 10 } } });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toMatch(/pace\['gpt-4\.1-mini'\]: pace is for the models/);
    });

    it('refuses a malformed pace, naming the path (W0008)', async () => {
      const response = await control('scripts', 'PUT', {
        models: { 'gpt-4.1-mini': [{ text: 'x' }] },
        pace: { 'gpt-4.1-mini': { perSecond: 0 } },
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toMatch(
        /scripts\.pace\[\\"gpt-4\.1-mini\\"\]\.perSecond: too small.*above 0 and at most 10000/,
      );
    });
  });
});
