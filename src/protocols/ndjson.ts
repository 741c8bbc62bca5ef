import { LimitExceeded } from './LimitExceeded.js';

const LF = 10;

/** One line of an NDJSON stream: a value as JSON (a string as it is, already JSON) and its line end. */
export function ndjsonLine(value: unknown): string {
  return `${typeof value === 'string' ? value : JSON.stringify(value)}\n`;
}

/**
 * Decodes newline-delimited JSON as bytes arrive: a chunk may end anywhere (inside a line or a UTF-8 character) and the
 * lines come out the same. A line past `maxLineBytes` throws {@link LimitExceeded} before its text is kept, so a body
 * without line ends never builds a string past the bound. Blank lines are passed over; a CR before the LF is dropped.
 */
export class NdjsonDecoder {
  readonly #utf8 = new TextDecoder('utf-8');
  readonly #maxLine: number;
  /** The bytes since the last line end. */
  #lineBytes = 0;
  /** The start of a line whose end has not arrived. */
  #rest = '';

  constructor(bounds: { readonly maxLineBytes?: number } = {}) {
    this.#maxLine = bounds.maxLineBytes ?? Number.POSITIVE_INFINITY;
  }

  /** Decodes `chunk` and appends the lines it completes to `out`; throws {@link LimitExceeded} past the bound. */
  push(chunk: Uint8Array, out: string[]): void {
    let start = 0;
    for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, start)) {
      if (this.#lineBytes + lf - start > this.#maxLine) throw this.#tooLong();
      this.#line(this.#rest + this.#utf8.decode(chunk.subarray(start, lf)), out);
      this.#rest = '';
      this.#lineBytes = 0;
      start = lf + 1;
    }
    this.#lineBytes += chunk.length - start;
    if (this.#lineBytes > this.#maxLine) throw this.#tooLong();
    if (start < chunk.length) this.#rest += this.#utf8.decode(chunk.subarray(start), { stream: true });
  }

  /** A last line without its line end still counts. */
  end(out: string[]): void {
    const line = this.#rest + this.#utf8.decode();
    this.#rest = '';
    this.#lineBytes = 0;
    this.#line(line, out);
  }

  #line(line: string, out: string[]): void {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim() !== '') out.push(text);
  }

  #tooLong(): LimitExceeded {
    this.#rest = '';
    return new LimitExceeded('maxLineBytes', this.#maxLine, 'a line of the NDJSON stream');
  }
}
