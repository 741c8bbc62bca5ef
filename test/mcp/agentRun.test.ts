import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/services/app/App.js';
import { code } from '../../src/index.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { serveHttp, type HttpMcp } from './fixtures/httpServer.js';
import { tickets } from './fixtures/tickets.js';
import { models } from './support.js';

// An agent whose model is faked runs the tickets server's tools, over streamable HTTP on loopback, end to end.

let http: HttpMcp;
beforeAll(async () => {
  http = await serveHttp(tickets);
});
afterAll(() => http.close());

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
});

function ticketsApp(): TestApp {
  const app = createTestApp({ models, mcp: { servers: { tickets: { url: http.url } } } });
  apps.push(app);
  return app;
}

describe(App, () => {
  describe('.run with MCP tools', () => {
    it("calls the server's tool the model asks for and hands its result to the model", async () => {
      const app = ticketsApp();
      const writer = app.fake('writer', [
        { calls: [{ tool: 'tickets_find', with: { words: 'refund' } }] },
        { text: 'Ticket 7 is about your refund.' },
      ]);
      const tools = await app.mcpTools('tickets', { tools: ['find'], prefix: 'tickets_' });
      const run = await app.run({ model: 'writer', tools }, 'Where is my refund?');
      expect(run.text).toBe('Ticket 7 is about your refund.');
      expect(run.steps[0]!.results).toEqual([
        { id: expect.any(String), tool: 'tickets_find', output: 'Ticket 7 mentions refund.' },
      ]);
      expect(JSON.stringify(writer.sent[1])).toContain('Ticket 7 mentions refund.');
      expect(writer.sent[0]).toMatchObject({
        input: { tools: [{ name: 'tickets_find', description: 'Finds the tickets that mention the words.' }] },
      });
    });

    it('hands structured content to the model as the output', async () => {
      const app = ticketsApp();
      app.fake('writer', [{ calls: [{ tool: 'ticket', with: { id: 7 } }] }, { text: 'done' }]);
      const run = await app.run({ model: 'writer', tools: await app.mcpTools('tickets') }, 'Ticket 7?');
      expect(run.steps[0]!.results[0]!.output).toEqual({ id: 7, status: 'open' });
    });

    it('hands input that does not fit the schema back to the model as the tool error, with strictTools: false', async () => {
      const app = ticketsApp();
      const before = http.methods.filter((method) => method === 'tools/call').length;
      app.fake('writer', [{ calls: [{ tool: 'find', with: { words: 42 } }] }, { text: 'done' }]);
      const run = await app.run({ model: 'writer', tools: await app.mcpTools('tickets') }, 'q', { strictTools: false });
      expect(run.steps[0]!.results[0]!.error).toContain("The input does not fit the tool 'find'");
      expect(http.methods.filter((method) => method === 'tools/call')).toHaveLength(before);
    });

    it('fails with R0004 on input that does not fit the schema, with strict tools', async () => {
      const app = ticketsApp();
      app.fake('writer', [{ calls: [{ tool: 'find', with: { words: 42 } }] }, { text: 'done' }]);
      const error = await app
        .run({ model: 'writer', tools: await app.mcpTools('tickets') }, 'q')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.R0004 });
      expect((error as Error).message).toContain("the tool call 'find'");
    });

    it("hands an isError result's text to the model as the tool error, with strict tools too", async () => {
      const app = ticketsApp();
      const writer = app.fake('writer', [{ calls: [{ tool: 'down', with: {} }] }, { text: 'The system is down.' }]);
      const run = await app.run({ model: 'writer', tools: await app.mcpTools('tickets') }, 'q');
      expect(run.steps[0]!.results[0]).toMatchObject({ tool: 'down', error: 'The ticket system is down.' });
      expect(JSON.stringify(writer.sent[1])).toContain('The ticket system is down.');
    });
  });
});
