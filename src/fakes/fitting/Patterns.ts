import { createContext, Script, type Context } from 'node:vm';
import { RE2JS } from 're2js';
import { NoFit } from './NoFit.js';

/** How long a pattern RE2 cannot run (a lookaround, a back reference) may take on one text, in ms. */
export const PATTERN_TIMEOUT_MS = 100;

/** The most patterns one value reads: a schema that names more is refused (`T0142`). */
const MAX_PATTERNS = 200;
/** The longest pattern read, in characters. */
const MAX_PATTERN_LENGTH = 10_000;
/** How long the sandboxed patterns of one value may run in all, in ms: past it the value is refused (`T0142`). */
const SANDBOX_BUDGET_MS = 1000;

/**
 * The patterns of a schema (`pattern`, `patternProperties`), read once each and tested against
 * the texts `fitting` makes. A pattern is a JSON Schema (ECMA-262) expression from outside: it
 * runs on RE2 (linear time) when RE2 reads it, and otherwise, for the lookarounds and back
 * references RE2 lacks, as a JavaScript expression in a sandbox under {@link PATTERN_TIMEOUT_MS} a
 * text and a second for every text of one value. A pattern neither reads, one longer than 10,000
 * characters, or one that outlives its time is `T0142`.
 */
export class Patterns {
  readonly #known = new Map<string, (text: string) => boolean>();
  #sandbox: { readonly context: Context; readonly script: Script } | undefined;
  /** How long the sandboxed patterns have run so far, in ms. */
  #spent = 0;

  /** Whether `text` holds a match of `pattern` (anywhere: JSON Schema patterns are not anchored). */
  test(pattern: string, text: string, path: string): boolean {
    return this.#tester(pattern, path)(text);
  }

  #tester(pattern: string, path: string): (text: string) => boolean {
    let tester = this.#known.get(pattern);
    if (tester !== undefined) return tester;
    if (this.#known.size >= MAX_PATTERNS) {
      throw new NoFit('T0142', path, `the schema names more than ${MAX_PATTERNS} patterns`);
    }
    if (pattern.length > MAX_PATTERN_LENGTH) {
      throw new NoFit('T0142', path, `a pattern is ${pattern.length} characters, over ${MAX_PATTERN_LENGTH}`);
    }
    tester = this.#compile(pattern, path);
    this.#known.set(pattern, tester);
    return tester;
  }

  #compile(pattern: string, path: string): (text: string) => boolean {
    try {
      const re2 = RE2JS.compile(pattern);
      return (text) => re2.matcher(text).find();
    } catch {
      // Not RE2's syntax: a JavaScript expression, if it is one.
    }
    const flags = readable(pattern, 'u') ? 'u' : readable(pattern, '') ? '' : undefined;
    if (flags === undefined) {
      throw new NoFit('T0142', path, `the pattern ${JSON.stringify(clipped(pattern))} is no regular expression`);
    }
    return (text) => this.#sandboxed(pattern, flags, text, path);
  }

  #sandboxed(source: string, flags: string, text: string, path: string): boolean {
    this.#sandbox ??= {
      context: createContext({ source: undefined, flags: undefined, text: undefined }),
      script: new Script('new RegExp(source, flags).test(text)'),
    };
    const { context, script } = this.#sandbox;
    if (this.#spent > SANDBOX_BUDGET_MS) {
      throw new NoFit('T0142', path, `the patterns RE2 cannot run took more than ${SANDBOX_BUDGET_MS} ms in all`);
    }
    Object.assign(context, { source, flags, text });
    const started = performance.now();
    try {
      return script.runInContext(context, { timeout: PATTERN_TIMEOUT_MS }) === true;
    } catch (error) {
      const slow = (error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
      throw new NoFit(
        'T0142',
        path,
        slow
          ? `the pattern ${JSON.stringify(clipped(source))} ran past ${PATTERN_TIMEOUT_MS} ms on a text of ` +
              `${text.length} characters`
          : `the pattern ${JSON.stringify(clipped(source))} failed: ${(error as Error).message}`,
      );
    } finally {
      this.#spent += performance.now() - started;
      Object.assign(context, { source: undefined, flags: undefined, text: undefined });
    }
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
