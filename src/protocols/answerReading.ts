import { z } from 'zod';
import type { ClassifiedUsage } from './Classification.js';
import { AnswerMismatch } from './classificationFaults.js';

/*
 * What the classification protocols' reply readers share: the leaf shapes of an answer, each saying
 * in its words what a field should hold, and the checks of an answer against its question, each
 * throwing an AnswerMismatch that names the field's path in the body.
 */

/** A path inside a reply body: `['answers', 'team', 'choice']` is `body.answers.team.choice`. */
export type BodyPath = readonly PropertyKey[];

/** A JSON value as a message quotes it, cut short when long; `nothing` for a field left out. */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Names in a message: each in JSON quotes, the first ten, then how many more. */
export function quoted(names: readonly string[]): string {
  const some = names.slice(0, 10).map((name) => JSON.stringify(name));
  return names.length > 10 ? `${some.join(', ')} and ${names.length - 10} more` : some.join(', ');
}

/** `path` as code writes it, under `body`: `body.answers[0].name`, `body.answers["my id"]`. */
export function bodyPath(path: BodyPath): string {
  let out = 'body';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

const notObject = (issue: { readonly input?: unknown }): string => `should be an object, got ${shown(issue.input)}`;

/** A number from `min` to `max`, read as the float it is (`-0` as `0`). */
export function between(min: number, max: number) {
  const range = `from ${min} to ${max}`;
  const out = (issue: { readonly input?: unknown }): string =>
    `is ${String(issue.input)}, out of range: it should be ${range}`;
  return z
    .number({ error: (issue) => `should be a number ${range}, got ${shown(issue.input)}` })
    .min(min, { error: out })
    .max(max, { error: out })
    .transform((value) => value + 0);
}

export const probability = between(0, 1);
export const text = z.string({ error: (issue) => `should be a string, got ${shown(issue.input)}` });
export const anyNumber = z.number({ error: (issue) => `should be a number, got ${shown(issue.input)}` });

/** A list of `item`s. */
export function listOf<S extends z.ZodType<unknown, unknown>>(item: S) {
  return z.array(item, { error: (issue) => `should be a list, got ${shown(issue.input)}` });
}

export const jsonList = listOf(z.unknown());

/** An object of `value`s by key. */
export function keyed<S extends z.ZodType<unknown, unknown>>(value: S) {
  return z.record(z.string(), value, { error: notObject });
}

export const jsonObject = keyed(z.unknown());
/** An answer's object of `shape`, its extra fields let through (servers add their own). */
export function answerObject<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.object(shape, { error: notObject });
}

/** Throws the mismatch at `path`: `problem` says what is wrong there. */
export function mismatch(path: BodyPath, problem: string, question?: string): never {
  throw new AnswerMismatch(bodyPath(path), problem, question);
}

/** `value` read as `schema` says, or the first field at fault as a mismatch under `path`. */
export function readAt<S extends z.ZodType>(schema: S, value: unknown, path: BodyPath, question?: string): z.output<S> {
  const read = schema.safeParse(value);
  if (read.success) return read.data;
  const issue = read.error.issues[0]!;
  return mismatch([...path, ...issue.path], issue.message, question);
}

/** A mismatch unless `keys` are exactly `wanted` (in any order), naming the ones missing, extra and twice given. */
export function sameKeys(
  keys: readonly string[],
  wanted: readonly string[],
  path: BodyPath,
  what: string,
  question?: string,
): void {
  const known = new Set(keys);
  const asked = new Set(wanted);
  const missing = wanted.filter((key) => !known.has(key));
  const extra = keys.filter((key) => !asked.has(key));
  if (missing.length === 0 && extra.length === 0 && known.size === keys.length) return;
  const twice = keys.filter((key, i) => keys.indexOf(key) !== i);
  const said = [
    missing.length > 0 ? `lacks ${quoted(missing)}` : '',
    extra.length > 0 ? `has ${quoted(extra)} too` : '',
    twice.length > 0 ? `has ${quoted(twice)} twice` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  mismatch(path, `should be keyed by exactly the ${what} (${quoted(wanted)}), and it ${said}`, question);
}

/**
 * Token counts, null where not a whole number (usage is informative, never a mismatch); the total is the reply's, else
 * the sum.
 */
export function usageOf(value: unknown): ClassifiedUsage {
  const usage = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const inputTokens = count(usage.input_tokens);
  const outputTokens = count(usage.output_tokens);
  const total = count(usage.total_tokens);
  return {
    inputTokens,
    outputTokens,
    totalTokens: total ?? (inputTokens !== null && outputTokens !== null ? inputTokens + outputTokens : null),
  };
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}
