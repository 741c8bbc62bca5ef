import type { ZodType } from 'zod';
import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { capText } from '../../services/providers/http/capText.js';
import { TypedContent } from '../../protocols/TypedContent.js';
import { misbehavedCall } from '../../services/runs/misbehavedCall.js';
import type { FinishReason, ReplyPart, ReplyRequest, ToolCall } from '../../services/spec/Provider.js';
import { StandinError } from '../../errors/StandinError.js';
import type { AnswerCall } from '../model/Answer.js';
import { cutAt, evenCuts } from '../model/cutJson.js';
import { deepFreeze } from '../model/madeParts.js';
import { cannotMisbehave, misfitContent, type MisbehaviourWhere } from './misbehaviourErrors.js';
import type { MisbehaviourKind } from './misbehaviourKinds.js';
import { misfit, propertyNames, shapeOf } from './misfit.js';

/** What a misbehaving model gives, where it is needed: what it wrote, a value, the calls it made. */
export interface MisbehaviourContent {
  readonly text?: string | undefined;
  readonly value?: unknown;
  readonly calls?: readonly AnswerCall[] | undefined;
}

/** The call a misbehaviour answers: what it offers, and how its messages and call ids are made. */
export interface MisbehaviourCall {
  readonly request: ReplyRequest;
  /** The typed value's zod shape, when the call states one. */
  readonly output: ZodType | undefined;
  /** The tools' zod input shapes, where known (an agent the fake was given); else read from their JSON Schemas. */
  readonly inputs?: ReadonlyMap<string, ZodType> | undefined;
  /** The provider the model is served by: its own words go into a refusal's message. */
  readonly provider: string;
  /** What call ids start with: `call_1` gives `call_1_0`, ... */
  readonly idPrefix: string;
  readonly where: MisbehaviourWhere;
}

/** A misbehaving reply: its parts before the units and the finish, its calls, its finish, its characters. */
export interface Misbehaviour {
  readonly parts: readonly ReplyPart[];
  readonly calls: readonly ToolCall[];
  readonly finish: FinishReason;
  readonly outChars: number;
}

/** The text a truncated reply, and a truncated typed value after its first key, is cut off in. */
const CUT_TEXT = 'This reply was cut off at the tok';

/**
 * What a model that misbehaves as `kind` delivers to the call, as the real adapters deliver the same misbehaviour from
 * a real provider: the text of an `invalid_json` value, a `wrong_shape` value and a `truncated` reply sorted into
 * value and text parts as a streamed reply is (their value then fails the call with `E0006`, a `ValueFailed`), the
 * calls of `unknown_tool` and `bad_tool_input` marked as misbehaviour, nothing at all for `empty`; a `refusal` and a
 * `content_filter` throw the `content_filter` failure the adapters throw. Content left out is made up for the call.
 *
 * @throws {ProviderFailure} kind `content_filter` for `refusal` (its text as `refusal`) and `content_filter`.
 * @throws {StandinError} `T0083` content that would not misbehave for this call, `T0084` a kind the call cannot have.
 * @example
 * ```ts
 * misbehave('wrong_shape', {}, { request, output, provider: 'openai', idPrefix: 'call_0', where }).parts;
 * // [{ type: 'value', json: '{}' }]
 * ```
 */
export function misbehave(kind: MisbehaviourKind, content: MisbehaviourContent, call: MisbehaviourCall): Misbehaviour {
  const typed = call.output !== undefined || call.request.output !== undefined;
  switch (kind) {
    case 'invalid_json':
      if (!typed) throw untyped(call, kind);
      return written(
        content.text ?? `{'${propertyNames(call.request.output?.schema)[0] ?? 'answer'}': 'yes'}`,
        true,
        'stop',
      );
    case 'wrong_shape':
      return written(JSON.stringify(wrongValue(content, call)), true, 'stop');
    case 'truncated':
      return written(cutText(content, call, typed), typed, 'length');
    case 'unknown_tool':
      return calls(unknownCalls(content, call), call);
    case 'bad_tool_input':
      return calls(badCalls(content, call), call);
    case 'refusal':
      throw refused(call, content.text ?? "I'm sorry, but I can't help with that.");
    case 'content_filter':
      throw filtered(call);
    case 'empty':
      return { parts: [], calls: [], finish: 'stop', outChars: 0 };
  }
}

/**
 * Whether a model can misbehave as `kind` for this call, content made up: a typed value's kinds need a shape (one that
 * not every JSON value fits), `bad_tool_input` a tool whose input some JSON does not fit. A chaos layer draws from these.
 *
 * @example
 * ```ts
 * misbehaviourKinds.filter((kind) => canMisbehave(kind, call));
 * ```
 */
export function canMisbehave(kind: MisbehaviourKind, call: MisbehaviourCall): boolean {
  try {
    misbehave(kind, {}, call);
    return true;
  } catch (error) {
    return !(error instanceof StandinError && error.code === 'T0084');
  }
}

/** Text as a streamed reply delivers it: in three pieces, sorted into value or text parts as the adapters sort them. */
function written(text: string, typed: boolean, finish: FinishReason): Misbehaviour {
  const content = new TypedContent(typed);
  const parts: ReplyPart[] = [];
  for (const piece of cutAt(text, evenCuts(text, 3))) content.push(piece, parts);
  content.end(parts);
  return { parts: parts.map((part) => Object.freeze(part)), calls: [], finish, outChars: text.length };
}

