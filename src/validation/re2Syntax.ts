import { PatternRefused } from './PatternRefused.js';
import { unicodeProperty } from './unicodeProperty.js';

/** JavaScript's white space, what `\s` matches there: RE2's own `\s` is ASCII only. */
const SPACES: readonly (readonly [number, number])[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const MAX_CODE_POINT = 0x10ffff;

const hex = (code: number): string => `\\x{${code.toString(16)}}`;
const ranges = (list: readonly (readonly [number, number])[]): string =>
  list.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('');

/** The inside of a class of every code point but `list`'s. */
function complement(list: readonly (readonly [number, number])[]): string {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of list) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return ranges(out);
}

const SPACE = ranges(SPACES);
const NOT_SPACE = complement(SPACES);
const ANY = `[${hex(0)}-${hex(MAX_CODE_POINT)}]`;
/** What `.` matches without the s flag: anything but JavaScript's line terminators. */
const NOT_LINE_END = '[^\\n\\r\\x{2028}\\x{2029}]';

const backReference = (written: string): PatternRefused =>
  new PatternRefused(
    `uses a back reference (${written}), which a linear-time engine cannot match. Write it without back references`,
  );

/** `char` as a literal RE2 reads: ASCII letters and digits as they are, punctuation escaped, the rest by code point. */
function literal(char: string): string {
  if (/^[A-Za-z0-9]$/.test(char)) return char;
  if (/^[!-/:-@[-`{-~]$/.test(char)) return `\\${char}`;
  return hex(char.codePointAt(0)!);
}

/** How many capturing groups `source` opens: a legacy `\2` is a back reference only within that count. */
function countGroups(source: string): number {
  let count = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(' && (source[i + 1] !== '?' || /^\?<[^=!]/.test(source.slice(i + 1, i + 4)))) count++;
  }
  return count;
}

/**
 * Rewrites a pattern JavaScript has read (with the `u` flag when `unicode`) in RE2's syntax with the
 * same meaning: `\s` and `.` as JavaScript means them, `\u` escapes, `[^]`, named groups, legacy octal
 * and identity escapes. The i and m flags are set on the engine; `dotAll` is the s flag.
 *
 * @throws {PatternRefused} for a back reference, a look-around or an inline flag group.
 */
export function re2Syntax(source: string, unicode: boolean, dotAll: boolean): string {
  const groups = countGroups(source);
  const hasNames = /\(\?<[^=!]/.test(source);
  const names = new Set<string>();
  let out = '';
  let inClass = false;
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      const [text, width] = escape(source, i, { inClass, unicode, groups, hasNames });
      out += text;
      i += width;
    } else if (inClass) {
      inClass = c !== ']';
      // RE2 reads `[[:alpha:]]` as a POSIX class; in JavaScript a `[` inside a class is itself.
      out += c === '[' ? '\\[' : c;
      i++;
    } else if (c === '[') {
      if (source.startsWith('[^]', i)) [out, i] = [out + ANY, i + 3];
      else if (source.startsWith('[]', i)) [out, i] = [out + `[^${ANY.slice(1)}`, i + 2];
      else {
        inClass = true;
        const negated = source[i + 1] === '^';
        out += negated ? '[^' : '[';
        i += negated ? 2 : 1;
      }
    } else if (c === '(') {
      const [text, width] = group(source, i, names);
      out += text;
      i += width;
    } else {
      out += c === '.' ? (dotAll ? ANY : NOT_LINE_END) : c;
      i++;
    }
  }
  return out;
}

function group(source: string, at: number, names: Set<string>): [string, number] {
  if (source[at + 1] !== '?') return ['(', 1];
  const head = source.slice(at, at + 4);
  if (head.startsWith('(?:')) return ['(?:', 3];
  if (head.startsWith('(?=') || head.startsWith('(?!')) {
    throw new PatternRefused(
      `uses a look-ahead (${head.slice(0, 3)}…), which a linear-time engine cannot match. Write it without look-arounds`,
    );
  }
  if (head === '(?<=' || head === '(?<!') {
    throw new PatternRefused(
      `uses a look-behind (${head}…), which a linear-time engine cannot match. Write it without look-arounds`,
    );
  }
  if (head.startsWith('(?<')) {
    const close = source.indexOf('>', at);
    const name = source.slice(at + 3, close);
    // Names only matter to a match's groups: one RE2 cannot take stays a group without its name.
    const kept = /^[A-Za-z_]\w*$/.test(name) && !names.has(name);
    if (kept) names.add(name);
    return [kept ? `(?P<${name}>` : '(', close - at + 1];
  }
  throw new PatternRefused(
    `uses an inline flag group (${head}…). Write it without one, and set the flags on the whole expression`,
  );
}

interface EscapeContext {
  readonly inClass: boolean;
  readonly unicode: boolean;
  readonly groups: number;
  readonly hasNames: boolean;
}

/** The RE2 text of the escape at `at` (a backslash), and how many characters of `source` it takes. */
function escape(source: string, at: number, context: EscapeContext): [string, number] {
  const { inClass, unicode } = context;
  const e = source[at + 1];
  if (e === undefined) return ['\\\\', 1];
  switch (e) {
    case 'd':
    case 'D':
    case 'w':
    case 'W':
    case 'n':
    case 'r':
    case 't':
    case 'f':
    case 'v':
      return [`\\${e}`, 2];
    case 's':
      return [inClass ? SPACE : `[${SPACE}]`, 2];
    case 'S':
      return [inClass ? NOT_SPACE : `[^${SPACE}]`, 2];
    case 'b':
      return [inClass ? hex(8) : '\\b', 2];
    case 'B':
      return [inClass ? 'B' : '\\B', 2];
    case 'k':
      if (unicode || context.hasNames) throw backReference(source.slice(at, source.indexOf('>', at) + 1) || '\\k');
      return ['k', 2];
    case 'x': {
      const digits = source.slice(at + 2, at + 4);
      return /^[0-9A-Fa-f]{2}$/.test(digits) ? [hex(parseInt(digits, 16)), 4] : ['x', 2];
    }
    case 'u':
      return unicodeEscape(source, at, unicode);
    case 'c': {
      const letter = source[at + 2] ?? '';
      return /^[A-Za-z]$/.test(letter) ? [hex(letter.charCodeAt(0) % 32), 3] : ['\\\\c', 2];
    }
    case 'p':
    case 'P': {
      if (!unicode) return [e, 2];
      const close = source.indexOf('}', at);
      const name = source.slice(at + 3, close);
      return [`\\${e}{${unicodeProperty(name)}}`, close - at + 1];
    }
    default:
      if (/[0-9]/.test(e)) return numbered(source, at, context);
      {
        const char = String.fromCodePoint(source.codePointAt(at + 1)!);
        return [literal(char), 1 + char.length];
      }
  }
}

/** `\0`, a back reference `\1`, or (without the u flag) a legacy octal escape such as `\012`. */
function numbered(source: string, at: number, context: EscapeContext): [string, number] {
  const digits = /^\d+/.exec(source.slice(at + 1))![0];
  if (digits.startsWith('0')) {
    if (context.unicode || !/^0[0-7]/.test(digits)) return [hex(0), 2];
  } else if (!context.inClass && (context.unicode || Number(digits) <= context.groups)) {
    throw backReference(`\\${digits}`);
  }
  const octal = /^[0-7]{1,3}/.exec(digits)?.[0];
  if (octal === undefined) return [digits[0]!, 2];
  const code = parseInt(octal, 8);
  // A legacy octal escape reads at most the digits that stay within \377.
  const taken = code > 0o377 ? octal.slice(0, 2) : octal;
  return [hex(parseInt(taken, 8)), 1 + taken.length];
}

function unicodeEscape(source: string, at: number, unicode: boolean): [string, number] {
  if (unicode && source[at + 2] === '{') {
    const close = source.indexOf('}', at);
    return [hex(parseInt(source.slice(at + 3, close), 16)), close - at + 1];
  }
  const unit = source.slice(at + 2, at + 6);
  if (!/^[0-9A-Fa-f]{4}$/.test(unit)) return ['u', 2];
  const high = parseInt(unit, 16);
  const next = /^\\u([Dd][C-Fc-f][0-9A-Fa-f]{2})/.exec(source.slice(at + 6));
  if (high >= 0xd800 && high <= 0xdbff && next !== null) {
    // A surrogate pair written as two escapes is the one code point RE2 matches.
    const low = parseInt(next[1]!, 16);
    return [hex((high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000), 12];
  }
  return [hex(high), 6];
}
