import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { StandinError } from '../errors/StandinError.js';

/**
 * `path` must be a regular file within `limit`: a FIFO would hang the reader and /dev/zero never ends.
 *
 * @throws {StandinError} `W0020` for a path that is not a regular file, or a file past `limit`.
 */
export function checkRegularFile(path: string, limit: number, what: string): void {
  let kind: string | undefined;
  let size: number;
  try {
    const stat = statSync(path);
    size = stat.size;
    kind = stat.isFile()
      ? undefined
      : stat.isFIFO()
        ? 'a FIFO'
        : stat.isCharacterDevice() || stat.isBlockDevice()
          ? 'a device'
          : stat.isDirectory()
            ? 'a directory'
            : stat.isSocket()
              ? 'a socket'
              : 'not a regular file';
  } catch (error) {
    // A path that does not exist is the caller's to say.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (kind !== undefined)
    throw new StandinError(
      'W0020',
      `${path} is ${kind}, not a regular file: the ${what} is read from a regular JSON file. Give the path of one.`,
    );
  if (size > limit) throw tooLarge(path, limit, what);
}

/**
 * Reads a checked regular file, opened without blocking and no further than `limit` even if it grows.
 *
 * @throws {StandinError} `W0020` for a path that is not a regular file, or a file past `limit`.
 */
export function readRegularFile(path: string, limit: number, what: string): string {
  checkRegularFile(path, limit, what);
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    // The path may have been replaced between the check and the open: check what was opened.
    if (!fstatSync(fd).isFile())
      throw new StandinError(
        'W0020',
        `${path} is not a regular file: the ${what} is read from a regular JSON file. Give the path of one.`,
      );
    const buffer = Buffer.alloc(Math.min(limit + 1, 64 * 1024));
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      total += read;
      if (total > limit) throw tooLarge(path, limit, what);
      chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function tooLarge(path: string, limit: number, what: string): StandinError {
  return new StandinError(
    'W0020',
    `${path} is larger than the ${limit} bytes the ${what} may be. Give a smaller file.`,
  );
}
