import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer, type Scripts } from 'standin/server';

const scripts: Scripts = {
  mcp: {
    weather: {
      tools: {
        forecast: {
          description: 'The forecast for a city.',
          input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          answers: [{ output: { sky: 'sunny' } }, { fail: 'The forecast service is down.' }, { output: 'rain' }],
        },
      },
    },
  },
};

/** An official MCP client of `server`'s MCP server `name`, in `scope` when one is named. */
async function connect(server: FakeServer, name: string, scope?: string): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  const headers: Record<string, string> = scope === undefined ? {} : { 'x-standin-scope': scope };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/${name}`), { requestInit: { headers } }),
  );
  return client;
}

describe('createFakeServer with scripted MCP servers', () => {
  let server: FakeServer;
  const clients: Client[] = [];
  const open = async (name: string, scope?: string): Promise<Client> => {
    const client = await connect(server, name, scope);
    clients.push(client);
    return client;
  };

  beforeEach(async () => {
    server = await createFakeServer({ scripts });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await server.close();
  });

  describe('tools/list', () => {
    it('lists the scripted tools with their description and input schema', async () => {
      const client = await open('weather', 'list-1');
      const { tools } = await client.listTools();
      expect(tools).toEqual([
        {
          name: 'forecast',
          description: 'The forecast for a city.',
          inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      ]);
    });
  });

  describe('tools/call', () => {
    it('answers each call with the next answer: an object as structuredContent, a fail as isError, a string as text', async () => {
      const client = await open('weather', 'call-1');
      const first = await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
      expect(first).toEqual({
        content: [{ type: 'text', text: '{"sky":"sunny"}' }],
        structuredContent: { sky: 'sunny' },
      });
      const second = await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
      expect(second).toEqual({ content: [{ type: 'text', text: 'The forecast service is down.' }], isError: true });
      const third = await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
      expect(third).toEqual({ content: [{ type: 'text', text: 'rain' }] });
    });
  });
});
