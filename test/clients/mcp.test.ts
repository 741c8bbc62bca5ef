import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describe, expect } from 'vitest';
import type { FakeServer, Scripts } from 'standin/server';
import { matrix, weather } from './matrix.js';

const { others } = matrix();

let scopes = 0;

/** A fresh scope with the MCP server `weather` scripted there, its tool answering `answers`. */
function scopedMcp(server: FakeServer, answers: unknown[]): { scope: string; headers: Record<string, string> } {
  const scope = `mcp-cell-${++scopes}`;
  const mcp = {
    weather: { tools: { forecast: { description: weather.description, input: weather.schema, answers } } },
  } as NonNullable<Scripts['mcp']>;
  server.load({ mcp }, scope);
  return { scope, headers: { 'x-standin-scope': scope } };
}

/** The official MCP client over its own streamable HTTP transport, with its defaults and the scope header. */
async function connect(server: FakeServer, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'matrix', version: '1.0.0' });
  // The SDK's own transport, typed without exactOptionalPropertyTypes.
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/weather`), {
    requestInit: { headers },
  }) as unknown as Transport;
  await client.connect(transport);
  return client;
}

/** Runs `use` on a connected client, and closes it after. */
async function withClient<T>(server: FakeServer, headers: Record<string, string>, use: (client: Client) => Promise<T>) {
  const client = await connect(server, headers);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

const call = { name: 'forecast', arguments: { city: 'Paris' } };

describe('@modelcontextprotocol/sdk', () => {
  others('MCP client', {
    async 'list tools'(server) {
      const { headers } = scopedMcp(server, []);
      const { tools } = await withClient(server, headers, (client) => client.listTools());
      expect(tools).toEqual([{ name: 'forecast', description: weather.description, inputSchema: weather.schema }]);
    },
    async 'call (structured)'(server) {
      const { scope, headers } = scopedMcp(server, [{ output: { sky: 'sunny' } }]);
      const result = await withClient(server, headers, (client) => client.callTool(call));
      expect(result.structuredContent).toEqual({ sky: 'sunny' });
      expect(server.sent.filter((entry) => entry.scope === scope)).toMatchObject([
        { call: 'tools/call', tool: 'forecast', input: { city: 'Paris' } },
      ]);
      await server.verify(scope);
    },
    async 'call (text)'(server) {
      const { scope, headers } = scopedMcp(server, [{ output: 'rain' }]);
      const result = await withClient(server, headers, (client) => client.callTool(call));
      expect(result.content).toEqual([{ type: 'text', text: 'rain' }]);
      await server.verify(scope);
    },
    async 'tool error'(server) {
      const { scope, headers } = scopedMcp(server, [{ fail: 'The forecast service is down.' }]);
      const result = await withClient(server, headers, (client) => client.callTool(call));
      expect(result).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'The forecast service is down.' }],
      });
      await server.verify(scope);
    },
    async 'input checked'(server) {
      const { scope, headers } = scopedMcp(server, [{ output: { sky: 'sunny' } }]);
      const result = await withClient(server, headers, (client) =>
        client.callTool({ name: 'forecast', arguments: { town: 'Paris' } }),
      );
      expect(result.isError).toBe(true);
      // The call that did not fit took no answer: the one scripted is left.
      await expect(server.verify(scope)).rejects.toThrow(/W0054/);
    },
    async scopes(server) {
      const first = scopedMcp(server, [{ output: 'sunny for the first test' }]);
      const second = scopedMcp(server, [{ output: 'rain for the second test' }]);
      const texts = await Promise.all(
        [first, second].map(({ headers }) =>
          withClient(server, headers, async (client) => (await client.callTool(call)).content),
        ),
      );
      expect(texts).toEqual([
        [{ type: 'text', text: 'sunny for the first test' }],
        [{ type: 'text', text: 'rain for the second test' }],
      ]);
      await server.verify(first.scope);
      await server.verify(second.scope);
    },
  });
});
