/**
 * Checks of a cassette file's JSON by hand, so a file of thousands of entries loads without a zod parse (and copy) of
 * each. `fitsCassetteFile` and `fitsEntry` accept exactly what the schemas accept (an entry with a `when` is left to
 * them); when one refuses, the schema runs to word the error. `quickReply` accepts a part of what `prepareAnswer` does.
 * quickChecks.test.ts holds them to both on generated values.
 */

import { cassetteCalls } from './cassetteSchema.js';
import { MAX_DELAY_MS } from '../model/answerSchema.js';

const fileKeys: ReadonlySet<string> = new Set(['standin', 'version', 'entries']);
const entryKeys: ReadonlySet<string> = new Set([
  'model',
  'call',
  'fallback',
  'request',
  'when',
  'answer',
  'recorded',
  'tools',
  'timing',
]);
const timingKeys: ReadonlySet<string> = new Set(['firstMs', 'gapsMs']);
const callNames: ReadonlySet<string> = new Set(cassetteCalls);
const replyKeys: ReadonlySet<string> = new Set(['text', 'reasoning', 'units', 'finish', 'calls', 'value']);
const unitsKeys: ReadonlySet<string> = new Set(['tokensIn', 'tokensOut']);
const callKeys: ReadonlySet<string> = new Set(['tool', 'with', 'id']);
const finishes: ReadonlySet<unknown> = new Set(['stop', 'calls', 'length']);

/** An object read from JSON, not a list: what zod's `z.record` and `z.strictObject` take. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether every key `value` has (as zod's strict objects read them, `for...in`) is one of `known`. */
function onlyKeys(value: object, known: ReadonlySet<string>): boolean {
  for (const key in value) if (!known.has(key)) return false;
  return true;
}

/** A day as `z.iso.date()` takes it: `YYYY-MM-DD`, a day the calendar has. */
function isDay(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Whether a cassette file's JSON fits `cassetteFileSchema`: `{ standin: 'cassette', version: 1, entries: [...] }`. */
export function fitsCassetteFile(json: unknown): json is { readonly entries: readonly unknown[] } {
  return (
    isRecord(json) &&
    onlyKeys(json, fileKeys) &&
    json.standin === 'cassette' &&
    json.version === 1 &&
    Array.isArray(json.entries)
  );
}

/** Whether an entry fits `entrySchema` and has no `when` (the schema reads those). */
export function fitsEntry(raw: unknown): boolean {
  if (!isRecord(raw) || !onlyKeys(raw, entryKeys)) return false;
  const { model, call, fallback, request, when, answer, recorded, tools, timing } = raw;
  return (
    when === undefined &&
    (tools === undefined || Array.isArray(tools)) &&
    (timing === undefined || isTiming(timing)) &&
    (recorded === undefined || isDay(recorded)) &&
    (model === undefined || (typeof model === 'string' && model.length > 0)) &&
    typeof call === 'string' &&
    callNames.has(call) &&
    (fallback === undefined || isCount(fallback)) &&
    (request === undefined || isRecord(request)) &&
    isRecord(answer)
  );
}

/** Whether `value` fits `timingSchema`: `{ firstMs, gapsMs: [...] }`, each a wait of whole ms up to `MAX_DELAY_MS`. */
function isTiming(value: unknown): boolean {
  if (!isRecord(value) || !onlyKeys(value, timingKeys) || !isWait(value.firstMs)) return false;
  const gaps = value.gapsMs;
  if (!Array.isArray(gaps)) return false;
  for (let i = 0; i < gaps.length; i++) if (!isWait(gaps[i])) return false;
  return true;
}

function isWait(value: unknown): boolean {
  return isCount(value) && (value as number) <= MAX_DELAY_MS;
}

/**
 * Whether `prepareAnswer` accepts a reply entry's answer, known without preparing it; false means it is prepared and
 * checked at load. Its `__proto__` keys and nesting were refused already.
 */
export function quickReply(answer: Record<string, unknown>): boolean {
  if (!onlyKeys(answer, replyKeys)) return false;
  const { text, reasoning, units, finish, value } = answer;
  if (text !== undefined && typeof text !== 'string') return false;
  if (reasoning !== undefined && typeof reasoning !== 'string' && !allStrings(reasoning)) return false;
  if (finish !== undefined && !finishes.has(finish)) return false;
  if (units !== undefined) {
    if (!isRecord(units) || !onlyKeys(units, unitsKeys) || !isCount(units.tokensIn) || !isCount(units.tokensOut))
      return false;
  }
  const called = answer.calls === undefined ? 0 : quickCalls(answer.calls);
  if (called === undefined) return false;
  return text !== undefined || reasoning !== undefined || value !== undefined || called > 0;
}

function allStrings(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

/** How many calls `calls` lists, when each is a call `{ tool, with?, id? }` with an id of its own; else undefined. */
function quickCalls(calls: unknown): number | undefined {
  if (!Array.isArray(calls)) return undefined;
  const ids = new Set<unknown>();
  for (let i = 0; i < calls.length; i++) {
    const call: unknown = calls[i];
    if (!isRecord(call) || !onlyKeys(call, callKeys)) return undefined;
    if (typeof call.tool !== 'string' || call.tool.length === 0) return undefined;
    if (call.id !== undefined) {
      if (typeof call.id !== 'string' || call.id.length === 0 || ids.has(call.id)) return undefined;
      ids.add(call.id);
    }
  }
  return calls.length;
}
