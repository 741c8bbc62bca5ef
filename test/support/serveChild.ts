import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** A `standin serve` started from src/ in a child process, once it printed its control token. */
export interface ServeChild {
  readonly child: ChildProcessWithoutNullStreams;
  /** What it printed up to its control token. */
  readonly out: string;
  readonly url: string;
}

/** Starts `standin serve <args>` from src/ and waits for its control token line; rejects if it exits first. */
export async function startServe(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<ServeChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'serve', ...args], { env });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('control token:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  return { child, out, url: /listening at (\S+)/.exec(out)![1]! };
}

/** Stops a server started by {@link startServe} with SIGINT; answers its exit code. */
export function stopServe(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  return exit;
}