function wrongValue(content: MisbehaviourContent, call: MisbehaviourCall): unknown {
  const kind = 'wrong_shape';
  if (call.output === undefined && call.request.output === undefined) throw untyped(call, kind);
  const schema = call.request.output?.schema;
  const shape = call.output ?? shapeOf(schema);
  if (content.value !== undefined) {
    if (shape?.safeParse(content.value).success === true)
      throw misfitContent(call.where, kind, 'its value fits the shape', 'Give a value that does not fit it.');
    return content.value;
  }
  const made = shape === undefined ? {} : misfit(shape, schema);
  if (made === undefined) {
    throw cannotMisbehave(
      call.where,
      kind,
      'states a shape that every JSON value fits',
      'Give the call a narrower shape.',
    );
  }
  return made;
}

/** A truncated reply's text: the text given, the given value's JSON cut in half, or a text made up. */
function cutText(content: MisbehaviourContent, call: MisbehaviourCall, typed: boolean): string {
  if (content.text !== undefined) return content.text;
  if (content.value !== undefined) {
    if (!typed) throw untyped(call, 'truncated', 'a value');
    // The answer's checks made sure some cut of the JSON is not JSON.
    return cutShort(JSON.stringify(content.value)) ?? '';
  }
  if (!typed) return CUT_TEXT;
  return `{"${propertyNames(call.request.output?.schema)[0] ?? 'answer'}": "${CUT_TEXT}`;
}

function unknownCalls(content: MisbehaviourContent, call: MisbehaviourCall): readonly AnswerCall[] {
  const offered = (call.request.tools ?? []).map((tool) => tool.name);
  if (content.calls === undefined) {
    let name = 'no_such_tool';
    for (let n = 2; offered.includes(name); n++) name = `no_such_tool_${n}`;
    return [{ tool: name, with: {} }];
  }
  for (const [i, made] of content.calls.entries()) {
    if (offered.includes(made.tool)) {
      throw misfitContent(
        call.where,
        'unknown_tool',
        `its calls[${i}] asks for '${made.tool}', a tool the call offers`,
        "Name a tool the call does not offer, or misbehave as 'bad_tool_input'.",
      );
    }
  }
  return content.calls;
}

function badCalls(content: MisbehaviourContent, call: MisbehaviourCall): readonly AnswerCall[] {
  const kind = 'bad_tool_input';
  const tools = call.request.tools ?? [];
  const shape = (name: string) => call.inputs?.get(name) ?? shapeOf(tools.find((tool) => tool.name === name)?.input);
  if (content.calls === undefined) {
    for (const tool of tools) {
      const input = shape(tool.name);
      const made = input === undefined ? undefined : misfit(input, tool.input);
      if (made !== undefined) return [{ tool: tool.name, with: made }];
    }
    const why = tools.length === 0 ? 'offers no tools' : 'offers only tools whose input takes any JSON';
    throw cannotMisbehave(call.where, kind, why, "Offer a tool with an input shape, or misbehave as 'unknown_tool'.");
  }
  for (const [i, made] of content.calls.entries()) {
    if (!tools.some((tool) => tool.name === made.tool)) {
      throw misfitContent(
        call.where,
        kind,
        `its calls[${i}] asks for '${made.tool}', a tool the call does not offer`,
        "Name a tool the call offers, or misbehave as 'unknown_tool'.",
      );
    }
    if (shape(made.tool)?.safeParse(made.with ?? {}).success === true) {
      throw misfitContent(
        call.where,
        kind,
        `its calls[${i}].with fits the input shape of '${made.tool}'`,
        'Give an input that does not fit it (a field missing or of the wrong type).',
      );
    }
  }
  return content.calls;
}

/** The calls, each marked as a misbehaviour so a run with strict tools hands its error to the model. */
function calls(made: readonly AnswerCall[], call: MisbehaviourCall): Misbehaviour {
  let outChars = 0;
  const toolCalls = made.map((one, i): ToolCall => {
    const input = JSON.stringify(one.with ?? {});
    outChars += one.tool.length + input.length;
    const toolCall = { id: one.id ?? `${call.idPrefix}_${i}`, tool: one.tool, with: deepFreeze(JSON.parse(input)) };
    Object.defineProperty(toolCall, misbehavedCall, { value: true });
    return Object.freeze(toolCall);
  });
  const parts = toolCalls.map((toolCall): ReplyPart => Object.freeze({ type: 'call', call: toolCall }));
  return { parts, calls: toolCalls, finish: 'calls', outChars };
}

function refused(call: MisbehaviourCall, text: string): ProviderFailure {
  const said = `the model refused: ${capText(text)}`;
  return new ProviderFailure('content_filter', `${call.where.answer} misbehaves as scripted: ${said}`, {
    provider: call.provider,
    status: 200,
    refusal: text,
  });
}

function filtered(call: MisbehaviourCall): ProviderFailure {
  const said = "the provider's content filter stopped the reply.";
  return new ProviderFailure('content_filter', `${call.where.answer} misbehaves as scripted: ${said}`, {
    provider: call.provider,
    status: 200,
  });
}

function untyped(call: MisbehaviourCall, kind: MisbehaviourKind, what = "a typed value's misbehaviour"): StandinError {
  return cannotMisbehave(
    call.where,
    kind,
    `states no shape for a typed value, so ${what} has nothing to misbehave in`,
    "Give the call an output shape (output: z.object({ ... })), or misbehave as 'truncated' with a text.",
  );
}

/** Whether `text` is JSON. */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The JSON text cut off as a token limit cuts it: its first half or so, never JSON itself (a cut-off `12345` could
 * read `12`); undefined when every cut is JSON.
 *
 * @example
 * ```ts
 * cutShort('{"team":"billing"}'); // '{"team":"'
 * ```
 */
export function cutShort(json: string): string | undefined {
  const half = Math.ceil(json.length / 2);
  for (let step = 0; step < json.length; step++) {
    for (const end of [half - step, half + step]) {
      if (end >= 1 && end < json.length && !isJson(json.slice(0, end))) return json.slice(0, end);
    }
  }
  return undefined;
}
