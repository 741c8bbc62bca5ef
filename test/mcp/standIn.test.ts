import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/services/app/App.js';
import { slotsOf } from '../../src/fakes/slot/Slots.js';
import type { McpCallResult, McpConnection } from '../../src/services/mcp/McpConnection.js';
import { code, type ToolContext } from '../../src/index.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { models } from './support.js';

// What stands on an MCP server's slot (app.fakeMcp builds such a layer) takes the listing and every call, per scope.

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
});

/** A connection that lists one tool, `find`, and answers each call with what it was called with. */
function standIn(answer: string): McpConnection & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    real: false,
    calls,
    listTools: () =>
      Promise.resolve([
        {
          name: 'find',
          description: 'Finds.',
          inputSchema: { type: 'object', properties: { words: { type: 'string' } }, required: ['words'] },
        },
      ]),
    callTool: (name, input): Promise<McpCallResult> => {
      calls.push({ name, input });
      return Promise.resolve({ content: [{ type: 'text', text: answer }] });
    },
  };
}

function stand(app: TestApp, connection: McpConnection, scope?: string): void {
  slotsOf(app.container)
    .mcpServer('tickets')
    .put({
      kind: 'fake',
      scope,
      service: connection,
      label: `app.fakeMcp('tickets')`,
      source: connection,
      findings: () => Promise.resolve([]),
      forget: () => undefined,
    });
}

const context: ToolContext = { signal: new AbortController().signal, runId: 'run', step: 0, callId: 'call-0' };

describe(App, () => {
  describe('.mcpTools with a stand-in for the server', () => {
    it('lists and calls through the stand-in, which needs no configured server', async () => {
      const app = createTestApp({ models });
      apps.push(app);
      const fake = standIn('from the stand-in');
      stand(app, fake);
      const tools = await app.mcpTools('tickets');
      expect(Object.keys(tools)).toEqual(['find']);
      expect(await tools.find!.run({ words: 'refund' }, context)).toBe('from the stand-in');
      expect(fake.calls).toEqual([{ name: 'find', input: { words: 'refund' } }]);
    });

    it("resolves the server on each call, in the caller's scope", async () => {
      const app = createTestApp({ models, mcp: { servers: { tickets: { url: 'http://127.0.0.1:9/mcp' } } } });
      apps.push(app);
      stand(app, standIn('for scope a'), 'a');
      stand(app, standIn('for scope b'), 'b');
      const tools = await app.scope('a', () => app.mcpTools('tickets'));
      expect(await app.scope('b', () => tools.find!.run({ words: 'x' }, context))).toBe('for scope b');
      expect(await app.scope('a', () => tools.find!.run({ words: 'x' }, context))).toBe('for scope a');
    });

    it('fails with T0121 outside the scopes the server is faked for', async () => {
      const app = createTestApp({ models, mcp: { servers: { tickets: { url: 'http://127.0.0.1:9/mcp' } } } });
      apps.push(app);
      stand(app, standIn('for scope a'), 'a');
      await expect(app.mcpTools('tickets')).rejects.toMatchObject({ code: code.T0121 });
    });
  });
});
