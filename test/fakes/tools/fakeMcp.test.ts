import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { code, Tokens } from '../../../src/index.js';
import { createTestApp, FakeMcp, ToolError, type TestApp } from '../../../src/testing.js';
import { slotsOf } from '../../../src/fakes/slot/Slots.js';
import type { McpConnection } from '../../../src/services/mcp/McpConnection.js';
import { config, helpdesk } from './support.js';

const signal = new AbortController().signal;

function connection(app: TestApp, server = 'tickets', scope = ''): McpConnection {
  const found = slotsOf(app.container).mcp(server, scope, () => undefined);
  if (found === undefined) throw new Error('no connection');
  return found;
}

describe(FakeMcp, () => {
  describe('.listTools', () => {
    it('lists the scripted tools with their descriptions and input shapes, a zod schema as JSON Schema', async () => {
      const app = createTestApp(config);
      app.fakeMcp('tickets', {
        tools: {
          open: { description: 'Opens a ticket.', input: z.object({ subject: z.string() }), answers: [] },
          close: { input: { type: 'object', properties: { id: { type: 'number' } } }, answers: [] },
          ping: { answers: [] },
        },
      });
      const listed = await connection(app).listTools(signal);
      expect(listed).toEqual([
        {
          name: 'open',
          description: 'Opens a ticket.',
          inputSchema: expect.objectContaining({
            type: 'object',
            properties: { subject: { type: 'string' } },
            required: ['subject'],
          }),
        },
        { name: 'close', inputSchema: { type: 'object', properties: { id: { type: 'number' } } } },
        { name: 'ping', inputSchema: { type: 'object' } },
      ]);
      expect(connection(app).real).toBe(false);
    });

    it('is what the container resolves through its stand-ins seat, over any configured client', async () => {
      const app = createTestApp(config);
      const fake = app.fakeMcp('tickets', { tools: { open: { answers: [] } } });
      const real: McpConnection = { real: true, listTools: async () => [], callTool: async () => ({ content: [] }) };
      expect(app.container.get(Tokens.StandIns).standIns?.mcp('tickets', '', () => real)).toBe(fake);
    });
  });

  describe('.callTool', () => {
    it('answers each tool from its list in order, as MCP results', async () => {
      const app = createTestApp(config);
      app.fakeMcp('tickets', {
        tools: {
          open: { answers: [{ output: { id: 7 } }, { output: 'opened' }, { output: [1, 2] }, { fail: 'Queue full.' }] },
        },
      });
      const calls = [];
      for (let i = 0; i < 4; i++) calls.push(await connection(app).callTool('open', { subject: 'refund' }, signal));
      expect(calls).toEqual([
        { content: [{ type: 'text', text: '{"id":7}' }], structuredContent: { id: 7 } },
        { content: [{ type: 'text', text: 'opened' }] },
        { content: [{ type: 'text', text: '[1,2]' }] },
        { content: [{ type: 'text', text: 'Queue full.' }], isError: true },
      ]);
      await app.verify();
    });

    it('answers with a function of the input; a ToolError it throws is an error result', async () => {
      const app = createTestApp(config);
      app.fakeMcp('tickets', {
        tools: {
          open: { answers: (input) => ({ echoed: input }) },
          close: {
            answers: () => {
              throw new ToolError('No such ticket.');
            },
          },
        },
      });
      expect(await connection(app).callTool('open', { a: 1 }, signal)).toMatchObject({
        structuredContent: { echoed: { a: 1 } },
      });
      expect(await connection(app).callTool('close', {}, signal)).toEqual({
        content: [{ type: 'text', text: 'No such ticket.' }],
        isError: true,
      });
    });

    it('answers an input that does not fit a zod shape with an error result, taking no answer', async () => {
      const app = createTestApp(config);
      const fake = app.fakeMcp('tickets', {
        tools: { open: { input: z.object({ subject: z.string() }), answers: [{ output: 'ok' }] } },
      });
      const result = await connection(app).callTool('open', { subject: 3 }, signal);
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('input.subject: expected a string, got a number');
      expect(await fake.pending()).toHaveLength(1);
    });

    it('throws M0041 for a tool it does not list, and keeps it for verify()', async () => {
      const app = createTestApp(config);
      const fake = app.fakeMcp('tickets', { tools: { open: { answers: [] } } });
      await expect(connection(app).callTool('delete', {}, signal)).rejects.toThrow(
        /M0041: app\.fakeMcp\('tickets', \{ tools \}\): tool 'delete' was called, and the fake server lists only 'open'/,
      );
      await expect(fake.verify()).rejects.toThrow(/T0125[\s\S]*M0041/);
      await expect(app.verify()).rejects.toThrow(/T0125 a call of tool 'delete': M0041/);
    });

    it('lists each call in sent with its tool, input and scope', async () => {
      const app = createTestApp(config);
      const fake = app.fakeMcp('tickets', { tools: { open: { answers: [{ output: 1 }] } } });
      await app.scope('t1', () => connection(app).callTool('open', { subject: 'x' }, signal));
      expect(fake.sent).toEqual([{ tool: 'open', input: { subject: 'x' }, scope: 't1' }]);
    });
  });

  describe('app.fakeMcp in a run', () => {
    it('answers an agent’s MCP-style tool, and app.verify() names the unused answer by tool', async () => {
      const app = createTestApp(config);
      const { agent, ran } = helpdesk(app);
      app.fake('writer', [{ calls: [{ tool: 'openTicket', with: { subject: 'refund' } }] }, { text: 'Ticket 7.' }]);
      app.fakeTool('findInGuide', []);
      app.fakeMcp('tickets', { tools: { open: { answers: [{ output: { id: 7 } }, { output: { id: 8 } }] } } });
      const run = await app.run(agent, 'Open a ticket.');
      expect(run.steps[0]!.results[0]!.output).toEqual({ id: 7 });
      expect(ran).toEqual([]);
      await expect(app.verify()).rejects.toThrow(
        /app\.fakeMcp\('tickets', \{ tools \}\), in the default scope:\n {2}T0124 tools\.open\.answers\[1\] \{"output":\{"id":8\}\} never used/,
      );
    });

    it('gives two scopes their own servers, and fails a scope none fakes for (T0121)', async () => {
      const app = createTestApp(config);
      app.scope('ann').fakeMcp('tickets', { tools: { open: { answers: [{ output: 'ann' }] } } });
      app.scope('bob').fakeMcp('tickets', { tools: { open: { answers: [{ output: 'bob' }] } } });
      const [ann, bob] = await Promise.all([
        app.scope('ann', () => connection(app, 'tickets', 'ann').callTool('open', {}, signal)),
        app.scope('bob', () => connection(app, 'tickets', 'bob').callTool('open', {}, signal)),
      ]);
      expect([ann.content, bob.content]).toEqual([[{ type: 'text', text: 'ann' }], [{ type: 'text', text: 'bob' }]]);
      expect(() => connection(app, 'tickets', 'carl')).toThrow(
        /T0121: MCP server 'tickets' is faked for scopes 'ann', 'bob' only/,
      );
      await app.verify();
    });

    it('is taken off by app.reset()', async () => {
      const app = createTestApp(config);
      const fake = app.fakeMcp('tickets', { tools: { open: { answers: [{ output: 1 }] } } });
      await connection(app).callTool('open', {}, signal);
      await app.reset();
      expect(fake.sent).toEqual([]);
      expect(slotsOf(app.container).mcp('tickets', '', () => undefined)).toBeUndefined();
    });

    it('replaces the fake server when faked again', async () => {
      const app = createTestApp(config);
      app.fakeMcp('tickets', { tools: { open: { answers: [{ output: 'first' }] } } });
      app.fakeMcp('tickets', { tools: { open: { answers: [{ output: 'second' }] } } });
      expect((await connection(app).callTool('open', {}, signal)).content).toEqual([{ type: 'text', text: 'second' }]);
      await app.verify();
    });
  });

  describe('options', () => {
    it.each([
      [{}, 'options.tools: '],
      [{ tools: { open: { answers: [], extra: 1 } } }, "options.tools.open.extra: unknown key 'extra'"],
      [{ tools: { open: { input: z.string(), answers: [] } } }, "a zod schema of type 'object'"],
      [{ tools: { open: { input: z.object({ at: z.date() }), answers: [] } } }, 'cannot be said in JSON Schema'],
      [{ tools: { open: { input: { type: 'string' }, answers: [] } } }, "a JSON Schema of type 'object'"],
      [{ tools: { open: { input: 'object', answers: [] } } }, 'expected a zod schema or a JSON Schema object'],
    ])('refuses %o with M0040', (options, text) => {
      const app = createTestApp(config);
      const error = (() => {
        try {
          app.fakeMcp('tickets', options as never);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toMatchObject({ code: code.M0040 });
      expect((error as Error).message).toContain(text);
    });

    it("refuses with M0040 a server the config's mcp.servers does not have, naming the closest", () => {
      const app = createTestApp({ ...config, mcp: { servers: { tickets: { url: 'http://127.0.0.1:9/mcp' } } } });
      expect(() => app.fakeMcp('tikets', { tools: {} })).toThrow(
        expect.objectContaining({ code: 'M0040', message: expect.stringContaining("did you mean 'tickets'?") }),
      );
      expect(app.fakeMcp('tickets', { tools: {} })).toBeInstanceOf(FakeMcp);
    });

    it('refuses bad answers with T0122 at the tool’s path', () => {
      const app = createTestApp(config);
      expect(() => app.fakeMcp('tickets', { tools: { open: { answers: [{ fail: '' }] } } } as never)).toThrow(
        /T0122[\s\S]*tools\.open\.answers\[0\]\.fail/,
      );
    });
  });
});
