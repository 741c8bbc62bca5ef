import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

// Patterns a client or a script hands the wire server, each of which would hold JavaScript's backtracking engine
// past the end of the test run on the value it is checked against: each request ends at once, and the server goes on
// serving the next client.

/** A text on which `^(a+)+$` would backtrack past the end of the test run. */
const LONG = `${'a'.repeat(100_000)}!`;
const HANGS = {
  type: 'object' as const,
  properties: { code: { type: 'string', pattern: '^(a+)+$' } },
  required: ['code'],
};

let server: FakeServer;
beforeEach(async () => {
  server = await createFakeServer({
    scripts: { mcp: { codes: { tools: { check: { input: HANGS, answers: [{ output: 'fine' }] } } } } },
  });
  server.fake('gpt-4.1-mini', () => ({ value: { code: LONG } }));
  server.fake('gemini-2.5-flash', () => ({ value: { code: LONG } }));
  server.fake('other', () => ({ text: 'still here' }));
});
afterEach(async () => {
  await server.close();
});

const post = async (path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

/** A request another client makes meanwhile: the server still answers it. */
async function stillServing(): Promise<void> {
  const { status } = await post('/v1/chat/completions', {
    model: 'other',
    messages: [{ role: 'user', content: 'Hi' }],
  });
  expect(status).toBe(200);
}

const format = (schema: unknown) => ({ type: 'json_schema', json_schema: { name: 'code', schema } });

describe('the wire server, with patterns from clients and scripts', () => {
  it("checks a scripted value against an OpenAI response_format's pattern in linear time (T0008)", async () => {
    const { status, json } = await post('/v1/chat/completions', {
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Code?' }],
      response_format: format(HANGS),
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      error: { message: expect.stringContaining('value.code: invalid string: must match') },
    });
    expect((json.error as { message: string }).message).toMatch(/^T0008: /);
    await stillServing();
  });

  it("checks a scripted value against a Gemini responseJsonSchema's pattern in linear time (T0008)", async () => {
    const { status, json } = await post('/v1beta/models/gemini-2.5-flash:generateContent', {
      contents: [{ role: 'user', parts: [{ text: 'Code?' }] }],
      generationConfig: { responseMimeType: 'application/json', responseJsonSchema: HANGS },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      error: { message: expect.stringContaining('value.code: invalid string: must match') },
    });
    expect((json.error as { message: string }).message).toMatch(/^T0008: /);
    await stillServing();
  });

  it("checks a call against a scripted MCP tool's input pattern in linear time, answering a tool error", async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/codes`)) as unknown as Transport);
    try {
      const refused = await client.callTool({ name: 'check', arguments: { code: LONG } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('input.code: invalid string: must match pattern');
      expect((await client.callTool({ name: 'check', arguments: { code: 'aaa' } })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
    await stillServing();
  });

  it('answers 400 W0004 for a response_format pattern the linear-time engine cannot run, naming where', async () => {
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: '(a)\\1' } } };
    const { status, json } = await post('/v1/chat/completions', {
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Code?' }],
      response_format: format(schema),
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      error: {
        message: expect.stringMatching(
          /^W0004: response_format\.json_schema\.schema is a JSON Schema the server cannot read: at #\/properties\/code\/pattern: the pattern "\(a\)\\\\1" uses a back reference/,
        ),
        param: 'response_format.json_schema.schema',
      },
    });
  });
});
