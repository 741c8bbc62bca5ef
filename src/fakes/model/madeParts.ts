/** Turning a checked answer into the frozen parts it gives, from its fields or from a `parts` list. */

import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import type { ReplyPart, ToolCall } from '../../services/spec/Provider.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { built, lazySchema } from '../../validation/lazySchema.js';
import { isHoldPart, readHold, type Hold } from '../gates/holdPart.js';
import type { Answer, AnswerPart } from './Answer.js';
import type { AnswerSource } from './AnswerSource.js';
import { answerCallSchema, quickPart, unitsSchema } from './answerSchema.js';
import { unitsOf } from '../../protocols/units.js';
import { cutAt, cutProblem, DEFAULT_VALUE_PARTS, evenCuts } from './cutJson.js';
import { jsonProblem } from './jsonProblem.js';

/** What an answer's parts make. */
export interface MadeParts {
  readonly parts: readonly ReplyPart[];
  readonly calls: readonly ToolCall[];
  readonly hasValue: boolean;
  readonly value: unknown;
  readonly outChars: number;
}

/** What an answer with no calls (or no reasoning) reads: one list for all, never a new one per answer. */
const NONE: readonly never[] = Object.freeze([]);
const NO_CALLS: readonly ToolCall[] = NONE;

/** The parts of an answer written field by field. */
export function fieldParts(answer: Answer, source: AnswerSource): MadeParts {
  const { owner, label } = source;
  const hasValue = answer.value !== undefined;
  const asked = answer.calls ?? NONE;
  const notJson =
    (hasValue ? jsonProblem(answer.value, `${label}.value`) : undefined) ??
    (asked.length === 0
      ? undefined
      : asked.map((call, i) => jsonProblem(call.with ?? {}, `${label}.calls[${i}].with`)).find((p) => p !== undefined));
  if (notJson !== undefined) {
    throw new StandinError(
      'T0004',
      `${owner}: ${notJson}, which JSON cannot hold. A model's output is JSON: give plain objects, arrays, strings, ` +
        `finite numbers, booleans and null.`,
    );
  }
  const parts: ReplyPart[] = [];
  let outChars = 0;
  const reasoning =
    answer.reasoning === undefined
      ? NONE
      : typeof answer.reasoning === 'string'
        ? [answer.reasoning]
        : answer.reasoning;
  reasoning.forEach((given, block) => {
    const { text, ...signed } = typeof given === 'string' ? { text: given } : given;
    parts.push(Object.freeze({ type: 'reasoning', text, block, ...signed }));
    outChars += text.length;
  });
  if (answer.text !== undefined) {
    // With no value, parts says how the text arrives: a recording keeps the text whole and its cuts apart.
    if (hasValue || answer.parts === undefined) parts.push(Object.freeze({ type: 'text', text: answer.text }));
    else
      for (const text of cutAt(answer.text, textCuts(answer.text, answer.parts, source))) {
        parts.push(Object.freeze({ type: 'text', text }));
      }
    outChars += answer.text.length;
  }
  let value: unknown;
  if (hasValue) {
    const json = JSON.stringify(answer.value);
    value = deepFreeze(JSON.parse(json));
    let cuts: readonly number[];
    if (Array.isArray(answer.parts)) {
      const problem = cutProblem(json, answer.parts as readonly number[]);
      if (problem !== undefined) {
        throw new StandinError(
          'T0005',
          `${owner}: ${label}.parts${problem}. The value's JSON is ${json.length} characters: ${preview(json)}.`,
        );
      }
      cuts = answer.parts as readonly number[];
    } else {
      cuts = evenCuts(json, (answer.parts as number | undefined) ?? DEFAULT_VALUE_PARTS);
    }
    for (const piece of cutAt(json, cuts)) parts.push(Object.freeze({ type: 'value', json: piece }));
    outChars += json.length;
  }
  if (asked.length === 0) return { parts, calls: NO_CALLS, hasValue, value, outChars };
  const calls = asked.map((call, i): ToolCall => {
    const input = JSON.stringify(call.with ?? {});
    outChars += call.tool.length + input.length;
    return Object.freeze({
      id: call.id ?? `${source.idPrefix}_${i}`,
      tool: call.tool,
      with: deepFreeze(JSON.parse(input)),
      ...(call.signature === undefined ? {} : { signature: call.signature }),
    });
  });
  for (const call of calls) parts.push(Object.freeze({ type: 'call', call }));
  return { parts, calls, hasValue, value, outChars };
}

