/** A bound a codec reads within: the name of the setting that sets it. */
export type LimitName = 'maxLineBytes' | 'maxEventBytes' | 'maxBodyBytes';

/** A decoder's bound passed; each side turns it into its own error and never lets it out. */
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
