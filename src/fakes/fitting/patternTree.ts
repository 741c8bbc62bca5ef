import { NoFit } from './NoFit.js';
import { clipped } from './Patterns.js';

/**
 * A regular expression read for making texts. Assertions make no text: a made text is tested against the pattern after.
 */
export type PatternNode =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'class'; readonly source: string }
  | { readonly kind: 'seq'; readonly items: readonly PatternNode[] }
  | { readonly kind: 'alt'; readonly options: readonly PatternNode[] }
  | { readonly kind: 'repeat'; readonly node: PatternNode; readonly min: number; readonly max: number }
  | { readonly kind: 'group'; readonly node: PatternNode; readonly index: number; readonly name: string | undefined }
  | { readonly kind: 'ref'; readonly index: number | undefined; readonly name: string | undefined }
  | { readonly kind: 'empty' };

/** The longest pattern read, in characters, and the most parts of one: past them a pattern is `T0142`. */
export const MAX_PATTERN_LENGTH = 10_000;
const MAX_NODES = 5_000;

const CLASS_ESCAPES = 'dDwWsSpP';
const CONTROL: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' };

/**
 * Reads an ECMA-262 pattern (a JSON Schema `pattern`) into a {@link PatternNode}.
 *
 * @throws {NoFit} `T0142` for a pattern longer than {@link MAX_PATTERN_LENGTH}, or with syntax it cannot read.
 */
export function patternTree(pattern: string, path: string): PatternNode {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new NoFit('T0142', path, `the pattern is ${pattern.length} characters, over ${MAX_PATTERN_LENGTH}`);
  }
  const reader = new Reader(pattern, path);
  const tree = reader.disjunction();
  if (!reader.done()) reader.fail('an unmatched )');
  return tree;
}

class Reader {
  readonly #source: string;
  readonly #path: string;
  #at = 0;
  #groups = 0;
  #nodes = 0;

  constructor(source: string, path: string) {
    this.#source = source;
    this.#path = path;
  }

  done(): boolean {
    return this.#at >= this.#source.length;
  }

