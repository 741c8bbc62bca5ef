/** A bound a codec reads within: the name of the setting that sets it. */
export type LimitName = 'maxLineBytes' | 'maxEventBytes' | 'maxBodyBytes';

/**
 * Thrown by a decoder when what it reads passes one of its bounds; each side turns it into its
 * own error (the adapter a `ProviderFailure` naming the setting), and never lets it out.
 */
export class LimitExceeded extends Error {
  constructor(
    readonly limit: LimitName,
    readonly bytes: number,
    readonly what: string,
  ) {
    super(`${what} passed ${bytes} bytes (${limit})`);
    this.name = 'LimitExceeded';
  }
}
