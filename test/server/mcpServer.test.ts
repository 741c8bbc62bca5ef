import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
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
    // The SDK's own transport, typed without exactOptionalPropertyTypes.
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/${name}`), {
      requestInit: { headers },
    }) as unknown as Transport,
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

    it("answers input that does not fit the tool's schema with a tool error saying why, and takes no answer", async () => {
      const client = await open('weather', 'input-1');
      const refused = await client.callTool({ name: 'forecast', arguments: { town: 'Paris' } });
      expect(refused.isError).toBe(true);
      expect((refused.content as { text: string }[])[0]!.text).toContain('input.city: missing. Write a string');
      const first = await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
      expect(first.structuredContent).toEqual({ sky: 'sunny' });
    });

    it('answers a tool the server does not list with an MCP error naming its tools', async () => {
      const client = await open('weather', 'unknown-1');
      await expect(client.callTool({ name: 'alerts', arguments: {} })).rejects.toThrow(
        /Tool 'alerts' is not scripted on MCP server 'weather'; its tools are forecast/,
      );
    });

    it('answers a call past the last answer with an MCP error, and verify fails with W0018 naming W0053', async () => {
      const client = await open('weather', 'past-1');
      for (let i = 0; i < 3; i++) await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
      await expect(client.callTool({ name: 'forecast', arguments: { city: 'Paris' } })).rejects.toThrow(/W0053/);
      await expect(server.verify('past-1')).rejects.toThrow(/W0018[\s\S]*\/mcp\/weather: W0053 MCP tool 'forecast'/);
    });

    it('words its MCP errors from their code on, the client adding its MCP error prefix once', async () => {
      const client = await open('weather', 'prefix-1');
      for (let i = 0; i < 3; i++) await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
      const past = await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } }).catch((e: Error) => e);
      expect((past as Error).message).toMatch(/^MCP error -32603: W0053: MCP tool 'forecast' of server 'weather'/);
      const unknown = await client.callTool({ name: 'alerts', arguments: {} }).catch((e: Error) => e);
      expect((unknown as Error).message).toMatch(/^MCP error -32602: Tool 'alerts' is not scripted/);
    });

    it("keeps '__proto__' in a scripted output and in an input schema's properties as an ordinary key", async () => {
      server.load(
        JSON.parse(
          '{"mcp":{"proto":{"tools":{"look":{"input":{"type":"object","properties":{"__proto__":{"type":"string"}}},' +
            '"answers":[{"output":{"__proto__":{"b":2},"a":1}}]}}}}}',
        ) as Scripts,
      );
      // Raw JSON-RPC: the SDK client's own parsing of a result would drop the key on its side.
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const rpc = async (session: string | undefined, method: string, params: unknown): Promise<Response> =>
        fetch(`${server.url}/mcp/proto`, {
          method: 'POST',
          headers: session === undefined ? headers : { ...headers, 'mcp-session-id': session },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
      const init = await rpc(undefined, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1.0.0' },
      });
      const session = init.headers.get('mcp-session-id')!;
      const listed = await (await rpc(session, 'tools/list', {})).text();
      expect(listed).toContain('"properties":{"__proto__":{"type":"string"}}');
      const called = await rpc(session, 'tools/call', JSON.parse('{"name":"look","arguments":{"__proto__":"x"}}'));
      const text = await called.text();
      expect(text).toContain('"structuredContent":{"__proto__":{"b":2},"a":1}');
      expect(text).toContain(JSON.stringify('{"__proto__":{"b":2},"a":1}'));
      expect(Object.keys(Object.prototype)).toEqual([]);
      await fetch(`${server.url}/mcp/proto`, { method: 'DELETE', headers: { ...headers, 'mcp-session-id': session } });
    });

    it('counts every call past the last answer in W0053', async () => {
      const client = await open('weather', 'count-1');
      for (let i = 0; i < 3; i++) await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
      for (const calls of [4, 5]) {
        await expect(client.callTool({ name: 'forecast', arguments: { city: 'Paris' } })).rejects.toThrow(
          new RegExp(`was called ${calls} times in scope 'count-1', and its script has 3 answers`),
        );
      }
    });

    it.each([
      ['a list', [1, 2], 'an array'],
      ['a text', 'Paris', 'a string'],
      ['null', null, 'null'],
    ])('answers arguments that are %s with W0058 (InvalidParams), taking no answer', async (_what, given, shown) => {
      const client = await open('weather', 'args-1');
      const refused = await client.callTool({ name: 'forecast', arguments: given as never }).catch((e: Error) => e);
      expect((refused as Error).message).toMatch(
        new RegExp(
          `^MCP error -32602: W0058: the arguments of a call to tool 'forecast' are ${shown}[^;]*; tools/call`,
        ),
      );
      expect(await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } })).toMatchObject({
        structuredContent: { sky: 'sunny' },
      });
    });
  });

  describe('scopes', () => {
    it('keep a cursor each: ten clients calling at once each get the answers in order', async () => {
      const scopes = Array.from({ length: 10 }, (_, i) => `many-${i}`);
      const all = await Promise.all(scopes.map((scope) => open('weather', scope)));
      const call = { name: 'forecast', arguments: { city: 'Paris' } };
      const firsts = await Promise.all(all.map((client) => client.callTool(call)));
      const seconds = await Promise.all(all.map((client) => client.callTool(call)));
      expect(firsts.map((result) => result.structuredContent)).toEqual(scopes.map(() => ({ sky: 'sunny' })));
      expect(seconds.map((result) => result.isError)).toEqual(scopes.map(() => true));
    });
  });

  describe('.sent', () => {
    it('keeps each tools/call with its server, tool, input and scope', async () => {
      const client = await open('weather', 'sent-1');
      await client.callTool({ name: 'forecast', arguments: { city: 'Oslo' } });
      expect(server.sent).toEqual([
        {
          scope: 'sent-1',
          path: '/mcp/weather',
          call: 'tools/call',
          server: 'weather',
          tool: 'forecast',
          input: { city: 'Oslo' },
        },
      ]);
    });
  });

  describe('.verify', () => {
    it('throws W0054 naming the MCP tool answers never asked for', async () => {
      const client = await open('weather', 'verify-1');
      await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
      await expect(server.verify('verify-1')).rejects.toThrow(
        /W0054[\s\S]*In scope 'verify-1', MCP server 'weather' tool 'forecast' has 2 answers never asked for:\n {2}\[1\] \{"fail":"The forecast service is down."\}/,
      );
    });

    it('passes once every answer was taken, and after a reset of the scope', async () => {
      const client = await open('weather', 'verify-2');
      for (let i = 0; i < 3; i++) await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
      await expect(server.verify('verify-2')).resolves.toBeUndefined();
      await open('weather', 'verify-3').then((other) =>
        other.callTool({ name: 'forecast', arguments: { city: 'Rome' } }),
      );
      await expect(server.verify('verify-3')).rejects.toThrow(/W0054/);
      await server.reset('verify-3');
      await expect(server.verify('verify-3')).resolves.toBeUndefined();
    });
  });

  describe('.load', () => {
    it("scripts a server for one scope, which takes the default's place there alone", async () => {
      server.load({ mcp: { weather: { tools: { forecast: { answers: [{ output: 'snow in scope b' }] } } } } }, 'b');
      const a = await open('weather', 'a');
      const b = await open('weather', 'b');
      expect((await b.callTool({ name: 'forecast', arguments: { city: 'Oslo' } })).content).toEqual([
        { type: 'text', text: 'snow in scope b' },
      ]);
      expect((await a.callTool({ name: 'forecast', arguments: { city: 'Oslo' } })).structuredContent).toEqual({
        sky: 'sunny',
      });
    });

    it('refuses a malformed mcp part with W0050 naming its path, and changes nothing', () => {
      const bad = { mcp: { weather: { tools: { forecast: { answers: [{ outptu: 1 }] } } } } } as unknown as Scripts;
      expect(() => server.load(bad)).toThrow(/W0050[\s\S]*scripts\.mcp\.weather\.tools\.forecast\.answers\[0\]/);
      const notObject = { mcp: { weather: { tools: { forecast: { input: { type: 'string' }, answers: [] } } } } };
      expect(() => server.load(notObject as unknown as Scripts)).toThrow(/W0050[\s\S]*input\.type/);
    });
  });

  describe('an MCP server not scripted', () => {
    it('answers 404 with W0052 listing the servers scripted in the scope', async () => {
      await expect(connect(server, 'calendar', 'nowhere-1')).rejects.toThrow(
        /W0052: There is no MCP server 'calendar' scripted in scope 'nowhere-1' \(scripted here: weather\)/,
      );
    });

    it('fails the verify of a scope that reached a server scripted for other scopes only', async () => {
      server.load({ mcp: { calendar: { tools: { today: { answers: [] } } } } }, 'planner');
      await expect(connect(server, 'calendar', 'other-1')).rejects.toThrow(/W0052/);
      await expect(server.verify('other-1')).rejects.toThrow(/W0018[\s\S]*\/mcp\/calendar: W0052/);
    });
  });

  describe('__proto__', () => {
    it('is refused as a server or tool name with W0050', () => {
      const server1 = JSON.parse('{"mcp":{"__proto__":{"tools":{}}}}') as Scripts;
      const tool = JSON.parse('{"mcp":{"weather":{"tools":{"__proto__":{"answers":[]}}}}}') as Scripts;
      expect(() => server.load(server1)).toThrow(/W0050[\s\S]*scripts\.mcp\['__proto__'\]/);
      expect(() => server.load(tool)).toThrow(/W0050[\s\S]*scripts\.mcp\['weather'\]\.tools\['__proto__'\]/);
    });
  });
});

describe('the control API for MCP servers', () => {
  let server: FakeServer;
  const clients: Client[] = [];
  const control = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${server.url}/__standin/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    });

  beforeEach(async () => {
    server = await createFakeServer();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await server.close();
  });

  describe('PUT /__standin/mcp/<name>', () => {
    it('scripts a server per scope; merge=1 replaces only the tools it names', async () => {
      const tools = (answer: string) => ({ tools: { lookup: { answers: [{ output: answer }, { output: answer }] } } });
      expect((await control('mcp/docs?scope=s1', { method: 'PUT', body: JSON.stringify(tools('one')) })).status).toBe(
        200,
      );
      expect((await control('mcp/docs?scope=s2', { method: 'PUT', body: JSON.stringify(tools('two')) })).status).toBe(
        200,
      );
      const merged = await control('mcp/docs?scope=s2&merge=1', {
        method: 'PUT',
        body: JSON.stringify({ tools: { search: { answers: [{ output: 'found' }] } } }),
      });
      expect(await merged.json()).toEqual({ ok: true, server: 'docs', scope: 's2', replaced: false });
      const s1 = await connect(server, 'docs', 's1');
      const s2 = await connect(server, 'docs', 's2');
      clients.push(s1, s2);
      expect((await s1.listTools()).tools.map((tool) => tool.name)).toEqual(['lookup']);
      expect((await s2.listTools()).tools.map((tool) => tool.name)).toEqual(['lookup', 'search']);
      expect((await s1.callTool({ name: 'lookup', arguments: {} })).content).toEqual([{ type: 'text', text: 'one' }]);
      expect((await s2.callTool({ name: 'lookup', arguments: {} })).content).toEqual([{ type: 'text', text: 'two' }]);
    });

    it('refuses a malformed script with 400 W0050 naming its path', async () => {
      const refused = await control('mcp/docs', { method: 'PUT', body: JSON.stringify({ tools: { lookup: {} } }) });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain('mcp.docs.tools.lookup.answers');
    });

    it('needs the control token', async () => {
      const refused = await fetch(`${server.url}/__standin/mcp/docs`, { method: 'PUT', body: '{"tools":{}}' });
      expect(refused.status).toBe(401);
    });
  });

  describe('PUT /__standin/scripts', () => {
    it('replaces every MCP server there: a document without mcp drops them', async () => {
      const put = (body: unknown) => control('scripts', { method: 'PUT', body: JSON.stringify(body) });
      expect((await put({ mcp: { docs: { tools: { lookup: { answers: [] } } } } })).status).toBe(200);
      const client = await connect(server, 'docs', 'r1');
      clients.push(client);
      expect((await client.listTools()).tools).toHaveLength(1);
      expect((await put({ models: {} })).status).toBe(200);
      await expect(connect(server, 'docs', 'r2')).rejects.toThrow(/W0052/);
    });
  });

  describe('POST /__standin/verify', () => {
    it('answers 409 W0054 listing the unused tool answers under unusedTools', async () => {
      await control('mcp/docs?scope=v1', {
        method: 'PUT',
        body: JSON.stringify({ tools: { lookup: { answers: [{ output: 'a' }, { fail: 'not found' }] } } }),
      });
      const client = await connect(server, 'docs', 'v1');
      clients.push(client);
      await client.callTool({ name: 'lookup', arguments: {} });
      const verify = await control('verify?scope=v1', { method: 'POST' });
      expect(verify.status).toBe(409);
      const body = (await verify.json()) as { code: string; unusedTools: unknown };
      expect(body.code).toBe('W0054');
      expect(body.unusedTools).toEqual({ v1: { docs: { lookup: [{ index: 1, answer: { fail: 'not found' } }] } } });
    });
  });

  describe('GET /__standin/sent', () => {
    it('lists the tools/call entries with the model requests', async () => {
      await control('mcp/docs', {
        method: 'PUT',
        body: JSON.stringify({ tools: { lookup: { answers: [{ output: 1 }] } } }),
      });
      const client = await connect(server, 'docs', 'sent-2');
      clients.push(client);
      await client.callTool({ name: 'lookup', arguments: { words: 'reset' } });
      const sent = (await (await control('sent?scope=sent-2')).json()) as { sent: unknown[] };
      expect(sent.sent).toEqual([
        {
          scope: 'sent-2',
          path: '/mcp/docs',
          call: 'tools/call',
          server: 'docs',
          tool: 'lookup',
          input: { words: 'reset' },
        },
      ]);
    });
  });
});

describe('the MCP path', () => {
  let server: FakeServer;
  const post = (path: string, body: string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });

  beforeEach(async () => {
    server = await createFakeServer({ scripts, bodyLimit: 1024 });
  });
  afterEach(async () => {
    await server.close();
  });

  it('refuses a body past bodyLimit with 413', async () => {
    const refused = await post(
      '/mcp/weather',
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', pad: 'x'.repeat(2000) }),
    );
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^W0001/);
  });

  it('answers a session it does not hold with 404 W0056, and GET with 405', async () => {
    const gone = await post('/mcp/weather', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
      'mcp-session-id': 'no-such-session',
    });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toMatch(/^W0056/);
    expect((await fetch(`${server.url}/mcp/weather`)).status).toBe(405);
  });

  it('is named in the 404 of an unknown path', async () => {
    const unknown = await fetch(`${server.url}/nowhere`, { method: 'POST' });
    expect(JSON.stringify(await unknown.json())).toContain(`${server.url}/mcp/<name>`);
  });
});

describe('MCP sessions', () => {
  it('are capped: past mcpSessions live ones, initialize is refused with W0055 until one ends', async () => {
    const server = await createFakeServer({ scripts, mcpSessions: 2 });
    try {
      const first = await connect(server, 'weather', 'cap-1');
      const second = await connect(server, 'weather', 'cap-2');
      await expect(connect(server, 'weather', 'cap-3')).rejects.toThrow(/W0055/);
      await (first.transport as StreamableHTTPClientTransport).terminateSession();
      await first.close();
      const third = await connect(server, 'weather', 'cap-3');
      expect((await third.listTools()).tools).toHaveLength(1);
      await Promise.all([second.close(), third.close()]);
    } finally {
      await server.close();
    }
  });

  it("close while a client is connected: close resolves, and the client's next call fails", async () => {
    const server = await createFakeServer({ scripts });
    const client = await connect(server, 'weather', 'closing-1');
    await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
    await server.close();
    await expect(client.callTool({ name: 'forecast', arguments: { city: 'Paris' } })).rejects.toThrow();
    await client.close();
  });
});
