import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StandinError } from '../../errors/StandinError.js';

/** The environment variable naming the file a test run notes the cassette entries it replayed in. */
export const USAGE_VARIABLE = 'STANDIN_CASSETTES_USAGE';

/** One line of the usage file: a cassette loaded, an entry replayed, or the cassette saved. */
export type UsageEvent =
  | { readonly cassette: string; readonly event: 'loaded'; readonly digest: string; readonly entries: number }
  | { readonly cassette: string; readonly event: 'replayed'; readonly entry: number }
  | { readonly cassette: string; readonly event: 'saved'; readonly digest: string; readonly kept: number };

/** The sha-256 of a cassette's text: what ties the run's notes to the file `prune` edits. */
export function textDigest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Notes what the run used of a cassette, for `prune`: lines appended whole, as a run's processes share the file. A line
 * that cannot be written fails the call (`V0009`): a note left out would let `prune` remove an entry a test replays.
 */
export class UsageLog {
  readonly #file: string;
  readonly #cassette: string;
  readonly #noted = new Set<number>();

  private constructor(file: string, cassette: string) {
    this.#file = file;
    this.#cassette = cassette;
  }

  /** The log of the cassette at `path` when `STANDIN_CASSETTES_USAGE` names a file, else undefined. */
  static of(path: string, env: Readonly<Record<string, string | undefined>> = process.env): UsageLog | undefined {
    const file = env[USAGE_VARIABLE];
    return file === undefined || file === '' ? undefined : new UsageLog(resolve(file), resolve(path));
  }

  loaded(digest: string, entries: number): void {
    this.#write({ cassette: this.#cassette, event: 'loaded', digest, entries });
  }

  /** Notes that the file's entry at `position` was replayed (once per process). */
  replayed(position: number): void {
    if (this.#noted.has(position)) return;
    this.#write({ cassette: this.#cassette, event: 'replayed', entry: position });
    this.#noted.add(position);
  }

  saved(digest: string, kept: number): void {
    this.#write({ cassette: this.#cassette, event: 'saved', digest, kept });
  }

  #write(event: UsageEvent): void {
    try {
      appendFileSync(this.#file, `${JSON.stringify(event)}\n`, 'utf8');
    } catch (error) {
      throw new StandinError(
        'V0009',
        `${USAGE_VARIABLE} names ${this.#file}, and a note cannot be appended to it (${(error as Error).message}). ` +
          `Name a file in a folder that exists and can be written, or unset ${USAGE_VARIABLE}.`,
        { cause: error },
      );
    }
  }
}
