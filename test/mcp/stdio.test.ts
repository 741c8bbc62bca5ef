import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/services/app/App.js';
import { code, type ToolContext } from '../../src/index.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { models, stdioTickets } from './support.js';

// The tickets server as a child process over stdio (node --import tsx fixtures/stdioServer.ts). Starting one takes a
// few seconds on a loaded machine: every bound below is generous but one.

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
});

const connectTimeoutMs = 60_000;
function appOf(server: Record<string, unknown>): TestApp {
  const app = createTestApp({ models, mcp: { servers: { tickets: { connectTimeoutMs, ...server } as never } } });
  apps.push(app);
  return app;
}

const context: ToolContext = { signal: new AbortController().signal, runId: 'run', step: 0, callId: 'call-0' };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` is gone within `limit` polls: a few ms apart, well short of the SDK's own 2 s wait for an exit. */
async function goneSoon(pid: number, limit = 50): Promise<boolean> {
  for (let poll = 0; poll < limit; poll++) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !alive(pid);
}

/** A server process that never answers the handshake and outlives its stdin; `stubborn` also ignores SIGTERM. */
function deafServer(stubborn = false): { server: Record<string, unknown>; pid: () => number } {
  const started = join(mkdtempSync(join(tmpdir(), 'standin-mcp-')), 'started');
  const fixture = fileURLToPath(new URL('./fixtures/deafServer.mjs', import.meta.url));
  const args = [fixture, started, ...(stubborn ? ['stubborn'] : [])];
  return {
    server: { command: process.execPath, args, connectTimeoutMs: 3_000 },
    pid: () => Number(readFileSync(started, 'utf8')),
  };
}

describe(App, () => {
  describe('.mcpTools over stdio', () => {
    it('starts no process before the first use, then lists and calls the tools of the one it starts', async () => {
      const { server, started } = stdioTickets();
      const app = appOf(server);
      expect(existsSync(started)).toBe(false);
      const tools = await app.mcpTools('tickets', { tools: ['find', 'hasToken'] });
      expect(existsSync(started)).toBe(true);
      expect(await tools.find!.run({ words: 'refund' }, context)).toBe('Ticket 7 mentions refund.');
    }, 120_000);

    it("gives the process the server's env", async () => {
      const { server } = stdioTickets('serve', { env: { TICKETS_TOKEN: 'tk-secret-7731' } });
      const tools = await appOf(server).mcpTools('tickets', { tools: ['hasToken'] });
      expect(await tools.hasToken!.run({}, context)).toBe('token given');
    }, 120_000);

    it('ends the process when the app is disposed', async () => {
      const { server, started } = stdioTickets();
      const app = appOf(server);
      await app.mcpTools('tickets');
      const pid = Number(readFileSync(started, 'utf8'));
      expect(alive(pid)).toBe(true);
      await app.dispose();
      expect(alive(pid)).toBe(false);
    }, 120_000);

    it('fails a call with M0005 when the process exits during it, and starts the server again on the next use', async () => {
      const { server } = stdioTickets();
      const tools = await appOf(server).mcpTools('tickets', { tools: ['leave', 'find'] });
      const error = await Promise.resolve(tools.leave!.run({}, context)).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.M0005 });
      expect((error as Error).message).toContain(
        "MCP server 'tickets', tool 'leave': the server closed the connection",
      );
      expect(await tools.find!.run({ words: 'again' }, context)).toBe('Ticket 7 mentions again.');
    }, 120_000);

    it("fails with M0003 when the process exits before the handshake, quoting its stderr with the env's secrets hidden", async () => {
      const { server } = stdioTickets('crash', { env: { TICKETS_TOKEN: 'tk-secret-7731' } });
      const error = await appOf(server)
        .mcpTools('tickets')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.M0003 });
      const message = (error as Error).message;
      expect(message).toContain("MCP server 'tickets' could not be reached or started");
      expect(message).toContain('cannot open the ticket store with token ***');
      expect(message).not.toContain('tk-secret-7731');
      expect(JSON.stringify(error)).not.toContain('tk-secret-7731');
      expect(String((error as Error).cause ?? '')).not.toContain('tk-secret-7731');
    }, 120_000);

    it('fails with M0003 when the command cannot be run', async () => {
      const error = await appOf({ command: '/nonexistent/mcp-server' })
        .mcpTools('tickets')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.M0003 });
      expect((error as Error).message).toContain('ENOENT');
    });

    it("rejects with the caller's abort reason while the server is still connecting", async () => {
      const { server } = stdioTickets('silent');
      const controller = new AbortController();
      const reason = new Error('the user left');
      const listing = appOf(server)
        .mcpTools('tickets', { signal: controller.signal })
        .catch((e: unknown) => e);
      controller.abort(reason);
      expect(await listing).toBe(reason);
    }, 120_000);

    it('ends a connection still being made when the app is disposed, with E0050 to the one waiting', async () => {
      const { server } = stdioTickets('silent');
      const app = appOf(server);
      const listing = app.mcpTools('tickets').catch((e: unknown) => e);
      await app.dispose();
      expect(await listing).toMatchObject({ code: code.E0050 });
    }, 120_000);

    it('fails with M0004 when the process never answers the handshake within connectTimeoutMs', async () => {
      const { server } = stdioTickets('silent');
      const error = await appOf({ ...server, connectTimeoutMs: 300 })
        .mcpTools('tickets')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.M0004 });
      expect((error as Error).message).toContain(
        "MCP server 'tickets': connecting (starting it and the MCP handshake) did not finish within 300 ms",
      );
      expect((error as Error).message).toContain('connectTimeoutMs under mcp.servers.tickets');
    }, 120_000);

    it('ends the process at once when connecting times out, and starts a new one on the next use', async () => {
      const { server, pid } = deafServer();
      const app = appOf(server);
      await expect(app.mcpTools('tickets')).rejects.toMatchObject({ code: code.M0004 });
      const first = pid();
      expect(await goneSoon(first)).toBe(true);
      await expect(app.mcpTools('tickets')).rejects.toMatchObject({ code: code.M0004 });
      const second = pid();
      expect(second).not.toBe(first);
      expect(await goneSoon(second)).toBe(true);
    }, 120_000);

    it('kills a process that ignores SIGTERM shortly after connecting times out', async () => {
      const { server, pid } = deafServer(true);
      await expect(appOf(server).mcpTools('tickets')).rejects.toMatchObject({ code: code.M0004 });
      // SIGKILL follows a second after SIGTERM; the SDK alone would wait 4 s.
      expect(await goneSoon(pid(), 125)).toBe(true);
    }, 120_000);
  });
});
