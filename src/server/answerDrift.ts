import type { ZodType } from 'zod';
import type { Answer, AnswerCall, AnswerPart } from '../fakes/model/Answer.js';
import { stableJson } from '../fakes/cassettes/stableJson.js';

/** How a new answer compares with the recorded one. */
export type DriftVerdict = 'same' | 'wording only' | 'changed';

/** A verdict, what changed in structure (for `changed`), and which fields differ in wording only. */
export interface Drift {
  readonly verdict: DriftVerdict;
  readonly changes: readonly string[];
  readonly wording: readonly string[];
}

/** What of a reply's answer the comparison reads, whichever way the answer is written (fields or a `parts` list). */
interface ReplyShape {
  readonly fail: string | undefined;
  readonly misbehave: string | undefined;
  readonly finish: string | undefined;
  readonly calls: readonly AnswerCall[];
  readonly hasValue: boolean;
  readonly value: unknown;
  readonly text: string | undefined;
  readonly reasoning: unknown;
  readonly units: { readonly tokensIn: number; readonly tokensOut: number } | undefined;
}

/**
 * Compares a reply's new answer with its recorded one: a failure, misbehaviour, finish, tool call (by name, and its
 * input's keys and types) or typed value (against the request's `output`) that differs is a change in structure; units
 * past `tolerance` (a fraction of the recorded count) too. Text, reasoning, input values and call ids are wording.
 */
export function replyDrift(recorded: Answer, fresh: Answer, output: ZodType | undefined, tolerance: number): Drift {
  const was = replyShape(recorded);
  const now = replyShape(fresh);
  const changes: string[] = [];
  if (was.fail !== now.fail) {
    changes.push(
      was.fail === undefined
        ? `a failure (${now.fail}) where there was an answer`
        : now.fail === undefined
          ? `an answer where there was a failure (${was.fail})`
          : `the failure is ${now.fail}, was ${was.fail}`,
    );
    return settle(recorded, fresh, changes, []);
  }
  if (was.misbehave !== now.misbehave) {
    changes.push(
      now.misbehave === undefined
        ? `no misbehaviour, was ${was.misbehave}`
        : `misbehaves as ${now.misbehave}${was.misbehave === undefined ? '' : `, was ${was.misbehave}`}`,
    );
  }
  if (was.finish !== now.finish) changes.push(`finish ${now.finish ?? 'none'}, was ${was.finish ?? 'none'}`);
  changes.push(...callChanges(was.calls, now.calls));
  if (was.hasValue !== now.hasValue) {
    changes.push(now.hasValue ? 'a typed value where there was none' : 'no typed value where there was one');
  } else if (now.hasValue) {
    const problem = output === undefined ? undefined : output.safeParse(now.value);
    if (problem !== undefined && !problem.success) {
      const issue = problem.error.issues[0];
      const path = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.map(String).join('.')}`;
      changes.push(`the typed value no longer fits the request's output schema${path}: ${issue?.message ?? ''}`);
    } else if (output === undefined) changes.push(...shapeChanges('the typed value', was.value, now.value));
  }
  if (was.units !== undefined && now.units !== undefined) {
    for (const field of ['tokensIn', 'tokensOut'] as const) {
      const before = was.units[field];
      const after = now.units[field];
      if (Math.abs(after - before) > tolerance * Math.max(before, 1)) {
        changes.push(`${field} ${after}, was ${before}: past the ±${Math.round(tolerance * 100)}% tolerance`);
      }
    }
  }
  const wording = (['text', 'reasoning', 'calls', 'value', 'units'] as const).filter(
    (field) =>
      stableJson(field === 'calls' ? withoutIds(was.calls) : was[field]) !==
      stableJson(field === 'calls' ? withoutIds(now.calls) : now[field]),
  );
  return settle(recorded, fresh, changes, wording);
}

function settle(recorded: unknown, fresh: unknown, changes: string[], wording: readonly string[]): Drift {
  if (changes.length > 0) return { verdict: 'changed', changes, wording };
  const same = wording.length === 0 && stableJson(withoutCallIds(recorded)) === stableJson(withoutCallIds(fresh));
  return same ? { verdict: 'same', changes, wording: [] } : { verdict: 'wording only', changes, wording };
}

