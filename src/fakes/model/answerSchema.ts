import { z } from 'zod';
import { failureKinds } from '../../errors/ProviderFailure.js';
import type { FailureKind } from '../../services/spec/failures.js';
import type { IssueHints } from '../../validation/describeIssues.js';
import { isOrdinaryObject } from '../../validation/isOrdinaryObject.js';
import { built, lazySchema } from '../../validation/lazySchema.js';
import type { Answer } from './Answer.js';
import { whenExpected, whenFields, whenSchema } from './whenSchema.js';
import { paceExpected, paceSchema } from './pace.js';
import { misbehaviourKinds } from '../misbehave/misbehaviourKinds.js';

const kinds = Object.keys(failureKinds) as [FailureKind, ...FailureKind[]];

/** The longest wait an answer may ask for (`delayMs`, `partDelayMs`, `retryAfterMs`): ten minutes. */
export const MAX_DELAY_MS = 600_000;
/** The most tries `times` may make a step fail. */
export const MAX_TIMES = 1000;

/** One entry of an answer's `calls`. */
export const answerCallSchema = lazySchema(() =>
  z.strictObject({
    tool: z.string().min(1),
    with: z.unknown().optional(),
    id: z.string().min(1).optional(),
    signature: z.string().optional(),
  }),
);

const count = () => z.number().int().min(0);

/** Units as an answer states them: the totals, and the splits a provider reports. */
export const unitsSchema = lazySchema(() =>
  z
    .strictObject({
      tokensIn: count(),
      tokensOut: count(),
      cachedIn: count().optional(),
      cacheWriteIn: count().optional(),
      reasoningOut: count().optional(),
    })
    // The splits are parts of their totals: a client reads cached tokens past the prompt's as a broken count.
    .refine((units) => (units.cachedIn ?? 0) + (units.cacheWriteIn ?? 0) <= units.tokensIn, {
      message: 'cachedIn and cacheWriteIn are parts of tokensIn: together at most tokensIn',
      path: ['cachedIn'],
    })
    .refine((units) => (units.reasoningOut ?? 0) <= units.tokensOut, {
      message: 'reasoningOut is a part of tokensOut: at most tokensOut',
      path: ['reasoningOut'],
    }),
);

/** A reasoning block with the continuation a provider signs it with. */
export const reasoningBlockSchema = lazySchema(() =>
  z.strictObject({
    text: z.string(),
    signature: z.string().optional(),
    redacted: z.boolean().optional(),
    id: z.string().optional(),
  }),
);

/** An answer record, strict: a field it does not know is an error, never ignored. */
export const answerSchema = lazySchema(() =>
  z.strictObject({
    text: z.string().optional(),
    calls: z.array(built(answerCallSchema)).optional(),
    value: z.unknown().optional(),
    reasoning: z.union([z.string(), z.array(z.union([z.string(), built(reasoningBlockSchema)]))]).optional(),
    // A list's objects and strings are stream parts, read by `readStreamParts` with messages of their own.
    parts: z
      .union([z.number().int().min(1), z.array(z.union([z.number(), z.string(), z.record(z.string(), z.unknown())]))])
      .optional(),
    units: built(unitsSchema).optional(),
    finish: z.enum(['stop', 'calls', 'length']).optional(),
    fail: z.enum(kinds).optional(),
    failAfter: z.number().int().min(1).optional(),
    times: z.number().int().min(1).max(MAX_TIMES).optional(),
    retryAfterMs: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
    delayMs: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
    partDelayMs: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
    when: built(whenSchema).optional(),
    pace: built(paceSchema).optional(),
    misbehave: z.enum(misbehaviourKinds).optional(),
  }),
);

/** The fields of an answer record, in the order the docs list them (read on use: it builds the schema). */
export const answerFields = (): string[] => Object.keys(answerSchema.shape);

