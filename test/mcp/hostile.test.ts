import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/services/app/App.js';
import { code, type ToolContext } from '../../src/index.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { serveHttp, type HttpMcp } from './fixtures/httpServer.js';
import { models } from './support.js';

// MCP servers that answer what no careful server would: patterns that backtrack without end, schemas that refer to
// themselves. Each ends at once, in a typed error or the right answer.

const apps: TestApp[] = [];
const servers: HttpMcp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A text on which `^(a+)+$` would backtrack past the end of the test run. */
const LONG = `${'a'.repeat(100_000)}!`;
const HANGS = { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } };

/** A server listing `tools`, each call answered `answer`. */
function listing(tools: readonly Record<string, unknown>[], answer: Record<string, unknown> = {}): () => Server {
  return () => {
    const server = new Server({ name: 'odd', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools as never }));
    server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: 'called' }], ...answer }));
    return server;
  };
}

async function appServing(make: () => Server): Promise<TestApp> {
  const http = await serveHttp(make);
  servers.push(http);
  const app = createTestApp({ models, mcp: { servers: { odd: { url: http.url } } } });
  apps.push(app);
  return app;
}

const context: ToolContext = { signal: new AbortController().signal, runId: 'run', step: 0, callId: 'call-0' };

describe(App, () => {
  describe('.mcpTools with hostile schemas', () => {
    it("checks a model's input against an inputSchema pattern in linear time", async () => {
      const app = await appServing(listing([{ name: 'lookup', inputSchema: HANGS }]));
      const tools = await app.mcpTools('odd');
      expect(tools.lookup!.input.safeParse({ code: LONG }).success).toBe(false);
      expect(tools.lookup!.input.safeParse({ code: 'aaa' }).success).toBe(true);
    });

    it("checks a result against its tool's outputSchema pattern in linear time, failing the call typed", async () => {
      const tool = { name: 'lookup', inputSchema: { type: 'object' }, outputSchema: HANGS };
      const app = await appServing(listing([tool], { structuredContent: { code: LONG } }));
      const tools = await app.mcpTools('odd');
      const error = await Promise.resolve(tools.lookup!.run({}, context)).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.M0011 });
      expect((error as Error).message).toContain("does not match the tool's output schema");
    });

    it.each([
      ['inputSchema', { type: 'object', properties: { w: { type: 'string', pattern: '(a)\\1' } } }, 'input schema'],
      ['outputSchema', { type: 'object', properties: { w: { type: 'string', pattern: 'x(?=y)' } } }, 'output schema'],
    ])(
      'refuses a %s pattern the linear-time engine cannot run with M0008, naming the tool and where',
      async (key, schema, what) => {
        const tool = { name: 'lookup', inputSchema: { type: 'object' }, [key]: schema };
        const error = await (await appServing(listing([tool]))).mcpTools('odd').catch((e: unknown) => e);
        expect(error).toMatchObject({ code: code.M0008 });
        expect((error as Error).message).toContain(`MCP server 'odd', tool 'lookup': its ${what} cannot be read`);
        expect((error as Error).message).toContain('at #/properties/w/pattern');
      },
    );

    it('refuses an inputSchema whose $ref refers back to itself with M0008', async () => {
      const cycle = { type: 'object', $defs: { a: { $ref: '#/$defs/a' } }, properties: { x: { $ref: '#/$defs/a' } } };
      const error = await (
        await appServing(listing([{ name: 'lookup', inputSchema: cycle }]))
      )
        .mcpTools('odd')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.M0008 });
      expect((error as Error).message).toContain("$ref '#/$defs/a' refers back to itself");
    });
  });
});