/**
 * Where a text is cut. An offset past the end is left out and one inside a surrogate pair moves past it, so a text
 * edited by hand still replays; a bad offset is `T0005`.
 */
function textCuts(text: string, parts: NonNullable<Answer['parts']>, source: AnswerSource): readonly number[] {
  if (typeof parts === 'number') return evenCuts(text, parts);
  const offsets = parts as readonly number[];
  const inside = offsets.filter((cut) => cut < text.length);
  const bad = inside.findIndex((cut, i) => !Number.isInteger(cut) || cut <= 0 || (i > 0 && cut <= inside[i - 1]!));
  if (bad !== -1) {
    throw new StandinError(
      'T0005',
      `${source.owner}: ${source.label}.parts: ${inside[bad]} cannot cut the text: offsets into a text are whole, ` +
        `from 1, and increase. The text is ${text.length} characters: ${preview(text)}.`,
    );
  }
  const cuts: number[] = [];
  for (const cut of inside) {
    const at = splitsPair(text, cut) ? cut + 1 : cut;
    if (at < text.length && at > (cuts.at(-1) ?? 0)) cuts.push(at);
  }
  return cuts;
}

function splitsPair(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  return before >= 0xd800 && before <= 0xdbff;
}

/** A `parts` list's value: its JSON pieces must join to JSON, unless the answer fails mid-reply. */
export function streamValue(stream: StreamedParts, answer: Answer, source: AnswerSource): MadeParts {
  const { parts, calls, outChars, json } = stream;
  if (json === undefined) return { parts, calls, hasValue: false, value: undefined, outChars };
  try {
    return { parts, calls, hasValue: true, value: deepFreeze(JSON.parse(json)), outChars };
  } catch {
    // A value cut off by the failure is never read, so it is not checked against the call's shape.
    if (answer.failAfter !== undefined) return { parts, calls, hasValue: false, value: undefined, outChars };
    throw new StandinError(
      'T0003',
      `${source.owner}: ${source.label} is not an answer record:\n${source.label}.parts: its json pieces join to ` +
        `${preview(json)}, which is not JSON. Fix the pieces so they join to the value's JSON text.`,
    );
  }
}
function preview(json: string): string {
  return json.length <= 60 ? json : `${json.slice(0, 57)}...`;
}

/** Freezes `value` and everything in it: what a fake hands out, nothing later changes. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/** The fields of a stream part, one of which says what it carries. */
const carriers = ['text', 'reasoning', 'json', 'call', 'units'] as const;

/** The schema of one stream part (exported for the test that holds `quickPart` to it). */
export const partSchema = lazySchema(() =>
  z.strictObject({
    text: z.string().optional(),
    reasoning: z.string().optional(),
    block: z.number().int().min(0).optional(),
    signature: z.string().optional(),
    redacted: z.boolean().optional(),
    id: z.string().optional(),
    json: z.string().optional(),
    call: answerCallSchema.optional(),
    units: built(unitsSchema).optional(),
  }),
);

const partHints = {
  pattern: (path: readonly PropertyKey[]) => path.map((key) => (typeof key === 'number' ? '*' : String(key))).join('.'),
  expected: {
    '':
      "a stream part: 'text', { text }, { reasoning, block? }, { json }, { call: { tool, with?, id? } }, { units: { " +
      "tokensIn, tokensOut } } or { hold: 'gate' }",
    text: 'a string',
    reasoning: 'a string',
    block: 'a whole block index, 0 or more',
    signature: "the reasoning's continuation, as a string",
    redacted: 'true for a redacted block',
    id: "the reasoning item's id, as a string",
    json: 'a piece of the JSON text of the value, as a string',
    call: 'a tool call { tool, with?, id? }',
    'call.tool': "the tool's name as a non-empty string",
    'call.id': 'the call id as a non-empty string',
    units: 'an object { tokensIn, tokensOut, cachedIn?, cacheWriteIn?, reasoningOut? }',
    'units.tokensIn': 'a whole number, 0 or more',
    'units.tokensOut': 'a whole number, 0 or more',
  },
  get keys() {
    return {
      '': ['text', 'reasoning', 'block', 'signature', 'redacted', 'id', 'json', 'call', 'units'],
      call: Object.keys(answerCallSchema.shape),
      units: ['tokensIn', 'tokensOut', 'cachedIn', 'cacheWriteIn', 'reasoningOut'],
    };
  },
};