/** What to write at each path of an answer, and the keys each object may have: for `describeIssues`. */
export const answerHints: IssueHints = {
  pattern: (path) => path.map((key) => (typeof key === 'number' ? '*' : String(key))).join('.'),
  expected: {
    '':
      'an answer record { text?, calls?, value?, reasoning?, parts?, units?, finish?, fail?, failAfter?, times?, ' +
      'retryAfterMs?, delayMs?, partDelayMs?, when?, pace?, misbehave? }',
    text: 'a string',
    calls: "a list of tool calls, such as [{ tool: 'findInGuide', with: { words: '...' } }]",
    'calls.*': 'a tool call { tool, with?, id? }',
    'calls.*.tool': "the tool's name as a non-empty string",
    'calls.*.id': 'the call id as a non-empty string',
    reasoning: 'a text or a list of blocks',
    'reasoning.*': 'a text, or a block { text, signature?, redacted?, id? }',
    parts:
      'a whole number of parts (1 or more), a list of offsets to cut the text or the JSON at, or a list of stream ' +
      "parts such as 'Hel', { text } or { hold: 'mid' }",
    'parts.*': "a whole offset, or a stream part such as 'Hel', { text: '...' } or { hold: 'mid' }",
    units: 'an object { tokensIn, tokensOut, cachedIn?, cacheWriteIn?, reasoningOut? }',
    'units.tokensIn': 'a whole number, 0 or more',
    'units.tokensOut': 'a whole number, 0 or more',
    finish: "'stop', 'calls' or 'length'",
    fail: `one of ${kinds.map((k) => `'${k}'`).join(', ')}`,
    failAfter: 'a whole number of parts (1 or more) to stream before the call fails',
    times: `a whole number of tries (1 to ${MAX_TIMES}) the step fails before it answers`,
    retryAfterMs: `a whole number of milliseconds (0 to ${MAX_DELAY_MS})`,
    delayMs: `a whole number of milliseconds (0 to ${MAX_DELAY_MS})`,
    partDelayMs: `a whole number of milliseconds (0 to ${MAX_DELAY_MS})`,
    ...whenExpected,
    ...Object.fromEntries(Object.entries(paceExpected).map(([path, what]) => [path ? `pace.${path}` : 'pace', what])),
    misbehave: `one of ${misbehaviourKinds.map((k) => `'${k}'`).join(', ')}`,
  },
  // A getter: the keys come from the schemas, which are built when an answer is first checked.
  get keys() {
    return {
      '': answerFields(),
      'calls.*': Object.keys(answerCallSchema.shape),
      units: ['tokensIn', 'tokensOut', 'cachedIn', 'cacheWriteIn', 'reasoningOut'],
      when: [...whenFields],
      pace: Object.keys(paceExpected).filter(Boolean),
    };
  },
};

/*
 * The checks a function fake's answer passes on every call, by hand for the common shapes: the zod parse was most of a
 * faked reply's time (a 200-part answer reached its first part 15x later than in a list). They accept only what the
 * schemas accept (`quickAnswer.test.ts` and `quickAnswerSchema.test.ts` hold them to it), but for a stream part's
 * symbol keys; anything else goes to the schemas, which word the error.
 */

const FINISHES = new Set(['stop', 'calls', 'length']);

/** The answer's fields, read off the schema once: the schema does not change. */
let fields: readonly string[] | undefined;

/** `raw` as an answer when it is one of the plain shapes; else undefined, and the schema decides. */
export function quickAnswer(raw: unknown): Answer | undefined {
  if (!isOrdinaryObject(raw)) return undefined;
  for (const key in raw) {
    const value = raw[key];
    switch (key) {
      case 'text':
        if (typeof value !== 'string') return undefined;
        break;
      case 'value':
        break;
      case 'reasoning':
        if (typeof value !== 'string' && !isStringList(value)) return undefined;
        break;
      case 'finish':
        if (typeof value !== 'string' || !FINISHES.has(value)) return undefined;
        break;
      case 'units':
        if (!isUnits(value)) return undefined;
        break;
      case 'calls':
        if (!Array.isArray(value) || !value.every(isCall)) return undefined;
        break;
      case 'parts':
        if (!isPartsField(value)) return undefined;
        break;
      default:
        return undefined;
    }
  }
  // The schema reads every field it knows, enumerable or not: one the loop did not see must be absent.
  for (const key of (fields ??= answerFields())) {
    if (raw[key] !== undefined && !Object.prototype.propertyIsEnumerable.call(raw, key)) return undefined;
  }
  return raw as Answer;
}

/** `raw` as a stream part when it is one plain piece; else undefined, and the schema decides. */
export function quickPart(
  raw: unknown,
): { readonly text?: string; readonly reasoning?: string; readonly json?: string } | undefined {
  if (!isOrdinaryObject(raw)) return undefined;
  let only: string | undefined;
  for (const key in raw) {
    if (only !== undefined) return undefined;
    only = key;
  }
  if (only !== 'text' && only !== 'reasoning' && only !== 'json') return undefined;
  return typeof raw[only] === 'string' ? raw : undefined;
}

function isStringList(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isUnits(value: unknown): boolean {
  if (!isOrdinaryObject(value)) return false;
  let keys = 0;
  for (const key in value) {
    if ((key !== 'tokensIn' && key !== 'tokensOut') || !isCount(value[key])) return false;
    keys++;
  }
  return keys === 2;
}

function isCall(value: unknown): boolean {
  if (!isOrdinaryObject(value)) return false;
  for (const key in value) {
    const field = value[key];
    if (key === 'tool' || key === 'id') {
      if (typeof field !== 'string' || field.length === 0) return false;
    } else if (key !== 'with') return false;
  }
  return typeof value.tool === 'string';
}

/** A whole number of parts, a list of offsets, or a list of plain objects (each checked as a stream part later). */
function isPartsField(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1;
  if (!Array.isArray(value)) return false;
  // One difference from the schema, on purpose: a part with a symbol key (no JSON has one) is read with the symbol
  // left out, where the schema refuses it; looking for symbols cost a 200-part answer half its time to the first part.
  return value.every((item) => (typeof item === 'number' ? Number.isFinite(item) : isOrdinaryObject(item)));
}
