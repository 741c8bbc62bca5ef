import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The stdio fixture's path. */
export const stdioFixture = fileURLToPath(new URL('./fixtures/stdioServer.ts', import.meta.url));

/** The config of the stdio tickets server in `mode`, writing its pid to a fresh file it answers. */
export function stdioTickets(
  mode = 'serve',
  extra: Record<string, unknown> = {},
): { server: { command: string; args: string[]; env: Record<string, string> }; started: string } {
  const started = join(mkdtempSync(join(tmpdir(), 'standin-mcp-')), 'started');
  const { env, ...rest } = extra as { env?: Record<string, string> };
  return {
    server: {
      command: process.execPath,
      args: ['--import', 'tsx', stdioFixture, mode],
      env: { TICKETS_STARTED: started, ...env },
      ...rest,
    },
    started,
  };
}

/** The model every test fakes. */
export const models = { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } };
