import type { ReplyRequest, Units, UserMessage } from '../../services/spec/Provider.js';

/** Characters per estimated token: the usual rule of thumb for English text. */
export const CHARS_PER_TOKEN = 4;

/** Measures JSON texts; a fake keeps one, so a schema the engine hands it again is measured once. */
export type JsonLength = (value: unknown) => number;

/**
 * The units a faked reply reports when its answer leaves `units` out: deterministic, and never zero for a real
 * conversation, so token-budget tests are not vacuous. `tokensIn` is a quarter of the characters of the instructions,
 * messages (tool calls and results as name and JSON), tools offered and output schema; `tokensOut` a quarter of the
 * answer's text, reasoning, value JSON and calls.
 */
export function estimateUnits(
  request: ReplyRequest,
  outChars: number,
  jsonLength: JsonLength = plainJsonLength,
): Units {
  return {
    tokensIn: Math.ceil(requestChars(request, jsonLength) / CHARS_PER_TOKEN),
    tokensOut: Math.ceil(outChars / CHARS_PER_TOKEN),
  };
}

/** The characters `estimateUnits` counts for a request. */
export function requestChars(request: ReplyRequest, jsonLength: JsonLength = plainJsonLength): number {
  let chars = request.instructions?.length ?? 0;
  for (const message of request.messages) {
    if (message.role === 'user') chars += userChars(message.content);
    else if (message.role === 'assistant') {
      chars += message.content?.length ?? 0;
      for (const call of message.calls ?? []) chars += call.tool.length + jsonLength(call.with);
    } else {
      for (const result of message.results)
        chars += result.tool.length + (result.error?.length ?? jsonLength(result.output));
    }
  }
  for (const tool of request.tools ?? [])
    chars += tool.name.length + (tool.description?.length ?? 0) + jsonLength(tool.input);
  if (request.output !== undefined) chars += jsonLength(request.output.schema);
  return chars;
}

/** A value's JSON length; a value JSON cannot hold counts as its string form, as an estimate must not fail the call. */
export function plainJsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return String(value).length;
  }
}

/** An image or a file counts as this many characters: what a small picture costs a provider, roughly. */
const PART_CHARS = 1000;

function userChars(content: UserMessage['content']): number {
  if (typeof content === 'string') return content.length;
  let chars = 0;
  for (const part of content) chars += part.type === 'text' ? part.text.length : PART_CHARS;
  return chars;
}
