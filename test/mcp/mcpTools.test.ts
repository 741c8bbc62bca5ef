import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/services/app/App.js';
import { toolSpecs } from '../../src/services/requests/prepareReply.js';
import { ToolError } from '../../src/services/runs/ToolRun.js';
import { code, type Tool, type ToolContext } from '../../src/index.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { serveHttp, type HttpMcp } from './fixtures/httpServer.js';
import { oddListing, tickets } from './fixtures/tickets.js';
import { models } from './support.js';

// Behaviours of the tools themselves, against the tickets server over streamable HTTP on loopback; the stdio side is in
// stdio.test.ts.

let http: HttpMcp;
beforeAll(async () => {
  http = await serveHttp(tickets);
});
afterAll(() => http.close());

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
});

function ticketsApp(bounds: Record<string, number> = {}): TestApp {
  const app = createTestApp({ models, mcp: { servers: { tickets: { url: http.url, ...bounds } } } });
  apps.push(app);
  return app;
}

const context: ToolContext = { signal: new AbortController().signal, runId: 'run', step: 0, callId: 'call-0' };
const call = (tools: Record<string, Tool>, name: string, input: unknown = {}) => tools[name]!.run(input, context);

describe(App, () => {
  describe('.mcpTools', () => {
    it("answers every tool the server lists, with the server's descriptions", async () => {
      const tools = await ticketsApp().mcpTools('tickets');
      expect(Object.keys(tools)).toEqual([
        'find',
        'ticket',
        'lines',
        'picture',
        'down',
        'hang',
        'big',
        'leave',
        'hasToken',
      ]);
      expect(tools.find!.description).toBe('Finds the tickets that mention the words.');
    });

    it('answers only the tools `tools` names, each named with the prefix', async () => {
      const tools = await ticketsApp().mcpTools('tickets', { tools: ['find', 'ticket'], prefix: 'tickets_' });
      expect(Object.keys(tools)).toEqual(['tickets_find', 'tickets_ticket']);
    });

    it('fails with M0009 when `tools` names a tool the server does not list, listing those it does', async () => {
      const error = await ticketsApp()
        .mcpTools('tickets', { tools: ['find', 'close'] })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.M0009 });
      expect((error as Error).message).toContain("MCP server 'tickets' lists no tool named 'close'. It lists 'find',");
    });

    it('fails with M0002 for a server the config does not have, naming those it has', async () => {
      const error = await ticketsApp()
        .mcpTools('files')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.M0002 });
      expect((error as Error).message).toContain(
        "There is no MCP server named 'files': the config's mcp.servers has 'tickets'.",
      );
    });

    it('fails with M0002 in an app without mcp', async () => {
      const app = createTestApp({ models });
      apps.push(app);
      await expect(app.mcpTools('tickets')).rejects.toMatchObject({ code: code.M0002 });
    });

    it('fails with M0010 for options of the wrong shape', async () => {
      await expect(ticketsApp().mcpTools('tickets', { tools: 'find' } as never)).rejects.toMatchObject({
        code: code.M0010,
      });
    });

    it('fails with M0010 when the prefix makes a name no model accepts', async () => {
      const error = await ticketsApp()
        .mcpTools('tickets', { prefix: 'tickets.' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.M0010 });
      expect((error as Error).message).toContain("tool 'find': the name a model would call it by, 'tickets.find'");
    });

    it("sends providers the server's own JSON Schema of each input", async () => {
      const tools = await ticketsApp().mcpTools('tickets', { tools: ['ticket'] });
      expect(toolSpecs(tools)[0]).toEqual({
        name: 'ticket',
        description: 'One ticket by id.',
        input: {
          type: 'object',
          properties: {
            id: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
            verbose: { type: 'boolean' },
          },
          required: ['id'],
        },
      });
    });

    it("checks the model's input against the server's schema", async () => {
      const tools = await ticketsApp().mcpTools('tickets', { tools: ['find'] });
      expect(tools.find!.input.safeParse({ words: 'refund' }).success).toBe(true);
      expect(tools.find!.input.safeParse({ words: '' }).success).toBe(false);
      expect(tools.find!.input.safeParse({}).success).toBe(false);
    });

    it('answers a tool listed as __proto__ as an own tool the model can call', async () => {
      const odd = await serveHttp(() =>
        oddListing([
          { name: '__proto__', description: 'An unlucky name.', inputSchema: { type: 'object' } },
          { name: 'lookup', inputSchema: { type: 'object' } },
        ]),
      );
      try {
        const app = createTestApp({ models, mcp: { servers: { odd: { url: odd.url } } } });
        apps.push(app);
        const tools = await app.mcpTools('odd');
        expect(Object.keys(tools)).toEqual(['__proto__', 'lookup']);
        expect(Object.getPrototypeOf(tools)).toBe(Object.prototype);
        expect(toolSpecs(tools).map((spec) => spec.name)).toEqual(['__proto__', 'lookup']);
        app.fake('writer', [{ calls: [{ tool: '__proto__', with: {} }] }, { text: 'done' }]);
        const run = await app.run({ model: 'writer', tools: { ...tools } }, 'Look it up.');
        expect(run.steps[0]!.results).toEqual([{ id: expect.any(String), tool: '__proto__', output: 'called' }]);
      } finally {
        await odd.close();
      }
    });

    it('does not connect before it is called', async () => {
      const before = http.methods.length;
      ticketsApp();
      expect(http.methods.length).toBe(before);
    });
  });

  describe('.mcpTools, a tool run', () => {
    it('answers the text of a text result', async () => {
      expect(await call(await ticketsApp().mcpTools('tickets'), 'find', { words: 'refund' })).toBe(
        'Ticket 7 mentions refund.',
      );
    });

    it('answers the structured content of a result that has one', async () => {
      expect(await call(await ticketsApp().mcpTools('tickets'), 'ticket', { id: 7 })).toEqual({
        id: 7,
        status: 'open',
      });
    });

    it('answers the texts of several text blocks joined by a newline', async () => {
      expect(await call(await ticketsApp().mcpTools('tickets'), 'lines')).toBe('first\nsecond');
    });

    it('answers the content blocks as they are when one is not text', async () => {
      expect(await call(await ticketsApp().mcpTools('tickets'), 'picture')).toEqual([
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ]);
    });

    it('fails with E0050 once the app is disposed', async () => {
      const app = ticketsApp();
      const tools = await app.mcpTools('tickets');
      await app.dispose();
      await expect(Promise.resolve(call(tools, 'find', { words: 'x' }))).rejects.toMatchObject({ code: code.E0050 });
    });

    it("throws a ToolError with the result's text when the server says the call failed", async () => {
      const error = await Promise.resolve(call(await ticketsApp().mcpTools('tickets'), 'down')).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ToolError);
      expect((error as Error).message).toBe('The ticket system is down.');
    });
  });
});
