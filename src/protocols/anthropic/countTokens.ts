import { z } from 'zod';
import type { ReplyRequest } from '../../services/spec/Provider.js';
import { readReply, readShape } from '../readShape.js';
import { readMessages, writeMessages } from './messagesRequest.js';
import { messagesBody, type MessagesBody } from './messagesShapes.js';

/*
 * Anthropic's `POST /v1/messages/count_tokens`, as its API reference documents it: the Messages body without
 * `max_tokens` and `stream` (and the sampling fields, which decide nothing of the input) in, `{ input_tokens }` out.
 */

/** The body of `count_tokens`: a Messages request that asks for no reply. */
export const messagesCountBody = messagesBody.omit({ max_tokens: true, stream: true });

export type MessagesCountBody = z.input<typeof messagesCountBody>;

/** The answer of `count_tokens`. */
export const messagesCountAnswer = z.object({ input_tokens: z.int().min(0) });

/** The `count_tokens` body of a reply request: what `writeMessages` writes, less what only a reply reads. */
export function writeMessagesCount(request: ReplyRequest, body?: Readonly<Record<string, unknown>>): MessagesCountBody {
  const written: Partial<MessagesBody> = { ...writeMessages(request, { body }) };
  for (const key of ['max_tokens', 'stream', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'metadata'] as const)
    delete written[key];
  return written as MessagesCountBody;
}

/** The reply request a `count_tokens` body counts; a `refused` fault naming the first field at fault. */
export function readMessagesCount(value: unknown): ReplyRequest {
  readShape(messagesCountBody, value);
  const { request } = readMessages({ ...(value as object), max_tokens: 1 });
  const { settings: _settings, ...counted } = request;
  return counted;
}

/** A `count_tokens` answer, as JSON text. */
export function writeInputTokens(tokens: number): string {
  return JSON.stringify({ input_tokens: tokens });
}

/** The count of a `count_tokens` answer; a `malformed` fault for one without a whole number. */
export function readInputTokens(body: unknown): number {
  return readReply(messagesCountAnswer, body, 'the count_tokens answer').input_tokens;
}
