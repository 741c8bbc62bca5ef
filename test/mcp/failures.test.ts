import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/services/app/App.js';
import { code, type ToolContext } from '../../src/index.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { serveHttp, type HttpMcp } from './fixtures/httpServer.js';
import { oddListing, tickets } from './fixtures/tickets.js';
import { models } from './support.js';

// How an MCP server over streamable HTTP fails: each failure a code, its message naming the server (and the tool).

const apps: TestApp[] = [];
const servers: HttpMcp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(...args: Parameters<typeof serveHttp>): Promise<HttpMcp> {
  const server = await serveHttp(...args);
  servers.push(server);
  return server;
}

function appOf(server: Record<string, unknown>): TestApp {
  const app = createTestApp({ models, mcp: { servers: { tickets: server as never } } });
  apps.push(app);
  return app;
}

const context = (signal = new AbortController().signal): ToolContext => ({
  signal,
  runId: 'run',
  step: 0,
  callId: 'call-0',
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type Failure = Error & { code?: string };
const failure = (promise: unknown): Promise<Failure> =>
  Promise.resolve(promise).then(
    () => new Error('it succeeded') as Failure,
    (e: unknown) => e as Failure,
  );

describe(App, () => {
  describe('.mcpTools, failures', () => {
    it('fails with M0003 when nothing answers at the URL', async () => {
      const error = await failure(appOf({ url: `http://127.0.0.1:${await closedPort()}/mcp` }).mcpTools('tickets'));
      expect(error).toMatchObject({ code: code.M0003 });
      expect(error.message).toContain("MCP server 'tickets' could not be reached or started: fetch failed");
    });

    it('fails with M0003 when the server refuses, with no header value in the message, even one the server echoes', async () => {
      const refusing = await serve('refuse');
      const headers = { authorization: 'Bearer mcp-token-5531-secret', 'x-api-key': 'key-9902-secret' };
      const error = await failure(appOf({ url: refusing.url, headers }).mcpTools('tickets'));
      expect(refusing.authorizations).toContain('Bearer mcp-token-5531-secret');
      expect(error).toMatchObject({ code: code.M0003 });
      expect(error.message).toContain('HTTP 401');
      expect(error.message).toContain('***');
      for (const secret of ['mcp-token-5531-secret', 'key-9902-secret']) {
        expect(error.message).not.toContain(secret);
        expect(String(error.stack)).not.toContain(secret);
        expect(String(error.cause ?? '')).not.toContain(secret);
      }
    });

    it('fails a call with M0004 when the tool does not answer within timeoutMs, naming the server and the tool', async () => {
      const http = await serve(tickets);
      const tools = await appOf({ url: http.url, timeoutMs: 300 }).mcpTools('tickets', { tools: ['hang'] });
      const error = await failure(tools.hang!.run({}, context()));
      expect(error).toMatchObject({ code: code.M0004 });
      expect(error.message).toContain("MCP server 'tickets', tool 'hang': the tool call did not finish within 300 ms");
      expect(error.message).toContain('raise timeoutMs under mcp.servers.tickets');
    });

    it('fails a call with M0005 when the server closes the connection during it', async () => {
      const http = await serve(tickets, { cutCalls: true });
      const tools = await appOf({ url: http.url }).mcpTools('tickets', { tools: ['find'] });
      const error = await failure(tools.find!.run({ words: 'refund' }, context()));
      expect(error).toMatchObject({ code: code.M0005 });
      expect(error.message).toContain(
        "MCP server 'tickets', tool 'find': the server closed the connection during the tool call",
      );
    });

    it("rejects with the signal's reason, not a code, when the caller aborts a call", async () => {
      const http = await serve(tickets);
      const tools = await appOf({ url: http.url }).mcpTools('tickets', { tools: ['hang'] });
      const controller = new AbortController();
      const reason = new Error('the user left');
      const running = failure(tools.hang!.run({}, context(controller.signal)));
      controller.abort(reason);
      expect(await running).toBe(reason);
    });

    it('fails a call with M0007 when the result is over maxResultBytes', async () => {
      const http = await serve(tickets);
      const tools = await appOf({ url: http.url, maxResultBytes: 1_000 }).mcpTools('tickets', { tools: ['big'] });
      const error = await failure(tools.big!.run({}, context()));
      expect(error).toMatchObject({ code: code.M0007 });
      expect(error.message).toMatch(
        /^M0007: MCP server 'tickets', tool 'big': the result has \d+ bytes, over maxResultBytes \(1000\)/,
      );
    });

    it('fails with M0006 when the server lists more than maxTools tools', async () => {
      const http = await serve(tickets);
      const error = await failure(appOf({ url: http.url, maxTools: 3 }).mcpTools('tickets'));
      expect(error).toMatchObject({ code: code.M0006 });
      expect(error.message).toContain("MCP server 'tickets' lists more than maxTools (3) tools");
    });

    it("fails with M0006 when a tool's input schema is over maxSchemaBytes, naming the tool", async () => {
      const http = await serve(tickets);
      const error = await failure(appOf({ url: http.url, maxSchemaBytes: 60 }).mcpTools('tickets'));
      expect(error).toMatchObject({ code: code.M0006 });
      expect(error.message).toContain("MCP server 'tickets', tool 'find': the input schema has");
    });

    it("fails with M0008 when a tool's input schema cannot be read, naming the server and the tool", async () => {
      const unreadable = { type: 'object', properties: { id: { $ref: '#/$defs/missing' } } };
      const http = await serve(() => oddListing([{ name: 'lookup', inputSchema: unreadable }]));
      const error = await failure(appOf({ url: http.url }).mcpTools('tickets'));
      expect(error).toMatchObject({ code: code.M0008 });
      expect(error.message).toContain("MCP server 'tickets', tool 'lookup': its input schema cannot be read");
    });

    it('fails with M0010 when a listed name is not one a model can call', async () => {
      const http = await serve(() => oddListing([{ name: 'tickets.find', inputSchema: { type: 'object' } }]));
      await expect(appOf({ url: http.url }).mcpTools('tickets')).rejects.toMatchObject({ code: code.M0010 });
    });

    it('fails a call with M0011 when the server answers it with a protocol error, quoting it', async () => {
      const http = await serve(() => oddListing([{ name: 'broken', inputSchema: { type: 'object' } }]));
      const tools = await appOf({ url: http.url }).mcpTools('tickets');
      const error = await failure(tools.broken!.run({}, context()));
      expect(error).toMatchObject({ code: code.M0011 });
      expect(error.message).toContain("MCP server 'tickets', tool 'broken': the tool call failed:");
      expect(error.message).toContain('broken takes no calls today');
    });
  });
});
