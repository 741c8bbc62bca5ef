import { z } from 'zod';
import { tool, Tokens, type Agent, type Tool } from '../../../src/index.js';
import type { TestApp } from '../../../src/testing.js';
import { slotsOf } from '../../../src/fakes/slot/Slots.js';
import type { McpCallResult } from '../../../src/services/mcp/McpConnection.js';

export const config = { models: { writer: { provider: 'openai', model: 'gpt-test' } } };

/** An app tool whose real run records every call, so a test sees it was never reached. */
export function guideTool(): { findInGuide: Tool; ran: unknown[] } {
  const ran: unknown[] = [];
  const findInGuide = tool({
    description: 'Finds the guide pages that mention the words.',
    input: z.object({ words: z.string() }),
    run: (input) => {
      ran.push(input);
      return { pages: [99] };
    },
  });
  return { findInGuide, ran };
}

/** Reads an MCP result back into what the model reads, as the brief's format says. */
export function outputOf(result: McpCallResult): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  if (result.content.every((block) => block.type === 'text')) return result.content.map((block) => block.text).join('');
  return result.content;
}

/**
 * An MCP-style tool as an app would hold it: its run calls tool `name` of MCP server `server`
 * through the connection the container's stand-ins resolve in the caller's scope (no real client here).
 */
export function mcpTool(app: TestApp, server: string, name: string): Tool {
  return tool({
    description: `${name} on ${server}`,
    input: z.object({ subject: z.string() }),
    run: async (input, { signal }) => {
      const scope = app.container.get(Tokens.Scopes).current();
      const connection = slotsOf(app.container).mcp(server, scope, () => undefined);
      if (connection === undefined) throw new Error(`no connection to ${server}`);
      const result = await connection.callTool(name, input, signal);
      if (result.isError === true) throw new Error(String(outputOf(result)));
      return outputOf(result);
    },
  });
}

/** The help desk agent: an app tool and an MCP-style tool. */
export function helpdesk(app: TestApp): { agent: Agent; ran: unknown[] } {
  const { findInGuide, ran } = guideTool();
  return {
    agent: {
      model: 'writer',
      instructions: 'Answer from the guide.',
      tools: { findInGuide, openTicket: mcpTool(app, 'tickets', 'open') },
    },
    ran,
  };
}
