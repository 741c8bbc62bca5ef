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
 * Ends a transport whose connection failed, at once: the transport is closed, and the server
 * process `pid` (a stdio server's, when one was started) is sent SIGTERM now and SIGKILL a
 * second later if it is still there, on a timer that keeps no process alive. The SDK's own
 * close first waits for the process to leave by itself, which a server that never answered
 * will not do.
 */
export function endAtOnce(transport: Transport, pid: number | undefined): void {
  transport.close().catch(() => undefined);
  if (pid === undefined || !signal(pid, 'SIGTERM')) return;
  setTimeout(() => {
    if (signal(pid, 0)) signal(pid, 'SIGKILL');
  }, KILL_AFTER_MS).unref();
}
