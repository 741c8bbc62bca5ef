import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import type { ReplyPart, ToolCall } from '../../services/spec/Provider.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { lazySchema } from '../../validation/lazySchema.js';
import { answerCallSchema } from './answerSchema.js';
import type { AnswerPart } from './Answer.js';
import { jsonProblem } from './jsonProblem.js';
import { quickPart } from './quickAnswer.js';
import { isHoldPart, readHold, type Hold } from '../gates/holdPart.js';

/** The fields of a stream part, one of which says what it carries. */
const carriers = ['text', 'reasoning', 'json', 'call', 'units'] as const;

/** The schema of one stream part (exported for the test that holds `quickPart` to it). */
export const partSchema = lazySchema(() =>
  z.strictObject({
    text: z.string().optional(),
    reasoning: z.string().optional(),
    block: z.number().int().min(0).optional(),
    json: z.string().optional(),
    call: answerCallSchema.optional(),
    units: z.strictObject({ tokensIn: z.number().int().min(0), tokensOut: z.number().int().min(0) }).optional(),
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
    json: 'a piece of the JSON text of the value, as a string',
    call: 'a tool call { tool, with?, id? }',
    'call.tool': "the tool's name as a non-empty string",
    'call.id': 'the call id as a non-empty string',
    units: 'an object { tokensIn, tokensOut }',
    'units.tokensIn': 'a whole number, 0 or more',
    'units.tokensOut': 'a whole number, 0 or more',
  },
  get keys() {
    return {
      '': ['text', 'reasoning', 'block', 'json', 'call', 'units'],
      call: Object.keys(answerCallSchema.shape),
      units: ['tokensIn', 'tokensOut'],
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
      parts.push(seal({ type: 'reasoning', text: part.reasoning, block: part.block ?? 0 }));
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
      const call: ToolCall = Object.freeze({ id, tool: part.call.tool, with: deepFreeze(JSON.parse(input)) });
      calls.push(call);
      parts.push(Object.freeze({ type: 'call', call }));
      outChars += call.tool.length + input.length;
    } else {
      const { tokensIn, tokensOut } = part.units!;
      parts.push(seal({ type: 'units', tokensIn, tokensOut }));
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
}

function notAnAnswer(owner: string, label: string, lines: readonly string[]): StandinError {
  return new StandinError('T0003', `${owner}: ${label} is not an answer record:\n${lines.join('\n')}`);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
