import { linearRegExp } from '../../validation/linearRegExp.js';
import { PatternRefused } from '../../validation/PatternRefused.js';
import { NoFit } from './NoFit.js';

/** The most patterns one value reads: a schema that names more is refused (`T0142`). */
const MAX_PATTERNS = 200;
/** The longest pattern read, in characters. */
const MAX_PATTERN_LENGTH = 10_000;

/**
 * The patterns of one value's schema, read once on the linear-time engine; one it cannot run (a lookaround, a back
 * reference) is `T0142`, never run by a backtracking engine.
 */
export class Patterns {
  readonly #known = new Map<string, RegExp>();

  /** Whether `text` holds a match of `pattern` (anywhere: JSON Schema patterns are not anchored). */
  test(pattern: string, text: string, path: string): boolean {
    return this.#compiled(pattern, path).test(text);
  }

  #compiled(pattern: string, path: string): RegExp {
    let compiled = this.#known.get(pattern);
    if (compiled !== undefined) return compiled;
    if (this.#known.size >= MAX_PATTERNS) {
      throw new NoFit('T0142', path, `the schema names more than ${MAX_PATTERNS} patterns`);
    }
    if (pattern.length > MAX_PATTERN_LENGTH) {
      throw new NoFit('T0142', path, `a pattern is ${pattern.length} characters, over ${MAX_PATTERN_LENGTH}`);
    }
    try {
      // JSON Schema's patterns are ECMA-262 with the u flag; one that reads only without it is read so.
      compiled = linearRegExp(pattern, readable(pattern, 'u') ? 'u' : '');
    } catch (error) {
      if (!(error instanceof PatternRefused)) throw error;
      throw new NoFit('T0142', path, `the pattern ${JSON.stringify(clipped(pattern))} ${error.message}`);
    }
    this.#known.set(pattern, compiled);
    return compiled;
  }
}

function readable(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

/** A pattern as a message quotes it: its first 80 characters. */
export function clipped(pattern: string): string {
  return pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern;
}
