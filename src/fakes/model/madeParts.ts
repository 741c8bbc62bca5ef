/** Turning a checked answer into the frozen parts it gives, from its fields or from a `parts` list. */

import { StandinError } from '../../errors/StandinError.js';
import type { ReplyPart, ToolCall } from '../../services/spec/Provider.js';
import type { Answer } from './Answer.js';
import type { AnswerSource } from './AnswerSource.js';
import { cutAt, cutProblem, DEFAULT_VALUE_PARTS, evenCuts } from './cutJson.js';
import { jsonProblem } from './jsonProblem.js';
import type { StreamedParts } from './streamParts.js';

/** What an answer's parts make. */
export interface MadeParts {
  readonly parts: readonly ReplyPart[];
  readonly calls: readonly ToolCall[];
  readonly hasValue: boolean;
  readonly value: unknown;
  readonly outChars: number;
}

/** The parts of an answer written field by field. */
export function fieldParts(answer: Answer, source: AnswerSource): MadeParts {
  const { owner, label } = source;
  const hasValue = answer.value !== undefined;
  const notJson =
    (hasValue ? jsonProblem(answer.value, `${label}.value`) : undefined) ??
    (answer.calls ?? [])
      .map((call, i) => jsonProblem(call.with ?? {}, `${label}.calls[${i}].with`))
      .find((p) => p !== undefined);
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
    answer.reasoning === undefined ? [] : typeof answer.reasoning === 'string' ? [answer.reasoning] : answer.reasoning;
  reasoning.forEach((text, block) => {
    parts.push(Object.freeze({ type: 'reasoning', text, block }));
    outChars += text.length;
  });
  if (answer.text !== undefined) {
    // With no value, parts says how the text arrives: a recording keeps the text whole and its cuts apart.
    const cuts = hasValue || answer.parts === undefined ? [] : textCuts(answer.text, answer.parts, source);
    for (const text of cutAt(answer.text, cuts)) parts.push(Object.freeze({ type: 'text', text }));
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
  const calls = (answer.calls ?? []).map((call, i): ToolCall => {
    const input = JSON.stringify(call.with ?? {});
    outChars += call.tool.length + input.length;
    return Object.freeze({
      id: call.id ?? `${source.idPrefix}_${i}`,
      tool: call.tool,
      with: deepFreeze(JSON.parse(input)),
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
