import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** How long a server process is given to exit on SIGTERM before it is sent SIGKILL. */
const KILL_AFTER_MS = 1_000;

function signal(pid: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    // ESRCH: the process is gone already.
    return false;
  }
}

/**
 * Ends a failed transport at once: SIGTERM to a stdio server's process now, SIGKILL a second later. The SDK's own close
 * first waits for the process to leave, which a server that never answered will not do.
 */
export function endAtOnce(transport: Transport, pid: number | undefined): void {
  transport.close().catch(() => undefined);
  if (pid === undefined || !signal(pid, 'SIGTERM')) return;
  setTimeout(() => {
    if (signal(pid, 0)) signal(pid, 'SIGKILL');
  }, KILL_AFTER_MS).unref();
}
