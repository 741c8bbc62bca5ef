import type { z } from 'zod';
import { closest, describeType, formatPath, valueAt } from './formatPath.js';
import { schemaKeys } from './schemaKeys.js';

/** Per-path advice for one schema: what to write at a path, and the keys allowed in an object there. */
export interface IssueHints {
  /** The path pattern of an issue (`models.*.provider`), from its concrete path. */
  readonly pattern?: (path: readonly PropertyKey[]) => string;
  /** What a path pattern should hold, said the way the fix is written. */
  readonly expected?: Readonly<Record<string, string>>;
  /** The keys an object at a path pattern may have. */
  readonly keys?: Readonly<Record<string, readonly string[]>>;
  /** The schema the input was parsed with: where `keys` names none, the allowed keys are read from it. */
  readonly schema?: z.core.$ZodType;
}

const concrete = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/**
 * Says what is wrong with an input, one line per zod issue: the exact path, what was found
 * (its type, never its value, which may be a secret) and what to write instead.
 */
export function describeIssues(
  root: string,
  input: unknown,
  issues: readonly z.core.$ZodIssue[],
  hints: IssueHints = {},
): string[] {
  const lines: string[] = [];
  let rest = 0;
  for (const [i, issue] of issues.entries()) {
    lines.push(...describeIssue(root, input, issue, hints));
    if (lines.length > MAX_ISSUE_LINES) {
      // The rest are counted, not described: a list of 200 bad entries says the first few and how many more.
      rest = issues.length - i - 1;
      break;
    }
  }
  return capLines(lines, rest);
}

/** How many problems a message lists before it says how many more there are. */
export const MAX_ISSUE_LINES = 10;

/**
 * The first {@link MAX_ISSUE_LINES} of `lines`, then one line saying how many more there are (`uncounted` more besides
 * those left out of `lines`; of `items` when they are no problems), so a message stays readable and bounded.
 */
export function capLines(lines: readonly string[], uncounted = 0, items?: string): string[] {
  const more = Math.max(0, lines.length - MAX_ISSUE_LINES) + uncounted;
  if (more === 0) return [...lines];
  const last =
    items !== undefined
      ? `  … and ${more} more ${items}`
      : `… and ${more} more ${more === 1 ? 'problem' : 'problems'} like these: fix these and the rest are listed next ` +
        `time.`;
  return [...lines.slice(0, MAX_ISSUE_LINES), last];
}

function describeIssue(root: string, input: unknown, issue: z.core.$ZodIssue, hints: IssueHints): string[] {
  const where = formatPath(root, issue.path);
  const key = (hints.pattern ?? concrete)(issue.path);
  const want = hints.expected?.[key];
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = hints.keys?.[key] ?? (hints.schema === undefined ? [] : schemaKeys(hints.schema, issue.path));
      return issue.keys.map((name) => {
        const guess = closest(name, known);
        const allowed = known.length > 0 ? ` Allowed keys here: ${known.join(', ')}.` : ' Remove it.';
        return (
          `${formatPath(where, [name])}: unknown key ` +
          `'${name}'.${guess ? ` Did you mean '${guess}'?` : ''}${allowed}`
        );
      });
    }
    case 'invalid_type': {
      const got = valueAt(input, issue.path);
      if (got === undefined) return [`${where}: missing. Write ${want ?? expectedType(issue.expected)}.`];
      return [`${where}: expected ${want ?? expectedType(issue.expected)}, got ${describeType(got)}.`];
    }
    case 'invalid_union': {
      // The branch that got furthest into the input says best what is wrong with it.
      const branch = deepestBranch(issue.errors);
      if (branch !== undefined) {
        const nested = branch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as z.core.$ZodIssue);
        return nested.flatMap((inner) => describeIssue(root, input, inner, hints));
      }
      const got = valueAt(input, issue.path);
      if (got === undefined) return [`${where}: missing.${want ? ` Write ${want}.` : ''}`];
      return [`${where}: ${want ? `expected ${want}` : 'does not match any allowed shape'}, got ${describeType(got)}.`];
    }
    case 'invalid_key': {
      const key = issue.path.at(-1);
      const why = issue.issues.map((inner) => lowerFirst(inner.message)).join('; ');
      return [`${where}: the name ${JSON.stringify(String(key))} is not allowed: ${why}.`];
    }
    case 'custom':
      if (valueAt(input, issue.path) === undefined)
        return [`${where}: missing. ${want ? `Write ${want}.` : issue.message + '.'}`];
      return [
        `${where}: ${lowerFirst(issue.message)}, got ` +
          `${describeType(valueAt(input, issue.path))}.${want ? ` Write ${want}.` : ''}`,
      ];
    default:
      return [`${where}: ${lowerFirst(issue.message)}.${want ? ` Write ${want}.` : ''}`];
  }
}

function deepestBranch(branches: readonly (readonly z.core.$ZodIssue[])[]): readonly z.core.$ZodIssue[] | undefined {
  let best: readonly z.core.$ZodIssue[] | undefined;
  let depth = 0;
  for (const branch of branches) {
    const deepest = Math.max(0, ...branch.map((inner) => inner.path.length));
    if (deepest > depth) {
      best = branch;
      depth = deepest;
    }
  }
  return best;
}

function expectedType(type: string): string {
  if (type === 'array' || type === 'object') return `an ${type}`;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