/** Whether an answer's `parts` is a list of stream parts (objects and texts), not a value's cut offsets. */
export function isStreamList(parts: unknown): parts is readonly AnswerPart[] {
  return (
    Array.isArray(parts) &&
    parts.length > 0 &&
    parts.every((part) => typeof part === 'string' || (typeof part === 'object' && part !== null))
  );
}

/** What a list of stream parts gives, ready to stream. */
export interface StreamedParts {
  /** The parts, in the list's order: reasoning, text, value pieces, calls and units. */
  readonly parts: readonly ReplyPart[];
  /** The tools it asks for, with their ids. */
  readonly calls: readonly ToolCall[];
  /** The value's JSON pieces joined; undefined when no part carries JSON. */
  readonly json: string | undefined;
  /** Whether any part carries units (then no units part follows the list). */
  readonly units: boolean;
  /** The characters of its texts, reasoning, JSON and calls. */
  readonly outChars: number;
  /** Where the stream holds at a gate, in order. */
  readonly holds: readonly Hold[];
}

/**
 * Reads `parts` given as the stream itself (text, reasoning, JSON pieces, calls, units, gate holds, each gate named
 * once), streamed in that order as a recorded provider sent them. Parts handed out more than once are frozen.
 *
 * @throws {StandinError} `T0003` for a part that is none of those, or carries two things; `T0004` for a call input JSON
 * cannot hold; `T0073` for a gate named twice.
 */
export function readStreamParts(
  list: readonly unknown[],
  owner: string,
  label: string,
  idPrefix: string,
  shared = true,
): StreamedParts {
  // The parts of an answer handed out again (a list's) are frozen, so an app that changes one changes no later reply;
  // a function's answer is made for one call, and freezing 200 parts was a third of its time to the first.
  const seal: <T>(part: T) => T = shared ? Object.freeze : (part) => part;
  const parts: ReplyPart[] = [];
  const calls: ToolCall[] = [];
  const ids = new Map<string, number>();
  let json: string | undefined;
  let units = false;
  let outChars = 0;
  const holds: Hold[] = [];
  list.forEach((raw, i) => {
    if (typeof raw === 'string') {
      parts.push(seal({ type: 'text', text: raw }));
      outChars += raw.length;
      return;
    }
    if (isHoldPart(raw)) {
      holds.push(holdAt(raw, owner, label, i, parts.length, holds));
      return;
    }
    // A part of one text, reasoning or JSON piece carries one thing and no block: its checks hold already.
    const part: z.infer<typeof partSchema> = quickPart(raw) ?? checkedPart(raw, owner, label, `${label}.parts[${i}]`);
    if (part.text !== undefined) {
      parts.push(seal({ type: 'text', text: part.text }));
      outChars += part.text.length;
    } else if (part.reasoning !== undefined) {
      const { signature, redacted, id } = part;
      parts.push(
        seal({
          type: 'reasoning',
          text: part.reasoning,
          block: part.block ?? 0,
          ...(signature === undefined ? {} : { signature }),
          ...(redacted === undefined ? {} : { redacted }),
          ...(id === undefined ? {} : { id }),
        }),
      );
      outChars += part.reasoning.length;
    } else if (part.json !== undefined) {
      parts.push(seal({ type: 'value', json: part.json }));
      json = (json ?? '') + part.json;
      outChars += part.json.length;
    } else if (part.call !== undefined) {
      const where = `${label}.parts[${i}]`;
      const problem = jsonProblem(part.call.with ?? {}, `${where}.call.with`);
      if (problem !== undefined)
        throw new StandinError(
          'T0004',
          `${owner}: ${problem}, which JSON cannot hold. A model's output is JSON: give plain objects, arrays, ` +
            `strings, finite numbers, booleans and null.`,
        );
      const id = part.call.id ?? `${idPrefix}_${calls.length}`;
      const first = ids.get(id);
      if (first !== undefined)
        throw notAnAnswer(owner, label, [
          `${where}.call.id: '${id}' is the id of parts[${first}] too. Give each call of an answer its own id.`,
        ]);
      ids.set(id, i);
      const input = JSON.stringify(part.call.with ?? {});
      const signed = part.call.signature === undefined ? {} : { signature: part.call.signature };
      const call: ToolCall = Object.freeze({
        id,
        tool: part.call.tool,
        with: deepFreeze(JSON.parse(input)),
        ...signed,
      });
      calls.push(call);
      parts.push(Object.freeze({ type: 'call', call }));
      outChars += call.tool.length + input.length;
    } else {
      const { tokensIn, tokensOut, ...splits } = part.units!;
      parts.push(seal({ type: 'units', ...unitsOf(tokensIn, tokensOut, splits) }));
      units = true;
    }
  });
  return { parts, calls, json, units, outChars, holds };
}

