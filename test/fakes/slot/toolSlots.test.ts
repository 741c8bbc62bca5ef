import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Layer, LayerKind } from '../../../src/fakes/slot/Layer.js';
import { Slots, slotsOf } from '../../../src/fakes/slot/Slots.js';
import type { ToolStandIn } from '../../../src/fakes/slot/ToolStandIn.js';
import { ToolError } from '../../../src/services/runs/ToolRun.js';
import type { McpConnection } from '../../../src/services/mcp/McpConnection.js';
import { tool } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';

const call = { id: 'c1', tool: 'lookup', with: { id: 7 } };
const context = { signal: new AbortController().signal, runId: 'run', step: 0, callId: 'c1' };

function toolLayer(
  label: string,
  run: ToolStandIn['run'],
  kind: LayerKind = 'fake',
  scope?: string,
): Layer<ToolStandIn> {
  return { kind, scope, label, source: {}, service: { run }, findings: async () => [], forget: () => undefined };
}

function connection(name: string, real: boolean): McpConnection {
  return {
    real,
    listTools: async () => [{ name, inputSchema: { type: 'object' } }],
    callTool: async () => ({ content: [{ type: 'text', text: name }] }),
  };
}

describe(Slots, () => {
  describe('.toolRun', () => {
    it('stands nothing in front of a tool no layer covers', () => {
      expect(new Slots().toolRun('lookup', '')).toBeUndefined();
    });

    it("runs a tool's own layers first, then the layers in front of every tool, then the tool itself", async () => {
      const slots = new Slots();
      const order: string[] = [];
      slots.everyTool().put(
        toolLayer(
          'tape',
          async (_input, _call, _context, next) => {
            order.push('tape');
            return next();
          },
          'cassette',
        ),
      );
      slots.tool('lookup').put(
        toolLayer('fake', async (_input, _call, _context, next) => {
          order.push('fake');
          return next();
        }),
      );
      const run = slots.toolRun('lookup', '')!;
      const output = await run({ id: 7 }, call, context, async () => {
        order.push('real');
        return 'from the tool';
      });
      expect({ output, order }).toEqual({ output: 'from the tool', order: ['fake', 'tape', 'real'] });
    });

    it('lets a layer answer without reaching the tool', async () => {
      const slots = new Slots();
      slots.tool('lookup').put(toolLayer('fake', async (input) => ({ echoed: input })));
      const run = slots.toolRun('lookup', '')!;
      const real = async (): Promise<unknown> => {
        throw new Error('the tool ran');
      };
      await expect(run({ id: 7 }, call, context, real)).resolves.toEqual({ echoed: { id: 7 } });
    });

    it("takes a scope's own layer before a layer for every scope", async () => {
      const slots = new Slots();
      slots.tool('lookup').put(toolLayer('every scope', async () => 'every scope'));
      slots.tool('lookup').put(toolLayer('scope a', async () => 'scope a', 'fake', 'a'));
      const real = async (): Promise<unknown> => 'real';
      await expect(slots.toolRun('lookup', 'a')!({}, call, context, real)).resolves.toBe('scope a');
      await expect(slots.toolRun('lookup', 'b')!({}, call, context, real)).resolves.toBe('every scope');
    });

    it('fails with T0120 for a call in a scope only other scopes fake, rather than run the tool', () => {
      const slots = new Slots();
      slots.tool('lookup').put(toolLayer('scope a', async () => 'scope a', 'fake', 'a'));
      expect(() => slots.toolRun('lookup', 'b')!({}, call, context, async () => 'real')).toThrow(
        expect.objectContaining({
          code: 'T0120',
          message: expect.stringContaining("app.scope('b').fakeTool('lookup'"),
        }),
      );
    });
  });

  describe('.mcp', () => {
    it('answers the base while the server has no layer', () => {
      const real = connection('real', true);
      expect(new Slots().mcp('github', '', () => real)).toBe(real);
    });

    it('answers a layer in front of the base, and T0121 in a scope only other scopes fake', () => {
      const slots = new Slots();
      const fake = connection('fake', false);
      slots.mcpServer('github').put({
        kind: 'fake',
        scope: 'a',
        label: "app.scope('a').fakeMcp('github', { tools })",
        source: {},
        service: fake,
        findings: async () => [],
        forget: () => undefined,
      });
      const real = connection('real', true);
      expect(slots.mcp('github', 'a', () => real)).toBe(fake);
      expect(() => slots.mcp('github', 'b', () => real)).toThrow(expect.objectContaining({ code: 'T0121' }));
    });
  });
});

describe('a run through a tool stand-in', () => {
  const config = { models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } } as const;
  const lookup = tool({
    input: z.object({ id: z.number() }),
    run: () => {
      throw new Error('the backend is down');
    },
  });
  const agent = { model: 'writer', tools: { lookup } };

  it("hands the model the stand-in's output in place of the tool's", async () => {
    const app = createTestApp(config);
    app.fake('writer', [{ calls: [{ tool: 'lookup', with: { id: 7 } }] }, { text: 'done' }]);
    slotsOf(app.container)
      .tool('lookup')
      .put(toolLayer('fake', async (input) => ({ found: input })));
    const result = await app.run(agent, 'Find 7');
    expect(result.steps[0]!.results).toEqual([
      { id: expect.any(String), tool: 'lookup', output: { found: { id: 7 } } },
    ]);
  });

  it("hands the model a ToolError's message as the tool's error, even with strict tools", async () => {
    const app = createTestApp(config);
    app.fake('writer', [{ calls: [{ tool: 'lookup', with: { id: 7 } }] }, { text: 'done' }]);
    slotsOf(app.container)
      .tool('lookup')
      .put(
        toolLayer('fake', async () => {
          throw new ToolError('No such ticket.');
        }),
      );
    const result = await app.run(agent, 'Find 7');
    expect(result.steps[0]!.results[0]).toMatchObject({ tool: 'lookup', error: 'No such ticket.' });
  });

  it('fails a strict run with R0004 when a stand-in throws anything but a ToolError', async () => {
    const app = createTestApp(config);
    app.fake('writer', [{ calls: [{ tool: 'lookup', with: { id: 7 } }] }, { text: 'done' }]);
    slotsOf(app.container)
      .tool('lookup')
      .put(
        toolLayer('fake', async () => {
          throw new Error('a bug in the stand-in');
        }),
      );
    await expect(app.run(agent, 'Find 7')).rejects.toMatchObject({ code: 'R0004' });
  });
});
