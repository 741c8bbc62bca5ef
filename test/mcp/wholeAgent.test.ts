import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tool, type Agent } from '../../src/index.js';
import { createFakeServer } from '../../src/server.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { json, LoopbackServer } from '../services/providers/loopback/LoopbackServer.js';
import { serveHttp } from './fixtures/httpServer.js';
import { tickets } from './fixtures/tickets.js';
import { models } from './support.js';

// The whole agent: an app tool and an MCP server's tools, faked together, and recorded on tape together.

describe('an agent with an app tool and an MCP server', () => {
  describe('with both faked', () => {
    const config = { models, mcp: { servers: { tickets: { url: 'http://127.0.0.1:9/mcp' } } } };
    const orders = tool({
      input: z.object({ order: z.number() }),
      run: () => {
        throw new Error('the order service is not there in a test');
      },
    });

    async function fakedRun(app: TestApp, orderAnswers: { output: unknown }[]) {
      app.fakeMcp('tickets', {
        tools: {
          find: { input: z.object({ words: z.string() }), answers: [{ output: 'Ticket 7 is about order 7.' }] },
        },
      });
      const order = app.fakeTool('orders', orderAnswers);
      app.fake('writer', [
        { calls: [{ tool: 'find', with: { words: 'refund' } }] },
        { calls: [{ tool: 'orders', with: { order: 7 } }] },
        { text: 'Order 7 ships Monday.' },
      ]);
      const agent: Agent = { model: 'writer', tools: { ...(await app.mcpTools('tickets')), orders } };
      const run = await app.run(agent, 'Where is my refund?');
      return { run, order };
    }

    it("runs on the fakes' answers, reaching neither the MCP server nor the tool's run", async () => {
      const app = createTestApp(config);
      const { run, order } = await fakedRun(app, [{ output: { ships: 'Monday' } }]);
      expect(run.steps.map((step) => step.results.map((result) => result.output))).toEqual([
        ['Ticket 7 is about order 7.'],
        [{ ships: 'Monday' }],
        [],
      ]);
      expect(order.sent.map((call) => call.input)).toEqual([{ order: 7 }]);
      await expect(app.verify()).resolves.toBeUndefined();
    });

    it('fails app.verify() naming the tool answer the run left unused', async () => {
      const app = createTestApp(config);
      await fakedRun(app, [{ output: { ships: 'Monday' } }, { output: { ships: 'never' } }]);
      await expect(app.verify()).rejects.toThrow(/T0124[\s\S]*never/);
    });
  });

  describe('recorded with tools: true', () => {
    it('replays with the model, the tool backend and the MCP server stopped, to the same result', async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'standin-agent-')), 'agent.json');
      const find = { calls: [{ tool: 'find', with: { words: 'refund' } }] };
      const order = { calls: [{ tool: 'orders', with: { order: 7 } }] };
      const model = await createFakeServer({
        scripts: { models: { 'gpt-4.1-mini': [find, order, { text: 'Order 7 ships Monday.' }] } },
      });
      const mcp = await serveHttp(tickets);
      const backend = await LoopbackServer.start();
      backend.on('/orders/7', json(200, { order: 7, ships: 'Monday' }));
      const base = backend.url();
      const appOn = () =>
        createTestApp({
          models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } },
          providers: { openai: { baseURL: `${model.url}/v1`, apiKey: 'sk-agent-0123456789abcdef' } },
          mcp: { servers: { tickets: { url: mcp.url } } },
        });
      const orders = (base: string) =>
        tool({
          input: z.object({ order: z.number() }),
          run: async ({ order: id }, { signal }) => (await fetch(`${base}/orders/${id}`, { signal })).json(),
        });

      const recording = appOn();
      const cassette = recording.cassette(path, { mode: 'record', tools: true });
      const agent = (app: TestApp, base: string): Promise<Agent> =>
        app
          .mcpTools('tickets', { tools: ['find'] })
          .then((tools) => ({ model: 'writer', tools: { ...tools, orders: orders(base) } }));
      const live = await recording.run(await agent(recording, base), 'Where is my refund?');
      await cassette.save();
      await recording.dispose();
      await Promise.all([model.close(), mcp.close(), backend.close()]);

      const replaying = appOn();
      replaying.cassette(path, { tools: true });
      const replayed = await replaying.run(await agent(replaying, base), 'Where is my refund?');
      expect(replayed.text).toBe('Order 7 ships Monday.');
      expect(replayed.steps.map((step) => step.results)).toEqual(live.steps.map((step) => step.results));
      expect(Object.keys(JSON.parse(readFileSync(path, 'utf8')).mcp)).toEqual(['tickets']);
      await expect(replaying.verify()).resolves.toBeUndefined();
      await replaying.dispose();
    });
  });
});
