/** Reading what clients send in message content and tool calls: shared by the OpenAI and Anthropic endpoints. */

import { WireError } from './WireError.js';

/** The text of a message's content: a string, or the text parts of a list (other parts are refused). */
export function textOf(content: unknown, where: string): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown, i) => {
        if (
          isObject(part) &&
          (part.type === 'text' || part.type === 'input_text' || part.type === 'output_text') &&
          typeof part.text === 'string'
        )
          return part.text;
        const type = isObject(part) ? String(part.type) : typeof part;
        throw new WireError(
          'W0004',
          400,
          `${where}[${i}] is a '${type}' part; the wire server reads text parts only. Send the content as text.`,
          { type: 'invalid_request_error', code: 'unsupported_value', param: `${where}[${i}]`, retry: false },
        );
      })
      .join('');
  }
  throw new WireError('W0002', 400, `${where} must be a string or a list of text parts.`, {
    type: 'invalid_request_error',
    param: where,
    retry: false,
  });
}

/** A tool call's arguments: the JSON text of its input. */
export function parseArguments(text: unknown, where: string): unknown {
  if (typeof text !== 'string' || text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new WireError(
      'W0002',
      400,
      `${where} is not JSON text. Send the tool input as JSON text, such as {"city":"Paris"}.`,
      { type: 'invalid_request_error', param: where, retry: false },
    );
  }
}

/** A tool's output as the client sent it: JSON when it reads as JSON, else the text. */
export function resultOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Whether a value is a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
