import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/services/app/App.js';
import { McpSecrets } from '../../src/services/mcp/McpSecrets.js';
import { code, type ToolContext } from '../../src/index.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { serveEndless, type EndlessMcp } from './fixtures/endlessServer.js';
import { serveHttp, type HttpMcp } from './fixtures/httpServer.js';
import { models } from './support.js';

// MCP servers that answer what no careful server would: patterns that backtrack without end, schemas that refer to
// themselves. Each ends at once, in a typed error or the right answer.

const apps: TestApp[] = [];
const servers: (HttpMcp | EndlessMcp)[] = [];
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

async function appServing(make: () => Server, settings: Record<string, unknown> = {}): Promise<TestApp> {
  const http = await serveHttp(make);
  servers.push(http);
  const app = createTestApp({ models, mcp: { servers: { odd: { url: http.url, ...settings } } } });
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

  describe('.mcpTools with a server that hides no secret', () => {
    const TOKEN = 'tok3n5ecretvalue';

    it("masks a secret inside a listed tool's name, so the tool is refused by name (M0010) and never sent", async () => {
      const tools = [
        { name: `find_${TOKEN}`, description: `Finds with ${TOKEN}.`, inputSchema: { type: 'object' } },
        { name: 'lookup', inputSchema: { type: 'object' } },
      ];
      const app = await appServing(listing(tools), { headers: { authorization: `Bearer ${TOKEN}` } });
      const error = await app.mcpTools('odd').catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.M0010 });
      expect((error as Error).message).toContain("tool 'find_***'");
      expect((error as Error).message).not.toContain(TOKEN);
      const writer = app.fake('writer', [{ text: 'done' }]);
      await app.run({ model: 'writer', tools: await app.mcpTools('odd', { tools: ['lookup'] }) }, 'Hello?');
      expect(JSON.stringify(writer.sent)).not.toContain(TOKEN);
      expect(app.transcript()).not.toContain(TOKEN);
    });

    it('masks a short setting only where it stands as a whole token, never inside a longer word or number', async () => {
      const text = 'level 1 of 10, port 3000 of 30000, info: information';
      const settings = { headers: { 'x-debug': '1', 'x-port': '3000', 'x-log-level': 'info' } };
      const app = await appServing(
        listing([{ name: 'status', inputSchema: { type: 'object' } }], { content: [{ type: 'text', text }] }),
        settings,
      );
      const tools = await app.mcpTools('odd');
      expect(await tools.status!.run({}, context)).toBe('level *** of 10, port *** of 30000, ***: information');
    });
  });

  describe('.mcpTools with a server started with short env settings', () => {
    it('masks each setting as the value it is: a short one only as a whole token', () => {
      const secrets = new McpSecrets({ command: 'tickets', env: { DEBUG: '1', PORT: '3000', LOG_LEVEL: 'info' } });
      expect(secrets.mask('level 1 of 10, port 3000 of 30000, info: information')).toBe(
        'level *** of 10, port *** of 30000, ***: information',
      );
    });
  });

  describe('.mcpTools with a server whose answer never ends', () => {
    it.each(['json', 'sse', 'gzip'] as const)(
      'cuts a %s answer at maxResultBytes as it arrives (M0007), counted by its decoded bytes',
      async (how) => {
        const endless = await serveEndless(how);
        servers.push(endless);
        const app = createTestApp({
          models,
          mcp: { servers: { flood: { url: endless.url, maxResultBytes: 65_536, timeoutMs: 3_600_000 } } },
        });
        apps.push(app);
        const tools = await app.mcpTools('flood');
        const error = await Promise.resolve(tools.flood!.run({}, context)).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: code.M0007 });
        expect((error as Error).message).toContain(
          "MCP server 'flood', tool 'flood', answered tools/call with more than",
        );
      },
    );
  });
});
