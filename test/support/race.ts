/**
 * Runs racing processes (see racer.ts) on one namespace: starts them, waits until each is
 * connected, lets them all go at once, and answers the texts each got and the time from the
 * go to the last one done.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const racer = fileURLToPath(new URL('./racer.ts', import.meta.url));

/** What a race gave. */
export interface RaceResult {
  /** The texts each process got, in the order it got them. */
  readonly texts: readonly (readonly string[])[];
  /** Milliseconds from the go to the last process done. */
  readonly ms: number;
}

/** Races `processes` processes of `steps` steps each on namespace `namespace` at `url`. */
export async function race(url: string, namespace: string, processes: number, steps: number): Promise<RaceResult> {
  const children = Array.from({ length: processes }, () => {
    const child = spawn(process.execPath, ['--import', 'tsx', racer, url, namespace, String(steps)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = once(child, 'exit').then(([code]) => {
      if (code !== 0) throw new Error(`A racing process exited with ${String(code)}:\n${err}`);
      return JSON.parse(out.slice(out.indexOf('\n') + 1)) as string[];
    });
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => {
        if (out.startsWith('ready\n')) resolve();
      });
      exited.catch(reject);
    });
    return { child, ready, exited };
  });
  await Promise.all(children.map((c) => c.ready));
  const start = performance.now();
  for (const { child } of children) child.stdin.write('go\n');
  const texts = await Promise.all(children.map((c) => c.exited));
  return { texts, ms: performance.now() - start };
}
