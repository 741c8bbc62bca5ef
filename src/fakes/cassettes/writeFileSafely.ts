import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { StandinError } from '../../errors/StandinError.js';

/**
 * Writes `text` to `path` whole or not at all: it goes to a temporary file beside the target, then is renamed over it,
 * so a reader (or a crash) never sees half a file. The folder is made when missing. A temporary file a killed process
 * left beside the target (`<file>.<pid>.<id>.tmp`, its pid no longer running) is removed at the next save.
 *
 * @throws {StandinError} `V0003` when the file cannot be written.
 */
export async function writeFileSafely(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await removeStale(path);
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new StandinError('V0003', `The cassette ${path} cannot be written: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Removes temporary files left by a process killed mid-write (named for a pid no longer running). */
async function removeStale(path: string): Promise<void> {
  const name = basename(path);
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)\\.[0-9a-f]{8}\\.tmp$`);
  let names: string[];
  try {
    names = await readdir(dirname(path));
  } catch {
    return;
  }
  for (const each of names) {
    const pid = pattern.exec(each)?.[1];
    if (pid === undefined || Number(pid) === process.pid || running(Number(pid))) continue;
    await rm(join(dirname(path), each), { force: true }).catch(() => undefined);
  }
}

/** Whether a process with this pid runs (one of another user counts as running). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
