import { createContext, Script, type Context } from 'node:vm';

/** How long a regular expression that may backtrack without end may run on one text, in ms. */
export const REGEX_TIMEOUT_MS = 250;

/**
 * Whether a pattern may take time beyond measure on some text: a repeated group that repeats or
 * alternates inside (`(a+)+`, `(a|ab)*`), two unbounded repeats (`.*x.*y`, polynomial on a long
 * text), or a back reference. Such a pattern runs under a time limit; any other runs as it is.
 * Ers on the side of caution: a pattern it calls risky is only slower, never refused.
 *
 * @example
 * ```ts
 * isRisky('^refund'); // false
 * isRisky('(a+)+$'); // true
 * ```
 */
export function isRisky(source: string): boolean {
  const groups: { repeats: boolean }[] = [];
  let unbounded = 0;
  let lastGroup: { repeats: boolean } | undefined;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    let quantifier: 'bounded' | 'unbounded' | undefined;
    if (c === '\\') {
      if (/[1-9k]/.test(source[i + 1] ?? '')) return true;
      i++;
    } else if (c === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (c === '(') {
      groups.push({ repeats: false });
    } else if (c === ')') {
      lastGroup = groups.pop();
      continue;
    } else if (c === '|') {
      if (groups.length > 0) groups.at(-1)!.repeats = true;
    } else if (c === '*' || c === '+') {
      quantifier = 'unbounded';
    } else if (c === '{') {
      const close = source.indexOf('}', i);
      const body = close === -1 ? '' : source.slice(i + 1, close);
      if (/^\d+(,\d*)?$/.test(body)) {
        quantifier = body.endsWith(',') ? 'unbounded' : body.includes(',') ? 'bounded' : undefined;
        i = close;
      }
    }
    if (quantifier !== undefined) {
      if (quantifier === 'unbounded') unbounded++;
      if (lastGroup?.repeats === true || unbounded >= 2) return true;
      for (const group of groups) group.repeats = true;
    }
    lastGroup = undefined;
  }
  return false;
}

let sandbox: { readonly context: Context; readonly script: Script } | undefined;

/**
 * Tests `text` against a pattern `isRisky` called risky, within {@link REGEX_TIMEOUT_MS}: true or
 * false, or `'timeout'` when the match ran past it (the match is stopped, and the process goes on).
 *
 * @example
 * ```ts
 * testWithin(/(a+)+$/, 'a'.repeat(40) + '!'); // 'timeout'
 * ```
 */
export function testWithin(pattern: RegExp, text: string): boolean | 'timeout' {
  // The pattern is made again inside the sandbox: a match stopped there leaves nothing of this realm's behind.
  sandbox ??= {
    context: createContext({ source: undefined, flags: undefined, text: undefined }),
    script: new Script('new RegExp(source, flags).test(text)'),
  };
  sandbox.context.source = pattern.source;
  sandbox.context.flags = pattern.flags;
  sandbox.context.text = text;
  try {
    return sandbox.script.runInContext(sandbox.context, { timeout: REGEX_TIMEOUT_MS }) === true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'timeout';
    throw error;
  } finally {
    sandbox.context.source = sandbox.context.flags = sandbox.context.text = undefined;
  }
}
