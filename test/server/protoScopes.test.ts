import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer, type Scripts } from 'standin/server';
import { serveCommand } from '../../src/server/serveCommand.js';

const NAMES = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty'];

const servers: FakeServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
  expect(Object.keys(Object.prototype)).toEqual([]);
});

async function start(scripts: Scripts): Promise<FakeServer> {
  const server = await createFakeServer({ scripts });
  servers.push(server);
  return server;
}

async function connect(server: FakeServer, name: string, scope: string): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/${name}`), {
      requestInit: { headers: { 'x-standin-scope': scope } },
    }) as unknown as Transport,
  );
  clients.push(client);
  return client;
}

function chat(server: FakeServer, scope: string): Promise<Response> {
  return fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-standin-scope': scope },
    body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hi' }] }),
  });
}

describe('FakeServer', () => {
  describe('scopes named like Object.prototype members', () => {
    it.each(NAMES)("keeps MCP answers left in scope '%s' apart and verify names them", async (scope) => {
      const server = await start({
        mcp: { x: { tools: { forecast: { answers: [{ output: { sky: 'sunny' } }, { fail: 'down' }] } } } },
      });
      const client = await connect(server, 'x', scope);
      await client.callTool({ name: 'forecast', arguments: {} });
      expect(Object.keys(Object.prototype)).toEqual([]);
      await expect(server.verify()).rejects.toThrow(
        expect.objectContaining({
          code: 'W0054',
          message: expect.stringContaining(`In scope '${scope}', MCP server 'x' tool 'forecast' has 1 answer never`),
        }),
      );
    });

    it.each(NAMES)(
      "keeps model answers left in scope '%s' apart, for pending, verify and the inspector",
      async (scope) => {
        const server = await start({ models: { 'gpt-4.1-mini': [{ text: 'one' }, { text: 'two' }] } });
        expect((await chat(server, scope)).status).toBe(200);
        const pending = await server.pending();
        expect(Object.keys(pending)).toEqual([scope]);
        expect(Object.keys(pending[scope]!)).toEqual(['gpt-4.1-mini']);
        await expect(server.verify()).rejects.toThrow(
          expect.objectContaining({ code: 'W0014', message: expect.stringContaining(`In scope '${scope}', model`) }),
        );
        const inspect = await fetch(`${server.url}/__standin/inspect`, {
          headers: { authorization: `Bearer ${server.token}`, accept: 'application/json' },
        });
        expect(inspect.status).toBe(200);
        expect(await inspect.text()).toContain(scope);
      },
    );

    it.each(NAMES)("lists a test author's error answered in scope '%s' for verify", async (scope) => {
      const server = await start({ models: { 'gpt-4.1-mini': [] } });
      await chat(server, scope);
      expect(Object.keys(server.errors())).toEqual([scope]);
      await expect(server.verify()).rejects.toThrow(
        expect.objectContaining({ code: 'W0018', message: expect.stringContaining(`In scope '${scope}'`) }),
      );
    });
  });

  describe('tools a request offers', () => {
    it.each(NAMES)("offers a tool named '%s' that a scripted call can ask for", async (tool) => {
      const server = await start({ models: { 'gpt-4.1-mini': [{ calls: [{ tool, with: { city: 'Paris' } }] }] } });
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4.1-mini',
          messages: [{ role: 'user', content: 'hi' }],
          tools: [{ type: 'function', function: { name: tool, parameters: { type: 'object' } } }],
        }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        choices: { message: { tool_calls: { function: { name: string; arguments: string } }[] } }[];
      };
      expect(body.choices[0]!.message.tool_calls[0]!.function).toEqual({ name: tool, arguments: '{"city":"Paris"}' });
    });
  });

  describe('.load', () => {
    it.each(['constructor', 'hasOwnProperty', 'toString'])("scripts a model named '%s' as any other", async (model) => {
      const server = await start({});
      server.load(JSON.parse(`{"models":{"${model}":[{"text":"c"}]}}`) as Scripts);
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(response.status).toBe(200);
      await server.verify();
    });

    it("serves a scripts file whose model is named 'constructor' (standin serve --scripts)", async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'standin-proto-')), 'p.json');
      writeFileSync(path, '{"models":{"constructor":[{"text":"c"}]}}');
      const err: string[] = [];
      const started = await serveCommand(['serve', '--scripts', path], {
        out: () => undefined,
        err: (line) => err.push(line),
      });
      expect(err).toEqual([]);
      const server = started as FakeServer;
      servers.push(server);
      expect(Object.keys((await server.pending())['']!)).toEqual(['constructor']);
    });

    it("merges a model named 'hasOwnProperty' through PUT /__standin/scripts?merge=1", async () => {
      const server = await start({ models: { 'gpt-4.1-mini': [{ text: 'a' }] } });
      const response = await fetch(`${server.url}/__standin/scripts?merge=1`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body: '{"models":{"hasOwnProperty":[{"text":"c"}]}}',
      });
      expect(response.status).toBe(200);
      expect(Object.keys(await server.pending())).toEqual(['']);
      expect(Object.keys((await server.pending())['']!)).toEqual(['gpt-4.1-mini', 'hasOwnProperty']);
    });
  });
});
