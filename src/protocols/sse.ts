import { LimitExceeded } from './LimitExceeded.js';

/** One server-sent event: its type (`'message'` when the stream names none) and its data lines joined by `\n`. */
export interface SseEvent {
  readonly event: string;
  readonly data: string;
}

const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;
const D = 100;

/** One server-sent event as the stream carries it. */
export function sseEvent(data: string, event?: string): string {
  const head = event === undefined ? '' : `event: ${event}\n`;
  // JSON never holds a line end; any other text gets a data line per line.
  const lines = /[\r\n]/.test(data) ? data.split(/\r\n|\r|\n/).join('\ndata: ') : data;
  return `${head}data: ${lines}\n\n`;
}

/**
 * Decodes `text/event-stream` by the WHATWG rules as bytes arrive; a chunk may end anywhere (inside a line, a UTF-8
 * character, between CR and LF) and the events come out the same. A line past `maxLineBytes` or an event past
 * `maxEventBytes` throws {@link LimitExceeded} before the text is kept, so a body without line ends never builds a
 * string past the bound.
 */
export class SseDecoder {
  readonly #utf8 = new TextDecoder('utf-8');
  readonly #maxLine: number;
  readonly #maxEvent: number;
  /** The bytes since the last line end: the line being read. */
  #lineBytes = 0;
  /** The bytes of the data of the event being read. */
  #eventBytes = 0;
  /** The start of a line whose end has not arrived. */
  #rest = '';
  /** The text so far ended on a CR: an LF that starts the next text ends that same line. */
  #skipLF = false;
  #event = '';
  /** The data buffer; undefined until a data line comes. */
  #data: string | undefined;

  constructor(bounds: { readonly maxLineBytes?: number; readonly maxEventBytes?: number } = {}) {
    this.#maxLine = bounds.maxLineBytes ?? Number.POSITIVE_INFINITY;
    this.#maxEvent = bounds.maxEventBytes ?? Number.POSITIVE_INFINITY;
  }

  /** Decodes `chunk` and appends the events it completes to `out`; throws {@link LimitExceeded} past a bound. */
  push(chunk: Uint8Array, out: SseEvent[]): void {
    this.#measure(chunk);
    this.#lines(this.#utf8.decode(chunk, { stream: true }), out);
  }

  /** Counts a chunk's line bytes before it becomes text (CR and LF never sit inside a UTF-8 sequence). */
  #measure(chunk: Uint8Array): void {
    const n = chunk.length;
    const lf = chunk.indexOf(LF);
    const cr = chunk.indexOf(CR);
    const first = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
    if (first === -1) {
      this.#lineBytes += n;
      if (this.#lineBytes > this.#maxLine) throw this.#tooLong();
      return;
    }
    if (this.#lineBytes + first > this.#maxLine) throw this.#tooLong();
    if (n > this.#maxLine) {
      // Only a chunk longer than the bound can hold a whole line longer than it.
      let start = first + 1;
      for (let at = start; at < n; at++) {
        const byte = chunk[at];
        if (byte !== LF && byte !== CR) continue;
        if (at - start > this.#maxLine) throw this.#tooLong();
        start = at + 1;
      }
    }
    this.#lineBytes = n - 1 - Math.max(chunk.lastIndexOf(LF), chunk.lastIndexOf(CR));
    if (this.#lineBytes > this.#maxLine) throw this.#tooLong();
  }

  #tooLong(): LimitExceeded {
    return new LimitExceeded('maxLineBytes', this.#maxLine, 'a line of the event stream');
  }

  /** A last line or event without its ending still counts (servers often close right after `data: [DONE]`). */
  end(out: SseEvent[]): void {
    this.#lines(this.#utf8.decode(), out);
    if (this.#rest !== '') {
      const line = this.#rest;
      this.#rest = '';
      this.#line(line, out);
    }
    this.#dispatch(out);
  }

  #lines(text: string, out: SseEvent[]): void {
    const n = text.length;
    if (n === 0) return;
    let start = 0;
    if (this.#skipLF) {
      this.#skipLF = false;
      if (text.charCodeAt(0) === LF) start = 1;
    }
    let lf = text.indexOf('\n', start);
    let cr = text.indexOf('\r', start);
    while (lf !== -1 || cr !== -1) {
      let end: number;
      let next: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        end = lf;
        next = lf + 1;
        lf = text.indexOf('\n', next);
      } else {
        end = cr;
        if (cr + 1 < n) {
          next = text.charCodeAt(cr + 1) === LF ? cr + 2 : cr + 1;
        } else {
          next = n;
          this.#skipLF = true;
        }
        if (lf !== -1 && lf < next) lf = text.indexOf('\n', next);
        cr = text.indexOf('\r', next);
      }
      const piece = text.slice(start, end);
      let line = piece;
      if (this.#rest !== '') {
        line = this.#rest + piece;
        this.#rest = '';
      }
      this.#line(line, out);
      start = next;
    }
    if (start < n) this.#rest += start === 0 ? text : text.slice(start);
  }

  #line(line: string, out: SseEvent[]): void {
    if (line.length === 0) {
      this.#dispatch(out);
      return;
    }
    const first = line.charCodeAt(0);
    if (first === D && line.startsWith('data:')) {
      this.#addData(line.charCodeAt(5) === SPACE ? line.slice(6) : line.slice(5));
      return;
    }
    if (first === COLON) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'event' && field !== 'data') return; // id and retry do not matter to a one-shot request
    let value = '';
    if (colon !== -1) value = line.charCodeAt(colon + 1) === SPACE ? line.slice(colon + 2) : line.slice(colon + 1);
    if (field === 'event') this.#event = value;
    else this.#addData(value);
  }

  #addData(value: string): void {
    this.#eventBytes +=
      (this.#data === undefined ? 0 : 1) + (value.length === 0 ? 0 : Buffer.byteLength(value, 'utf8'));
    if (this.#eventBytes > this.#maxEvent) {
      this.#data = undefined;
      throw new LimitExceeded('maxEventBytes', this.#maxEvent, 'the data of one server-sent event');
    }
    this.#data = this.#data === undefined ? value : `${this.#data}\n${value}`;
  }

  #dispatch(out: SseEvent[]): void {
    if (this.#data !== undefined) out.push({ event: this.#event === '' ? 'message' : this.#event, data: this.#data });
    this.#data = undefined;
    this.#eventBytes = 0;
    this.#event = '';
  }
}
