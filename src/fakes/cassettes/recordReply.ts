import type { ProviderFailure } from '../../errors/ProviderFailure.js';
import type { Answer, AnswerCall, AnswerPart } from '../model/Answer.js';
import { prepareAnswer } from '../model/prepareAnswer.js';
import { recordedStop, unparsedValue } from '../misbehave/recordedMisbehaviour.js';
import type { FinishReason, Reasoning, ReplyPart, ToolCall } from '../../services/spec/Provider.js';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Gathers a live reply's parts into an answer that replays them part for part: written field by field, easiest to edit,
 * when the fake would stream those fields into the same parts, else as a `parts` list. An unusual finish is kept as
 * `finish`, a failure after some parts as `fail` with `failAfter`.
 */
export class ReplyGatherer {
  /** Every part but the finish, in the order they came. */
  readonly #parts: ReplyPart[] = [];
  #finish: FinishReason | undefined;

  add(part: ReplyPart): void {
    if (part.type === 'finish') this.#finish = part.reason;
    else this.#parts.push(part);
  }

  /** The answer the parts make; a value's JSON that does not parse is kept as the misbehaviour it is. */
  answer(): Answer {
    const content = this.#parts.filter((part) => part.type !== 'units');
    const units = this.#parts.filter((part) => part.type === 'units');
    const fields = fieldsOf(content);
    const sum = { tokensIn: 0, tokensOut: 0 };
    for (const part of units) {
      sum.tokensIn += part.tokensIn;
      sum.tokensOut += part.tokensOut;
    }
    if (fields === undefined) {
      const text = content
        .map((part) => (part.type === 'text' ? part.text : part.type === 'value' ? part.json : ''))
        .join('');
      return { ...unparsedValue(text, this.#finish), ...(units.length > 0 ? { units: sum } : {}) };
    }
    // Units are kept as the answer's `units` when they all came after the content, as the fake streams them.
    const unitsLast = units.length === 0 || this.#parts.indexOf(units[0]!) >= content.length;
    let answer: Writable<Answer>;
    // A reply of units alone has no field to hold it: an empty text, then its units.
    if (content.length === 0) answer = { text: '', units: sum };
    else if (unitsLast && replaysAs(fields, content)) answer = { ...fields, units: sum };
    else if (unitsLast) answer = { parts: content.map(answerPart), units: sum };
    else answer = { parts: this.#parts.map(answerPart) };
    const calls = content.some((part) => part.type === 'call');
    if (this.#finish !== undefined && this.#finish !== (calls ? 'calls' : 'stop')) answer.finish = this.#finish;
    return answer;
  }

  /** The answer of a reply that failed after the parts so far; a refusal or content filter as that misbehaviour. */
  failed(error: ProviderFailure): Answer {
    const stopped = recordedStop(error);
    if (stopped !== undefined) return stopped;
    const failure: Writable<Answer> = { fail: error.kind };
    if (error.retryAfterMs !== undefined) failure.retryAfterMs = Math.max(0, Math.ceil(error.retryAfterMs));
    if (this.#parts.length === 0) return failure;
    const fields = this.#parts.every((part) => part.type !== 'units') ? fieldsOf(this.#parts) : undefined;
    const given =
      fields !== undefined && replaysAs(fields, this.#parts) ? fields : { parts: this.#parts.map(answerPart) };
    return { ...given, ...failure, failAfter: this.#parts.length };
  }
}

/** An answer's fields from content parts; undefined when the value's JSON does not parse. */
function fieldsOf(parts: readonly ReplyPart[]): Writable<Answer> | undefined {
  let text: string | undefined;
  const textCuts: number[] = [];
  const reasoning = new Map<number, string>();
  const signed = new Map<number, Omit<Reasoning, 'text'>>();
  const pieces: string[] = [];
  const calls: AnswerCall[] = [];
  for (const part of parts) {
    if (part.type === 'text') {
      if (text !== undefined && text.length > (textCuts.at(-1) ?? 0)) textCuts.push(text.length);
      text = (text ?? '') + part.text;
    } else if (part.type === 'reasoning') {
      reasoning.set(part.block, (reasoning.get(part.block) ?? '') + part.text);
      const continued = continuationOf(part);
      if (continued !== undefined) signed.set(part.block, { ...signed.get(part.block), ...continued });
    } else if (part.type === 'value') pieces.push(part.json);
    else if (part.type === 'call') calls.push(answerCall(part.call));
  }
  const answer: Writable<Answer> = {};
  if (reasoning.size > 0) {
    const blocks = [...reasoning]
      .sort(([a], [b]) => a - b)
      .map(([at, text]) => (signed.has(at) ? { text, ...signed.get(at) } : text));
    answer.reasoning = blocks.length === 1 && typeof blocks[0] === 'string' ? blocks[0] : blocks;
  }
  if (text !== undefined) answer.text = text;
  if (pieces.length > 0) {
    const json = pieces.join('');
    try {
      answer.value = JSON.parse(json);
    } catch {
      return undefined;
    }
    answer.parts = cutsOf(pieces, json, JSON.stringify(answer.value));
  }
  // The text stays whole, to read and edit; where the stream cut it is kept apart, in parts.
  if (pieces.length === 0 && text !== undefined) {
    const cuts = textCuts.filter((cut) => cut < text!.length);
    if (cuts.length > 0) answer.parts = cuts;
  }
  if (calls.length > 0) answer.calls = calls;
  if (
    answer.text === undefined &&
    answer.calls === undefined &&
    answer.value === undefined &&
    answer.reasoning === undefined
  )
    answer.text = '';
  return answer;
}

/** Whether the fake, given `fields`, streams exactly `parts` (content parts, in order). */
function replaysAs(fields: Answer, parts: readonly ReplyPart[]): boolean {
  let made: readonly ReplyPart[];
  try {
    made = prepareAnswer(fields, { owner: 'recording', label: 'answer', index: undefined, idPrefix: 'call' }).parts;
  } catch {
    return false;
  }
  if (made.length !== parts.length) return false;
  return made.every((part, i) => JSON.stringify(answerPart(part)) === JSON.stringify(answerPart(parts[i]!)));
}

/** A reply part as an answer's stream part: a reasoning block only when not 0. */
function answerPart(part: ReplyPart): AnswerPart {
  switch (part.type) {
    case 'text':
      return { text: part.text };
    case 'reasoning':
      return {
        reasoning: part.text,
        ...(part.block === 0 ? {} : { block: part.block }),
        ...continuationOf(part),
      };
    case 'value':
      return { json: part.json };
    case 'call':
      return { call: answerCall(part.call) };
    case 'units':
      return { units: { tokensIn: part.tokensIn, tokensOut: part.tokensOut } };
    case 'finish':
      throw new TypeError("a finish part is kept as the answer's finish, not as a part");
  }
}

/**
 * The offsets the value's JSON arrived cut at, when the JSON is as the fake writes it; else how many pieces it came in.
 */
function cutsOf(pieces: readonly string[], json: string, written: string): number | number[] {
  if (json !== written || pieces.length === 1) return Math.max(1, Math.min(pieces.length, written.length));
  const cuts: number[] = [];
  let at = 0;
  for (const piece of pieces.slice(0, -1)) {
    at += piece.length;
    const halves = json.charCodeAt(at - 1) >= 0xd800 && json.charCodeAt(at - 1) <= 0xdbff;
    if (at > 0 && at < json.length && at !== cuts.at(-1) && !halves) cuts.push(at);
  }
  return cuts.length === 0 ? 1 : cuts;
}

/** A reasoning part's continuation as an answer keeps it; undefined when it carries none. */
function continuationOf(part: Extract<ReplyPart, { type: 'reasoning' }>): Omit<Reasoning, 'text'> | undefined {
  const { signature, redacted, id } = part;
  if (signature === undefined && redacted === undefined && id === undefined) return undefined;
  return {
    ...(signature === undefined ? {} : { signature }),
    ...(redacted === undefined ? {} : { redacted }),
    ...(id === undefined ? {} : { id }),
  };
}

/** A call as an answer keeps it, its signature with it. */
function answerCall(call: ToolCall): AnswerCall {
  return {
    tool: call.tool,
    with: call.with,
    id: call.id,
    ...(call.signature === undefined ? {} : { signature: call.signature }),
  };
}
