import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'standin-mcp-serve-'));

function file(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
}

const scripts = file('scripts.json', {
  models: { 'gpt-4.1-mini': [{ text: 'Hello' }] },
  mcp: {
    weather: {
      tools: {
        forecast: {
          description: 'The forecast for a city.',
          input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          answers: [{ output: { sky: 'sunny' } }, { fail: 'The forecast service is down.' }],
        },
      },
    },
  },
});

interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly token: string;
  readonly out: string;
}

/** Starts `standin serve --scripts <path>` in a process of its own, with `imports` loaded first. */
async function serve(path: string, imports: readonly string[] = []): Promise<Served> {
  const child = spawn(
    'node',
    [
      '--import',
      'tsx',
      ...imports.flatMap((url) => ['--import', url]),
      'src/server/cli.ts',
      'serve',
      '--scripts',
      path,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('control token:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  return { child, url: /listening at (\S+)/.exec(out)![1]!, token: /control token: (\S+)/.exec(out)![1]!, out };
}

async function stop(served: Served): Promise<number | null> {
  const exit = new Promise<number | null>((resolve) => served.child.once('exit', resolve));
  served.child.kill('SIGTERM');
  return exit;
}

async function connect(url: string, scope: string): Promise<Client> {
  const client = new Client({ name: 'agent-under-test', version: '1.0.0' });
  const headers = { 'x-standin-scope': scope };
  await client.connect(
    // The SDK's own transport, typed without exactOptionalPropertyTypes.
    new StreamableHTTPClientTransport(new URL(`${url}/mcp/weather`), {
      requestInit: { headers },
    }) as unknown as Transport,
  );
  return client;
}

const text = (result: unknown): string => (result as { content: { text: string }[] }).content[0]!.text;

describe('standin serve with scripted MCP servers', { timeout: 60_000 }, () => {
  let served: Served;
  const control = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${served.url}/__standin/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${served.token}`, 'content-type': 'application/json' },
    });

  beforeAll(async () => {
    served = await serve(scripts);
  }, 60_000);
  afterAll(async () => {
    if (served.child.exitCode === null) await stop(served);
  });

  it("serves two scopes at once: interleaved calls of two clients each get their own scope's answers", async () => {
    // Scope b has a script of its own, loaded through the control API; scope a starts on the defaults.
    const own = await control('mcp/weather?scope=b', {
      method: 'PUT',
      body: JSON.stringify({ tools: { forecast: { answers: [{ output: 'snow in b' }, { output: 'hail in b' }] } } }),
    });
    expect(own.status).toBe(200);
    const a = await connect(served.url, 'a');
    const b = await connect(served.url, 'b');
    const paris = { name: 'forecast', arguments: { city: 'Paris' } };
    const a1 = await a.callTool(paris);
    const b1 = await b.callTool(paris);
    const a2 = await a.callTool(paris);
    const b2 = await b.callTool(paris);
    expect(a1.structuredContent).toEqual({ sky: 'sunny' });
    expect([a2.isError, text(a2)]).toEqual([true, 'The forecast service is down.']);
    expect([text(b1), text(b2)]).toEqual(['snow in b', 'hail in b']);
    expect((await a.listTools()).tools.map((tool) => tool.name)).toEqual(['forecast']);
    await Promise.all([a.close(), b.close()]);
    for (const scope of ['a', 'b'])
      expect((await control(`verify?scope=${scope}`, { method: 'POST' })).status).toBe(200);
  });

  it('prints where each MCP server is served', () => {
    expect(served.out).toContain(`MCP servers: ${served.url}/mcp/weather`);
  });

  it('answers bad input as a tool error and an unknown tool as an MCP error, and lists the calls in sent', async () => {
    const client = await connect(served.url, 'c');
    const bad = await client.callTool({ name: 'forecast', arguments: { city: 42 } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('input.city: expected a string, got a number');
    await expect(client.callTool({ name: 'radar', arguments: {} })).rejects.toThrow(/not scripted on MCP server/);
    await client.callTool({ name: 'forecast', arguments: { city: 'Lyon' } });
    await client.close();
    const { sent } = (await (await control('sent?scope=c')).json()) as { sent: { tool: string; input: unknown }[] };
    expect(sent.map((entry) => [entry.tool, entry.input])).toEqual([
      ['forecast', { city: 42 }],
      ['radar', {}],
      ['forecast', { city: 'Lyon' }],
    ]);
  });

  it('answers verify with 409 naming the answer scope c left unused', async () => {
    const verify = await control('verify?scope=c', { method: 'POST' });
    expect(verify.status).toBe(409);
    const body = (await verify.json()) as { code: string; unusedTools: unknown; message: string };
    expect(body.code).toBe('W0054');
    expect(body.unusedTools).toEqual({
      c: { weather: { forecast: [{ index: 1, answer: { fail: 'The forecast service is down.' } }] } },
    });
  });

  it('stops on SIGTERM with a client connected, exit code 0', async () => {
    const client = await connect(served.url, 'd');
    expect(await stop(served)).toBe(0);
    await expect(client.callTool({ name: 'forecast', arguments: { city: 'Paris' } })).rejects.toThrow();
    await client.close();
  });
});

describe('standin serve without @modelcontextprotocol/sdk', { timeout: 60_000 }, () => {
  // A loader hook that makes the SDK a package not installed, and notes each attempt to load it.
  const attempts = join(dir, 'attempts.log');
  const hook = file(
    'no-sdk-hook.mjs',
    `import { appendFileSync } from 'node:fs';\n` +
      `export async function resolve(specifier, context, next) {\n` +
      `  if (specifier.startsWith('@modelcontextprotocol/')) {\n` +
      `    appendFileSync(${JSON.stringify(attempts)}, specifier + '\\n');\n` +
      `    throw Object.assign(new Error("Cannot find package '@modelcontextprotocol/sdk'"), { code: 'ERR_MODULE_NOT_FOUND' });\n` +
      `  }\n  return next(specifier, context);\n}\n`,
  );
  const register = file(
    'no-sdk.mjs',
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`,
  );

  it('never loads the SDK when the scripts script no MCP server', async () => {
    const served = await serve(file('models.json', { models: { 'gpt-4.1-mini': [{ text: 'Hello' }] } }), [
      pathToFileURL(register).href,
    ]);
    try {
      const reply = await fetch(`${served.url}/v1/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hi' }] }),
      });
      expect(reply.status).toBe(200);
      const verify = await fetch(`${served.url}/__standin/verify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${served.token}` },
      });
      expect(verify.status).toBe(200);
      expect(existsSync(attempts)).toBe(false);
    } finally {
      await stop(served);
    }
  });

  it('answers an MCP client 500 with W0051 saying to install it', async () => {
    const served = await serve(scripts, [pathToFileURL(register).href]);
    try {
      const initialize = await fetch(`${served.url}/mcp/weather`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
        }),
      });
      expect(initialize.status).toBe(500);
      const body = (await initialize.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(/^W0051: .*npm install --save-dev @modelcontextprotocol\/sdk/);
      expect(readFileSync(attempts, 'utf8')).toContain('@modelcontextprotocol/sdk/server/index.js');
    } finally {
      await stop(served);
    }
  });
});