/** The hold a `{ hold }` part gives: `T0003` when malformed, `T0073` for a gate an earlier part names. */
function holdAt(raw: unknown, owner: string, label: string, i: number, at: number, before: readonly Hold[]): Hold {
  const where = `${label}.parts[${i}]`;
  const hold = readHold(raw, where, at);
  if (Array.isArray(hold)) throw notAnAnswer(owner, label, hold);
  if (before.some((earlier) => earlier.gate === hold.gate)) {
    throw new StandinError(
      'T0073',
      `${owner}: ${where}.hold: the gate '${hold.gate}' is named by an earlier part of ${label} too. One release ` +
        `lets one stream past one gate: give each hold of an answer its own name, such as '${hold.gate}-2'.`,
    );
  }
  return hold;
}

/** A part the schema checks, then the checks across its fields. */
function checkedPart(raw: unknown, owner: string, label: string, where: string): z.infer<typeof partSchema> {
  const parsed = partSchema.safeParse(raw);
  if (!parsed.success) throw notAnAnswer(owner, label, describeIssues(where, raw, parsed.error.issues, partHints));
  checkCarried(parsed.data, owner, label, where);
  return parsed.data;
}

/** Throws `T0003` for a part that carries none or two things, or a block beside no reasoning. */
function checkCarried(part: z.infer<typeof partSchema>, owner: string, label: string, where: string): void {
  const carried = carriers.filter((field) => part[field] !== undefined);
  if (carried.length !== 1) {
    const what = carried.length === 0 ? 'carries nothing' : `carries ${carried.join(' and ')}`;
    throw notAnAnswer(owner, label, [
      `${where}: a stream part carries one thing, and this one ${what}. Write one of { text }, { reasoning, block? ` +
        `}, { json }, { call } or { units } per part.`,
    ]);
  }
  if (part.block !== undefined && part.reasoning === undefined) {
    throw notAnAnswer(owner, label, [
      `${where}.block: block numbers a reasoning part, and this part carries ${carried[0]}. Remove block, or write ` +
        `{ reasoning, block }.`,
    ]);
  }
  const signed = (['signature', 'redacted', 'id'] as const).find((field) => part[field] !== undefined);
  if (signed !== undefined && part.reasoning === undefined) {
    throw notAnAnswer(owner, label, [
      `${where}.${signed}: ${signed} continues a reasoning part, and this part carries ${carried[0]}. Remove ` +
        `${signed}, or write { reasoning, ${signed} }.`,
    ]);
  }
}

function notAnAnswer(owner: string, label: string, lines: readonly string[]): StandinError {
  return new StandinError('T0003', `${owner}: ${label} is not an answer record:\n${lines.join('\n')}`);
}
