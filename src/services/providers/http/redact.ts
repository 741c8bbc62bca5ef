const MASK = '[redacted]';
/** The shortest piece of a secret worth masking: shorter runs are too common to mean the secret. */
const PIECE = 8;
const BASE = 0x01000193;
/** BASE^PIECE modulo 2^32: what the character leaving a window weighed. */
const OUT = Array.from({ length: PIECE }).reduce<number>((power) => Math.imul(power, BASE), 1);

/**
 * Takes secrets (the API key, the values of configured headers) out of any text a server or the network gave: every
 * whole secret, and every run of 8 or more characters that is a piece of one (servers often echo a key's first or last
 * characters), also where the text spaces it out (`s k - a b c …`) or writes it in base64 (an echoed `Basic`
 * credential, a token in a JSON blob). A secret shorter than 8 characters is masked only where it stands as a whole
 * token (not inside a longer word: a header value `act` must not cut up `[redacted]` or `action`). A mask already in
 * the text is never masked again. One pass over the text with a rolling hash of its 8-character windows, so a 10 MB
 * message costs linear time and no recursion.
 */
export class Redactor {
  readonly #short: RegExp | undefined;
  readonly #windows = new Set<string>();
  readonly #hashes = new Set<number>();

  constructor(secrets: readonly (string | undefined)[]) {
    const short: string[] = [];
    for (const secret of secrets) {
      if (typeof secret !== 'string' || secret === '') continue;
      if (secret.length < PIECE) {
        short.push(secret);
        continue;
      }
      this.#addPieces(secret);
      for (const encoded of base64Forms(secret)) this.#addPieces(encoded);
    }
    // A longer secret first, so a short one inside it does not split it.
    short.sort((a, b) => b.length - a.length);
    this.#short =
      short.length === 0
        ? undefined
        : new RegExp(`(?<![A-Za-z0-9])(?:${short.map(escapeRegExp).join('|')})(?![A-Za-z0-9])`, 'g');
  }

  #addPieces(secret: string): void {
    for (let at = 0; at + PIECE <= secret.length; at++) {
      const window = secret.slice(at, at + PIECE);
      this.#windows.add(window);
      this.#hashes.add(hash(window));
    }
  }

  /** True when there is nothing to take out. */
  get empty(): boolean {
    return this.#short === undefined && this.#windows.size === 0;
  }

  /** `text` with every secret and every 8-character piece of one replaced by `[redacted]`. */
  clean(text: string): string {
    if (this.empty || text.length === 0) return text;
    // A mask already there stays as it is: the secrets are looked for between masks only.
    if (!text.includes(MASK)) return this.#cleanPlain(text);
    return text
      .split(MASK)
      .map((between) => this.#cleanPlain(between))
      .join(MASK);
  }

  /** True when `text` holds a secret or a piece of one. */
  finds(text: string): boolean {
    return this.clean(text) !== text;
  }

  #cleanPlain(text: string): string {
    let out = this.#windows.size === 0 ? text : this.#pieces(text);
    if (this.#short !== undefined) {
      out = out.includes(MASK)
        ? out
            .split(MASK)
            .map((between) => between.replace(this.#short!, MASK))
            .join(MASK)
        : out.replace(this.#short, MASK);
    }
    return out;
  }

  #pieces(text: string): string {
    const ranges = this.#ranges(text);
    const spaced = this.#spacedRanges(text);
    const all = spaced.length === 0 ? ranges : merge(ranges, spaced);
    if (all.length === 0) return text;
    const parts: string[] = [];
    let from = 0;
    for (let i = 0; i < all.length; i += 2) {
      parts.push(text.slice(from, all[i]), MASK);
      from = all[i + 1]!;
    }
    parts.push(text.slice(from));
    return parts.join('');
  }

  /** Where pieces of a secret stand in `text`, as sorted, merged `[from, to)` pairs. */
  #ranges(text: string): number[] {
    const n = text.length;
    const ranges: number[] = [];
    if (n < PIECE) return ranges;
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
    return ranges;
  }

  /**
   * Pieces of a secret broken by whitespace (spaced out, or over lines). Only a piece broken at two places or more
   * counts: the plain scan finds the rest, and a piece that runs into the next word is no spaced-out secret.
   */
  #spacedRanges(text: string): number[] {
    const ranges: number[] = [];
    const places = new Int32Array(PIECE);
    const codes = new Uint16Array(PIECE);
    let count = 0;
    let h = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) continue;
      const slot = count % PIECE;
      h = count >= PIECE ? (Math.imul(h, BASE) + c - Math.imul(codes[slot]!, OUT)) | 0 : (Math.imul(h, BASE) + c) | 0;
      places[slot] = i;
      codes[slot] = c;
      count++;
      if (count < PIECE || !this.#hashes.has(h)) continue;
      const oldest = count % PIECE;
      const from = places[oldest]!;
      const last = ranges.length - 1;
      // One break is enough for a piece that goes on from one already found: the tail of a spaced-out key.
      const spread = gaps(places, oldest);
      if (spread === 0 || (spread < 2 && !(last > 0 && ranges[last]! > from))) continue;
      let window = '';
      for (let k = 0; k < PIECE; k++) window += String.fromCharCode(codes[(oldest + k) % PIECE]!);
      if (!this.#windows.has(window)) continue;
      if (last > 0 && ranges[last]! >= from) ranges[last] = i + 1;
      else ranges.push(from, i + 1);
    }
    return ranges;
  }
}

/** How many times the 8 places of a window, oldest at `oldest`, jump over skipped characters. */
function gaps(places: Int32Array, oldest: number): number {
  let count = 0;
  for (let k = 1; k < PIECE; k++) if (places[(oldest + k) % PIECE]! - places[(oldest + k - 1) % PIECE]! > 1) count++;
  return count;
}

/** Two sorted lists of `[from, to)` pairs as one, overlapping pairs joined. */
function merge(a: readonly number[], b: readonly number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < a.length; i += 2) pairs.push([a[i]!, a[i + 1]!]);
  for (let i = 0; i < b.length; i += 2) pairs.push([b[i]!, b[i + 1]!]);
  pairs.sort((x, y) => x[0] - y[0]);
  const out: number[] = [];
  for (const [from, to] of pairs) {
    const last = out.length - 1;
    if (last > 0 && out[last]! >= from) out[last] = Math.max(out[last]!, to);
    else out.push(from, to);
  }
  return out;
}

/** The parts of `secret`'s base64 (and base64url) that stay the same at each of the three byte alignments. */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    const encoded = padded.toString('base64').replace(/=+$/, '');
    // The characters holding the leading filler bytes, and the last (partial) group, depend on the neighbours.
    const from = shift === 0 ? 0 : Math.ceil((shift * 8) / 6);
    const to = Math.floor((padded.length * 8) / 6);
    const stable = encoded.slice(from, to);
    if (stable.length >= PIECE) {
      forms.push(stable);
      const url = stable.replaceAll('+', '-').replaceAll('/', '_');
      if (url !== stable) forms.push(url);
    }
  }
  return forms;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function hash(window: string): number {
  let h = 0;
  for (let i = 0; i < window.length; i++) h = (Math.imul(h, BASE) + window.charCodeAt(i)) | 0;
  return h;
}

/** Takes one key out of a text: {@link Redactor} with that key alone. */
export function redact(text: string, key: string | undefined): string {
  return new Redactor([key]).clean(text);
}
