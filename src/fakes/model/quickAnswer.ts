/**
 * The checks a function fake's answer passes on every call, by hand for the common shapes: the zod parse was most of a
 * faked reply's time (a 200-part answer reached its first part 15x later than in a list). They accept only what the
 * schemas accept (`quickAnswer.test.ts` and `quickAnswerSchema.test.ts` hold them to it), but for a stream part's
 * symbol keys; anything else goes to the schemas, which word the error.
 */

import { isOrdinaryObject } from '../../validation/isOrdinaryObject.js';
import type { Answer } from './Answer.js';
import { answerFields } from './answerSchema.js';

const FINISHES = new Set(['stop', 'calls', 'length']);

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
  for (const key of answerFields()) {
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
