import type { Answer } from '../../fakes/model/Answer.js';

/** The key fast-check reads a value's own printing from (`fc.toStringMethod`), the same in every copy of it. */
const toStringMethod = Symbol.for('fast-check/toStringMethod');

/**
 * A script as the source that fakes it: `app.fake('writer', [...])`, one answer a line, ready to paste into a test.
 * Strings are single-quoted and escaped, keys bare where they can be; the value it reads back is the script.
 *
 * @example
 * ```ts
 * toFakeLiteral('writer', [{ fail: 'rate_limit' }, { value: { answer: '', pages: [] } }]);
 * // app.fake('writer', [
 * //   { fail: 'rate_limit' },
 * //   { value: { answer: '', pages: [] } },
 * // ])
 * ```
 */
export function toFakeLiteral(model: string, script: readonly Answer[]): string {
  if (script.length === 0) return `app.fake(${quote(model)}, [])`;
  return `app.fake(${quote(model)}, [\n${script.map((answer) => `  ${literal(answer)},\n`).join('')}])`;
}

/** The script, printed by fast-check (in a failing property's counterexample) as {@link toFakeLiteral} prints it. */
export function printedAs<T extends readonly Answer[]>(model: string, script: T): T {
  Object.defineProperty(script, toStringMethod, { value: () => toFakeLiteral(model, script) });
  return script;
}

/** A JSON value as a JavaScript literal. */
function literal(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object') {
    const fields = Object.entries(value).filter(([, field]) => field !== undefined);
    if (fields.length === 0) return '{}';
    return `{ ${fields.map(([key, field]) => `${keyOf(key)}: ${literal(field)}`).join(', ')} }`;
  }
  return 'undefined';
}

function keyOf(key: string): string {
  // `__proto__: x` in a literal sets the prototype; a computed key makes it a field.
  if (key === '__proto__') return `[${quote(key)}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key);
}

const named: Readonly<Record<string, string>> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function quote(text: string): string {
  let quoted = "'";
  for (const char of text) {
    const code = char.charCodeAt(0);
    // Control characters, line separators and lone surrogates are escaped: the literal stays on its line, in UTF-8.
    const hidden =
      char.length === 1 &&
      (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 || (code >= 0xd800 && code <= 0xdfff));
    quoted += named[char] ?? (hidden ? `\\u${code.toString(16).padStart(4, '0')}` : char);
  }
  return `${quoted}'`;
}