  fail(what: string): never {
    const pattern = JSON.stringify(clipped(this.#source));
    throw new NoFit('T0142', this.#path, `the pattern ${pattern} has ${what} at offset ${this.#at}`);
  }

  #node<N extends PatternNode>(node: N): N {
    if (++this.#nodes > MAX_NODES) this.fail(`more than ${MAX_NODES} parts`);
    return node;
  }

  #peek(offset = 0): string | undefined {
    return this.#source[this.#at + offset];
  }

  disjunction(): PatternNode {
    const options = [this.#alternative()];
    while (this.#peek() === '|') {
      this.#at++;
      options.push(this.#alternative());
    }
    return options.length === 1 ? options[0]! : this.#node({ kind: 'alt', options });
  }

  #alternative(): PatternNode {
    const items: PatternNode[] = [];
    while (!this.done() && this.#peek() !== '|' && this.#peek() !== ')') {
      const atom = this.#atom();
      items.push(this.#quantified(atom));
    }
    return items.length === 1 ? items[0]! : this.#node({ kind: 'seq', items });
  }

  #quantified(atom: PatternNode): PatternNode {
    const c = this.#peek();
    let bounds: [number, number] | undefined;
    if (c === '*') bounds = [0, Infinity];
    else if (c === '+') bounds = [1, Infinity];
    else if (c === '?') bounds = [0, 1];
    else if (c === '{') {
      const found = /^\{(\d+)(,(\d*))?\}/.exec(this.#source.slice(this.#at));
      if (found === null) return atom; // A brace that starts no quantifier is a character.
      const min = Number(found[1]);
      const max = found[2] === undefined ? min : found[3] === '' ? Infinity : Number(found[3]);
      if (max < min) this.fail(`a repeat {${min},${max}} whose top is below its bottom`);
      this.#at += found[0].length - 1;
      bounds = [min, max];
    }
    if (bounds === undefined) return atom;
    this.#at++;
    if (this.#peek() === '?') this.#at++; // Lazy or greedy, the texts that match are the same.
    if (atom.kind === 'empty') return atom;
    return this.#quantified(this.#node({ kind: 'repeat', node: atom, min: bounds[0], max: bounds[1] }));
  }

  #atom(): PatternNode {
    const c = this.#peek()!;
    if (c === '^' || c === '$') {
      this.#at++;
      return this.#node({ kind: 'empty' });
    }
    if (c === '.') {
      this.#at++;
      return this.#node({ kind: 'class', source: '.' });
    }
    if (c === '[') return this.#class();
    if (c === '(') return this.#group();
    if (c === '\\') return this.#escape();
    if (c === '*' || c === '+' || c === '?') this.fail(`a repeat '${c}' with nothing to repeat`);
    // A character outside the BMP is two code units, one character.
    const text = String.fromCodePoint(this.#source.codePointAt(this.#at)!);
    this.#at += text.length;
    return this.#node({ kind: 'text', text });
  }

  #class(): PatternNode {
    const start = this.#at;
    this.#at++;
    if (this.#peek() === '^') this.#at++;
    if (this.#peek() === ']') this.#at++;
    while (!this.done() && this.#peek() !== ']') this.#at += this.#peek() === '\\' ? 2 : 1;
    if (this.done()) this.fail('a [ that is never closed');
    this.#at++;
    return this.#node({ kind: 'class', source: this.#source.slice(start, this.#at) });
  }

  #group(): PatternNode {
    this.#at++;
    let capture = true;
    let name: string | undefined;
    let assertion = false;
    if (this.#peek() === '?') {
      const head = this.#source.slice(this.#at, this.#at + 3);
      if (head.startsWith('?:')) {
        capture = false;
        this.#at += 2;
      } else if (head.startsWith('?=') || head.startsWith('?!') || head === '?<=' || head === '?<!') {
        assertion = true;
        this.#at += head.startsWith('?<') ? 3 : 2;
      } else {
        const named = /^\?<([A-Za-z_$][\w$]*)>/.exec(this.#source.slice(this.#at));
        if (named === null) this.fail('a group of a kind it cannot read');
        name = named[1];
        this.#at += named[0].length;
      }
    }
    const index = capture ? ++this.#groups : 0;
    const node = this.disjunction();
    if (this.#peek() !== ')') this.fail('a ( that is never closed');
    this.#at++;
    if (assertion) return this.#node({ kind: 'empty' });
    return capture ? this.#node({ kind: 'group', node, index, name }) : node;
  }

  #escape(): PatternNode {
    const next = this.#peek(1);
    if (next === undefined) this.fail('a \\ at the end');
    this.#at += 2;
    if (next === 'b' || next === 'B') return this.#node({ kind: 'empty' });
    if (CLASS_ESCAPES.includes(next)) {
      let source = `\\${next}`;
      if (next === 'p' || next === 'P') {
        const property = /^\{[\w=]+\}/.exec(this.#source.slice(this.#at));
        if (property === null) this.fail('a \\p without a {property}');
        source += property[0];
        this.#at += property[0].length;
      }
      return this.#node({ kind: 'class', source });
    }
    if (/[1-9]/.test(next)) {
      const digits = /^\d*/.exec(this.#source.slice(this.#at))![0];
      this.#at += digits.length;
      return this.#node({ kind: 'ref', index: Number(next + digits), name: undefined });
    }
    if (next === 'k') {
      const named = /^<([A-Za-z_$][\w$]*)>/.exec(this.#source.slice(this.#at));
      if (named === null) this.fail('a \\k without a <name>');
      this.#at += named[0].length;
      return this.#node({ kind: 'ref', index: undefined, name: named[1] });
    }
    const control = CONTROL[next];
    if (control !== undefined) return this.#node({ kind: 'text', text: control });
    if (next === 'c') {
      const letter = this.#peek();
      if (letter === undefined || !/[A-Za-z]/.test(letter)) this.fail('a \\c without a letter');
      this.#at++;
      return this.#node({ kind: 'text', text: String.fromCharCode(letter.charCodeAt(0) % 32) });
    }
    if (next === 'x' || next === 'u') return this.#node({ kind: 'text', text: this.#codeEscape(next) });
    return this.#node({ kind: 'text', text: next });
  }

  /** The character of a `\xHH`, `\uHHHH` or `\u{H...}` escape, the escape's letter read. */
  #codeEscape(letter: 'x' | 'u'): string {
    const rest = this.#source.slice(this.#at);
    const found = letter === 'x' ? /^[\da-fA-F]{2}/.exec(rest) : /^(?:[\da-fA-F]{4}|\{[\da-fA-F]{1,6}\})/.exec(rest);
    if (found === null) return letter; // Outside unicode mode a bare \x or \u is the letter itself.
    this.#at += found[0].length;
    const point = Number.parseInt(found[0].replace(/[{}]/g, ''), 16);
    if (point > 0x10ffff) this.fail('a code point past U+10FFFF');
    return String.fromCodePoint(point);
  }
}
