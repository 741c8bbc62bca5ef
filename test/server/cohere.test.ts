import { CohereClientV2, CohereError } from 'cohere-ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer, type Scripts } from 'standin/server';
import { cohereFailures } from '../../src/protocols/cohere/cohereErrors.js';

const MODEL = 'command-test';
let server: FakeServer;
let scopes = 0;
beforeAll(async () => {
  server = await createFakeServer();
});
afterAll(async () => {
  await server.close();
});

/** A fresh scope with `answers` scripted for the model; the headers a request of the test sends. */
function scoped(answers: NonNullable<Scripts['models']>[string]): Record<string, string> {
  const scope = `cohere-${++scopes}`;
  server.load({ models: { [MODEL]: answers } }, scope);
  return { 'content-type': 'application/json', 'x-standin-scope': scope };
}

const chat = (body: Record<string, unknown>, headers: Record<string, string>): Promise<Response> =>
  fetch(`${server.url}/v2/chat`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }], ...body }),
  });

describe('the Cohere dialect', () => {
  describe('POST /v2/chat', () => {
    it('streams Cohere events, each named on its event line, from message-start to message-end', async () => {
      const response = await chat({ stream: true }, scoped([{ text: 'Hello.' }]));
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const text = await response.text();
      const names = [...text.matchAll(/^event: (.+)$/gm)].map((match) => match[1]);
      expect(names).toEqual(['message-start', 'content-start', 'content-delta', 'content-end', 'message-end']);
      expect(text).toContain('"finish_reason":"COMPLETE"');
    });

    it('answers a whole response with its text, finish and usage when stream is not asked', async () => {
      const response = await chat({}, scoped([{ text: 'Hello.' }]));
      expect(await response.json()).toMatchObject({
        message: { role: 'assistant', content: [{ type: 'text', text: 'Hello.' }] },
        finish_reason: 'COMPLETE',
        usage: { tokens: { input_tokens: expect.any(Number), output_tokens: expect.any(Number) } },
      });
    });

    it.each(Object.keys(cohereFailures) as (keyof typeof cohereFailures)[])(
      'answers a scripted %s failure with its status and a { id, message } body',
      async (kind) => {
        const response = await chat({}, scoped([{ fail: kind }]));
        expect(response.status).toBe(cohereFailures[kind].status);
        const body = (await response.json()) as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual(['id', 'message']);
        expect(body.message).toContain(cohereFailures[kind].message.slice(0, 20));
      },
    );

    it("refuses a field it does not know in Cohere's words, naming it", async () => {
      const response = await chat({ tempature: 1 }, scoped([{ text: 'x' }]));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(
        "invalid request: unknown field: parameter 'tempature' is not a valid field",
      );
    });

    it('refuses a value of the wrong type, naming the field', async () => {
      const response = await chat({ temperature: 'hot' }, scoped([{ text: 'x' }]));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(
        'invalid request: temperature must be a number',
      );
    });

    it('refuses documents to ground a reply in, as the official client reads a 400', async () => {
      const headers = scoped([{ text: 'x' }]);
      const client = new CohereClientV2({ token: 'co-key', environment: server.url, headers });
      const refused = await client
        .chat({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }], documents: ['The sky is clear.'] })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CohereError);
      expect((refused as CohereError).statusCode).toBe(400);
      expect(JSON.stringify((refused as CohereError).body)).toContain('documents');
    });
  });

  describe('POST /v2/embed', () => {
    it('refuses an embedding type other than float as one it cannot honour', async () => {
      server.fake('embed-test', { embed: () => [1] });
      const response = await fetch(`${server.url}/v2/embed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'embed-test',
          texts: ['a'],
          input_type: 'search_query',
          embedding_types: ['int8'],
        }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain('float');
    });
  });
});
