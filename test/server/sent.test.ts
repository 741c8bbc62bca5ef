import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from 'standin/server';

describe('FakeServer', () => {
  describe('.sent', () => {
    it('keeps the last sentLimit requests in order, and so does the fake it scripted', async () => {
      const server = await createFakeServer({ sentLimit: 3 });
      const fake = server.fake('gpt-4.1-mini', () => ({ text: 'ok' }));
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 });
      for (let i = 1; i <= 8; i++)
        await client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: `m${i}` }] });
      const said = (input: unknown): unknown => (input as { messages: { content: string }[] }).messages[0]!.content;
      expect(server.sent.map((entry) => said(entry.input))).toEqual(['m6', 'm7', 'm8']);
      expect(fake.sent.map((call) => said(call.input))).toEqual(['m6', 'm7', 'm8']);
      await server.reset();
      expect(server.sent).toEqual([]);
      await server.close();
    });

    it("serves a part's bytes over the control API as base64, not as an object of one key a byte", async () => {
      const server = await createFakeServer();
      server.fake('claude-test', [{ text: 'A square.' }]);
      const png = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]).toString('base64');
      await fetch(`${server.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': 'test', 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'claude-test',
          max_tokens: 64,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
                { type: 'text', text: 'What is it?' },
              ],
            },
          ],
        }),
      });
      const listed = (await (
        await fetch(`${server.url}/__standin/sent`, { headers: { authorization: `Bearer ${server.token}` } })
      ).json()) as { sent: { input: { messages: { content: unknown }[] } }[] };
      expect(listed.sent[0]!.input.messages[0]!.content).toEqual([
        { type: 'image', bytes: png, mediaType: 'image/png' },
        { type: 'text', text: 'What is it?' },
      ]);
      await server.close();
    });

    it("lists tools and the typed value as JSON Schema, as a fake's sent does, and serves them so over the control API", async () => {
      const server = await createFakeServer();
      server.fake('gpt-4.1-mini', [{ value: { team: 'billing' } }]);
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 });
      const schema = {
        type: 'object',
        properties: { team: { type: 'string' } },
        required: ['team'],
        additionalProperties: false,
      };
      const tool = {
        type: 'function' as const,
        function: {
          name: 'lookup',
          parameters: {
            type: 'object',
            properties: { q: { type: 'string' } },
            required: ['q'],
            additionalProperties: false,
          },
        },
      };
      await client.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: 'Route it' }],
        tools: [tool],
        response_format: { type: 'json_schema', json_schema: { name: 'route', schema } },
      });
      const input = server.sent[0]!.input as { tools: unknown; output: unknown };
      expect(input.output).toEqual({
        name: 'value',
        schema: expect.objectContaining({ type: 'object', required: ['team'] }),
      });
      expect(input.tools).toEqual([
        { name: 'lookup', input: expect.objectContaining({ type: 'object', required: ['q'] }) },
      ]);
      const listed = (await (
        await fetch(`${server.url}/__standin/sent`, { headers: { authorization: `Bearer ${server.token}` } })
      ).json()) as { sent: { input: unknown }[] };
      expect(JSON.stringify(listed.sent[0]!.input)).not.toContain('"def"');
      await server.close();
    });

    it("lists a tool's and the typed value's JSON Schema as the client sent it, adding no key", async () => {
      const server = await createFakeServer();
      server.fake('gpt-4.1-mini', [{ value: { team: 'billing' } }]);
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 });
      const parameters = { type: 'object', properties: { q: { type: 'string', minLength: 1 } } };
      const schema = { type: 'object', properties: { team: { enum: ['billing', 'tech'] } }, required: ['team'] };
      await client.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: 'Route it' }],
        tools: [{ type: 'function', function: { name: 'lookup', parameters } }],
        response_format: { type: 'json_schema', json_schema: { name: 'route', schema } },
      });
      const input = server.sent[0]!.input as { tools: unknown; output: unknown };
      expect(input.tools).toEqual([{ name: 'lookup', input: parameters }]);
      expect(input.output).toEqual({ name: 'value', schema });
      await server.close();
    });
  });
});

describe('FakeServer .sent by bytes', () => {
  it('keeps request bodies within sentBytes, the oldest dropped and counted, the newest always kept', async () => {
    const server = await createFakeServer({ sentBytes: 1024 * 1024 });
    server.fake('gpt-4.1-mini', () => ({ text: 'ok' }));
    const big = 'x'.repeat(400 * 1024);
    const send = (i: number): Promise<Response> =>
      fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: `${i}${big}` }] }),
      });
    for (let i = 1; i <= 5; i++) expect((await send(i)).status).toBe(200);
    const first = (entry: { input: unknown }): string =>
      (entry.input as { messages: { content: string }[] }).messages[0]!.content[0]!;
    expect(server.sent.map(first)).toEqual(['4', '5']);
    expect(server.sentDropped).toBe(3);
    const listed = (await (
      await fetch(`${server.url}/__standin/sent`, { headers: { authorization: `Bearer ${server.token}` } })
    ).json()) as { sent: unknown[]; dropped: number };
    expect([listed.sent.length, listed.dropped]).toEqual([2, 3]);
    const huge = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: `6${'y'.repeat(2 * 1024 * 1024)}` }],
      }),
    });
    expect(huge.status).toBe(200);
    expect(server.sent.map(first)).toEqual(['6']);
    await server.reset();
    expect(server.sentDropped).toBe(0);
    await server.close();
  });
});

describe("A scripted model's .sent on the wire server", () => {
  it("keeps its requests within the server's sentBytes too, the newest always kept", async () => {
    const server = await createFakeServer({ sentBytes: 1024 * 1024 });
    const fake = server.fake('gpt-4.1-mini', () => ({ text: 'ok' }));
    const big = 'x'.repeat(400 * 1024);
    for (let i = 1; i <= 5; i++) {
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: `${i}${big}` }] }),
      });
      expect(response.status).toBe(200);
    }
    const firsts = fake.sent.map((call) =>
      call.call === 'reply' ? String((call.input.messages[0] as { content: string }).content)[0] : '',
    );
    expect(firsts).toEqual(['5']);
    await server.close();
  });
});
