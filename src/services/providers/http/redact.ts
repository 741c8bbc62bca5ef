const MASK = '[redacted]';
/** The shortest piece of a secret worth masking: shorter runs are too common to mean the secret. */
const PIECE = 8;
const BASE = 0x01000193;
/** BASE^PIECE modulo 2^32: what the character leaving a window weighed. */
const OUT = Array.from({ length: PIECE }).reduce<number>((power) => Math.imul(power, BASE), 1);

/**
 * Takes secrets (the API key, the values of configured headers) out of any text a server or the
 * network gave: every whole secret, and every run of 8 or more characters that is a piece of
 * one (servers often echo a key's first or last characters). A secret shorter than 8 characters
 * is masked where it appears whole. One pass over the text with a rolling hash of its 8-character
 * windows, so a 10 MB message costs linear time and no recursion.
 *
 * @example
 * ```ts
 * const redactor = new Redactor(['sk-abc12345secretwxyz']);
 * redactor.clean('Incorrect API key provided: sk-abc12345****wxyz'); // 'Incorrect API key provided: [redacted]****wxyz'
 * ```
 */
export class Redactor {
  readonly #short: readonly string[];
  readonly #windows = new Set<string>();
  readonly #hashes = new Set<number>();

  constructor(secrets: readonly (string | undefined)[]) {
    const short: string[] = [];
    for (const secret of secrets) {
      if (secret === undefined || secret === '') continue;
      if (secret.length < PIECE) {
        short.push(secret);
        continue;
      }
      for (let at = 0; at + PIECE <= secret.length; at++) {
        const window = secret.slice(at, at + PIECE);
        this.#windows.add(window);
        this.#hashes.add(hash(window));
      }
    }
    // A longer secret first, so a short one inside it does not split it.
    this.#short = short.sort((a, b) => b.length - a.length);
  }

  /** True when there is nothing to take out. */
  get empty(): boolean {
    return this.#short.length === 0 && this.#windows.size === 0;
  }

  /** `text` with every secret and every 8-character piece of one replaced by `[redacted]`. */
  clean(text: string): string {
    let out = this.#windows.size === 0 ? text : this.#pieces(text);
    for (const secret of this.#short) if (out.includes(secret)) out = out.split(secret).join(MASK);
    return out;
  }

  /** True when `text` holds a secret or a piece of one. */
  finds(text: string): boolean {
    return this.clean(text) !== text;
  }

  #pieces(text: string): string {
    const n = text.length;
    if (n < PIECE) return text;
    const ranges: number[] = [];
    let h = 0;
    for (let i = 0; i < PIECE; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
    for (let at = 0; ; at++) {
      if (this.#hashes.has(h) && this.#windows.has(text.slice(at, at + PIECE))) {
        const last = ranges.length - 1;
        if (last > 0 && ranges[last]! >= at) ranges[last] = at + PIECE;
        else ranges.push(at, at + PIECE);
      }
      if (at + PIECE >= n) break;
      h = (Math.imul(h, BASE) + text.charCodeAt(at + PIECE) - Math.imul(text.charCodeAt(at), OUT)) | 0;
    }
    if (ranges.length === 0) return text;
    const parts: string[] = [];
    let from = 0;
    for (let i = 0; i < ranges.length; i += 2) {
      parts.push(text.slice(from, ranges[i]), MASK);
      from = ranges[i + 1]!;
    }
    parts.push(text.slice(from));
    return parts.join('');
  }
}

function hash(window: string): number {
  let h = 0;
  for (let i = 0; i < window.length; i++) h = (Math.imul(h, BASE) + window.charCodeAt(i)) | 0;
  return h;
}

/**
 * Takes one key out of a text: {@link Redactor} with that key alone.
 *
 * @example
 * ```ts
 * redact('Incorrect API key provided: sk-abc12345****wxyz', 'sk-abc12345secretwxyz');
 * // 'Incorrect API key provided: [redacted]****wxyz'
 * ```
 */
export function redact(text: string, key: string | undefined): string {
  return new Redactor([key]).clean(text);
}