/** Tool calls added, missing, out of order, or whose input has other keys or types. */
function callChanges(was: readonly AnswerCall[], now: readonly AnswerCall[]): string[] {
  const changes: string[] = [];
  const left = now.map((call) => call.tool);
  for (const call of was) {
    const at = left.indexOf(call.tool);
    if (at === -1) changes.push(`tool call ${call.tool} missing`);
    else left.splice(at, 1);
  }
  for (const name of left) changes.push(`tool call ${name} added`);
  if (changes.length > 0) return changes;
  const order = (calls: readonly AnswerCall[]): string => calls.map((call) => call.tool).join(', ');
  if (order(was) !== order(now)) return [`tool calls in another order: ${order(now)}, was ${order(was)}`];
  return was.flatMap((call, i) => shapeChanges(`tool call ${call.tool}'s input`, call.with ?? {}, now[i]!.with ?? {}));
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Keys added or missing and values of another type, from `where` down; equal values of one type are no change. */
function shapeChanges(where: string, was: unknown, now: unknown): string[] {
  const before = kindOf(was);
  const after = kindOf(now);
  if (before !== after) return [`${where} is ${after}, was ${before}`];
  if (Array.isArray(was) && Array.isArray(now)) {
    return was.length > 0 && now.length > 0 ? shapeChanges(`${where}[0]`, was[0], now[0]) : [];
  }
  if (before !== 'an object') return [];
  const a = was as Record<string, unknown>;
  const b = now as Record<string, unknown>;
  return [
    ...Object.keys(b)
      .filter((key) => !Object.hasOwn(a, key))
      .map((key) => `${where}: key '${key}' added`),
    ...Object.keys(a)
      .filter((key) => !Object.hasOwn(b, key))
      .map((key) => `${where}: key '${key}' missing`),
    ...Object.keys(a)
      .filter((key) => Object.hasOwn(b, key))
      .flatMap((key) => shapeChanges(`${where}.${key}`, a[key], b[key])),
  ];
}

function replyShape(answer: Answer): ReplyShape {
  const stream = Array.isArray(answer.parts) && answer.parts.some((part) => typeof part !== 'number');
  const parts = stream ? (answer.parts as readonly AnswerPart[]) : [];
  const pieces = (key: 'text' | 'json'): string[] =>
    parts.flatMap((part) => (typeof part === 'object' && key in part ? [(part as Record<string, string>)[key]!] : []));
  const calls = stream
    ? parts.flatMap((part) => (typeof part === 'object' && 'call' in part ? [part.call] : []))
    : (answer.calls ?? []);
  const json = pieces('json');
  let value: unknown = answer.value;
  if (stream && json.length > 0) {
    try {
      value = JSON.parse(json.join(''));
    } catch {
      value = json.join('');
    }
  }
  const text = stream ? (pieces('text').length > 0 ? pieces('text').join('') : undefined) : answer.text;
  const sum = parts.flatMap((part) => (typeof part === 'object' && 'units' in part ? [part.units] : []));
  const units =
    answer.units ??
    (sum.length === 0
      ? undefined
      : sum.reduce((a, b) => ({ tokensIn: a.tokensIn + b.tokensIn, tokensOut: a.tokensOut + b.tokensOut })));
  return {
    fail: answer.fail,
    misbehave: answer.misbehave,
    finish: answer.fail !== undefined ? undefined : (answer.finish ?? (calls.length > 0 ? 'calls' : 'stop')),
    calls,
    hasValue: value !== undefined,
    value,
    text,
    reasoning: stream ? parts.filter((part) => typeof part === 'object' && 'reasoning' in part) : answer.reasoning,
    units,
  };
}

function withoutIds(calls: readonly AnswerCall[]): unknown {
  return calls.map(({ tool, with: input }) => ({ tool, with: input ?? {} }));
}

/** `answer` with the ids of its tool calls left out: a provider makes them up on every call. */
function withoutCallIds(answer: unknown): unknown {
  if (Array.isArray(answer)) return answer.map(withoutCallIds);
  if (answer === null || typeof answer !== 'object') return answer;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(answer)) {
    if (key === 'call' && item !== null && typeof item === 'object') {
      const { id: _id, ...rest } = item as Record<string, unknown>;
      out[key] = rest;
    } else if (key === 'calls' && Array.isArray(item)) out[key] = withoutIds(item as AnswerCall[]);
    else out[key] = withoutCallIds(item);
  }
  return out;
}
