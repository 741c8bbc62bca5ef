import { readFileSync } from 'node:fs';
import type { CommandOutput } from './serveCommand.js';

/** How long `standin serve` waits for its server to close before it exits anyway, in ms. */
export const STOP_TIMEOUT_MS = 5000;
/** How often `standin serve` looks whether the process that started it is gone, in ms. */
export const PARENT_CHECK_MS = 500;

/** What stopping closes. */
export interface Stoppable {
  close(): Promise<void>;
}

/**
 * Stops `standin serve` cleanly however it was started: on SIGTERM, SIGINT or SIGHUP, and when its starting process is
 * gone (a launcher such as `npx` killed without passing the signal on leaves the server to init, or a zombie `npm exec`
 * never reaps). Past {@link STOP_TIMEOUT_MS} or on a second signal the process exits anyway. It listens before the
 * server starts, so an early signal stops it once started. `watchParent: false` (`--outlive-parent`) leaves signals
 * only.
 */
export function stopOnSignals(
  starting: Promise<Stoppable | undefined>,
  output: CommandOutput,
  settings: {
    readonly parentCheckMs?: number;
    readonly stopTimeoutMs?: number;
    /** Whether the death of the process that started it stops it (default true; `--outlive-parent`: false). */
    readonly watchParent?: boolean;
  } = {},
): void {
  let stopping = false;
  const parent = process.ppid;
  const stop = (why: string, code: number): void => {
    if (stopping) {
      // A second signal: the user wants it gone now.
      process.exit(code === 0 ? 1 : code);
    }
    stopping = true;
    clearInterval(watch);
    const late = setTimeout(() => {
      output.err(
        `standin wire server did not close within ${settings.stopTimeoutMs ?? STOP_TIMEOUT_MS} ms (${why}); exiting.`,
      );
      process.exit(code === 0 ? 1 : code);
    }, settings.stopTimeoutMs ?? STOP_TIMEOUT_MS);
    late.unref();
    void starting
      .then(async (server) => {
        if (server === undefined) return process.exit(typeof process.exitCode === 'number' ? process.exitCode : 1);
        await server.close();
        output.out(`standin wire server stopped (${why})`);
        process.exit(code);
      })
      .then(
        () => undefined,
        (error: unknown) => {
          output.err(
            `standin wire server failed to close (${why}): ${error instanceof Error ? error.message : String(error)}`,
          );
          process.exit(1);
        },
      );
  };
  const watch = setInterval(() => {
    if (settings.watchParent === false) return clearInterval(watch);
    if (process.ppid !== parent || exited(parent)) stop('the process that started it is gone', 0);
  }, settings.parentCheckMs ?? PARENT_CHECK_MS);
  watch.unref();
  const handlers = {
    SIGINT: () => stop('SIGINT', 0),
    SIGTERM: () => stop('SIGTERM', 0),
    SIGHUP: () => stop('SIGHUP', 0),
  };
  for (const [signal, handler] of Object.entries(handlers)) process.on(signal, handler);
  // A command that did not start a server exits with its code: nothing is left to stop.
  void starting.then((server) => {
    if (server !== undefined || stopping) return;
    clearInterval(watch);
    for (const [signal, handler] of Object.entries(handlers)) process.off(signal, handler);
  });
}

/** Whether `pid` is a zombie: a zombie parent keeps its pid, so `process.ppid` does not change. Read from /proc. */
function exited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}
