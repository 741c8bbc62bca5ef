/**
 * Where things are in a cassette's JSON text. A cassette is edited by hand, so its errors point into the file, and
 * `prune` cuts entries out leaving every other byte as it was.
 */

import { readFileSync } from 'node:fs';

/** A span of text, `end` exclusive. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A JSON text that does not scan: where it stops being JSON, and what was expected there. */
class NotJson extends Error {
  constructor(
    readonly at: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// A JSON string: no raw control character (U+0000 to U+001F) inside, only escapes.
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

function skipSpace(text: string, at: number): number {
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    at++;
  }
  return at;
}

function sticky(pattern: RegExp, text: string, at: number, what: string): number {
  pattern.lastIndex = at;
  if (!pattern.test(text)) throw new NotJson(at, what);
  return pattern.lastIndex;
}

/** Scans the value at `at` and answers where it ends; `visit` sees each member and answers whether to scan into it. */
function scanValue(text: string, at: number, visit?: (key: string | number, span: Span) => void, depth = 0): number {
  // Deeper than any cassette nests (plainJson bounds it far below); the bound keeps the call stack safe.
  if (depth > 1000) throw new NotJson(at, 'a value nested less deeply');
  at = skipSpace(text, at);
  const c = text[at];
  if (c === '{' || c === '[') {
    const close = c === '{' ? '}' : ']';
    at = skipSpace(text, at + 1);
    if (text[at] === close) return at + 1;
    for (let index = 0; ; index++) {
      let key: string | number = index;
      if (c === '{') {
        const keyEnd = sticky(STRING, text, at, 'a key in double quotes');
        key = JSON.parse(text.slice(at, keyEnd)) as string;
        at = skipSpace(text, keyEnd);
        if (text[at] !== ':') throw new NotJson(at, "':' after the key");
        at = skipSpace(text, at + 1);
      }
      const start = skipSpace(text, at);
      const end = scanValue(text, start, undefined, depth + 1);
      visit?.(key, { start, end });
      at = skipSpace(text, end);
      if (text[at] === close) return at + 1;
      if (text[at] !== ',') throw new NotJson(at, `',' or '${close}'`);
      at = skipSpace(text, at + 1);
    }
  }
  if (c === '"') return sticky(STRING, text, at, 'a string');
  for (const word of ['true', 'false', 'null']) if (text.startsWith(word, at)) return at + word.length;
  return sticky(NUMBER, text, at, 'a value (an object, list, string, number, true, false or null)');
}

/** The line and column (both from 1) of `offset` in `text`. */
export function lineColumn(text: string, offset: number): { readonly line: number; readonly column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Where `text` stops being JSON, and what was expected there; undefined when it is JSON. */
export function jsonProblemAt(text: string): { readonly at: number; readonly expected: string } | undefined {
  try {
    const end = skipSpace(text, scanValue(text, text.charCodeAt(0) === 0xfeff ? 1 : 0));
    return end === text.length ? undefined : { at: end, expected: 'the end of the file after the value' };
  } catch (error) {
    if (error instanceof NotJson) return { at: error.at, expected: error.expected };
    throw error;
  }
}

/** The span of the value at `path`, or of the deepest one on the way; undefined when the text is not JSON. */
export function spanAt(text: string, path: readonly (string | number)[]): Span | undefined {
  let span: Span = { start: skipSpace(text, 0), end: text.length };
  try {
    for (const key of path) {
      let found: Span | undefined;
      scanValue(text, span.start, (member, memberSpan) => {
        if (found === undefined && member === key) found = memberSpan;
      });
      if (found === undefined) return span;
      span = found;
    }
    return span;
  } catch (error) {
    if (error instanceof NotJson) return undefined;
    throw error;
  }
}

/** The spans of the members of the list at `path` (such as a cassette's `entries`), in order. */
export function memberSpans(text: string, path: readonly (string | number)[]): Span[] {
  const list = spanAt(text, path);
  if (list === undefined) return [];
  const spans: Span[] = [];
  scanValue(text, list.start, (_key, span) => spans.push(span));
  return spans;
}

/** `line 3, column 7` of `path` in `file`, read again for an error found after loading; '' when not found. */
export function placeInFile(file: string, path: readonly (string | number)[]): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  const span = spanAt(text, path);
  if (span === undefined) return '';
  const { line, column } = lineColumn(text, span.start);
  return `line ${line}, column ${column}`;
}
