import { RE2JS } from 're2js';
import { PatternRefused } from './PatternRefused.js';
import { re2Syntax } from './re2Syntax.js';

/** The most times RE2 repeats a part (`a{1000}`), nested repeats multiplied. */
const MAX_REPEAT = 1_000;

/**
 * A RegExp whose `test` and `exec` run on RE2's linear-time engine: its `source` and `flags` are the
 * JavaScript pattern's, so whatever reads a RegExp (zod's `regex` check, its JSON Schema writer)
 * takes it as one, and no text makes a match take longer than the text is long. Derived
 * expressions (`split`, `matchAll`) are plain RegExps; nothing here makes them from a pattern from outside.
 */
class LinearRegExp extends RegExp {
  readonly #engine: RE2JS;

  constructor(source: string, flags: string, engine: RE2JS) {
    super(source, flags);
    this.#engine = engine;
  }

  static override get [Symbol.species](): RegExpConstructor {
    return RegExp;
  }

  override test(text: string): boolean {
    return this.#engine.test(String(text));
  }

  override exec(text: string): RegExpExecArray | null {
    return this.#engine.exec(String(text)) as RegExpExecArray | null;
  }
}

function engineRefusal(error: unknown): string {
  const said = error instanceof Error ? error.message : String(error);
  if (said.includes('invalid repeat count')) {
    return (
      `repeats a part more than ${MAX_REPEAT.toLocaleString('en-US')} times (nested repeats multiplied), more ` +
      `than the linear-time engine takes. Write a smaller count, or an unbounded repeat such as {1,}`
    );
  }
  return `cannot be run by the linear-time engine (${said.replace(/^error parsing regexp: /, '')}). Write a plainer pattern`;
}

/**
 * The pattern `source` with `flags` (JavaScript's syntax and flags), matched in linear time. The g,
 * y and d flags are dropped: a test of a pattern from outside is stateless.
 *
 * @throws {PatternRefused} when JavaScript does not read it, or the engine cannot run it (a back
 * reference, a look-around, the v flag, a repeat over 1,000).
 */
export function linearRegExp(source: string, flags = ''): RegExp {
  if (flags.includes('v')) {
    throw new PatternRefused('has the v flag, whose class syntax the linear-time engine does not read. Use the u flag');
  }
  const kept = [...new Set(flags.replace(/[gyd]/g, ''))].join('');
  let js: RegExp;
  try {
    js = new RegExp(source, kept);
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    throw new PatternRefused(`does not compile (${said}). Correct it`);
  }
  const syntax = re2Syntax(source, js.unicode, js.dotAll);
  let engine: RE2JS;
  try {
    engine = RE2JS.compile(syntax, (js.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (js.multiline ? RE2JS.MULTILINE : 0));
  } catch (error) {
    throw new PatternRefused(engineRefusal(error));
  }
  return new LinearRegExp(source, kept, engine);
}

/**
 * A JSON Schema `pattern` (or `patternProperties` key) matched in linear time: read with the u flag
 * as JSON Schema means it, or without it when only that reads it (a pattern written for a
 * validator that reads patterns so, such as `[\w-.]`).
 *
 * @throws {PatternRefused} as {@link linearRegExp} does.
 */
export function jsonSchemaRegExp(source: string): RegExp {
  let unicode = true;
  try {
    new RegExp(source, 'u');
  } catch {
    unicode = false;
  }
  return linearRegExp(source, unicode ? 'u' : '');
}
