import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StandinError } from '../../errors/StandinError.js';

/**
 * Writes `text` to `path` whole or not at all: it goes to a temporary file beside the target,
 * then is renamed over it, so a reader (or a crash) never sees half a file. The folder is made
 * when missing.
 *
 * @throws {StandinError} `V0003` when the file cannot be written.
 * @example
 * ```ts
 * await writeFileSafely('test/cassettes/helpdesk.json', stableJson(file));
 * ```
 */
export async function writeFileSafely(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new StandinError('V0003', `The cassette ${path} cannot be written: ${(error as Error).message}`, { cause: error });
  }
}
