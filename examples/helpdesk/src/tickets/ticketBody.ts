import { BadRequestException } from '@nestjs/common';
import { z } from 'zod';

/** The longest message a ticket takes, in characters (after trimming). */
export const maxMessageLength = 2000;

const typeName = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`;

const ticketBody = z.strictObject(
  {
    message: z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? 'message is missing: send { "message": "what the customer wrote" }.'
            : `message must be text, got ${typeName(issue.input)}.`,
      })
      .trim()
      .min(1, { error: 'message is empty: write what the customer asked.' })
      .max(maxMessageLength, {
        error: (issue) =>
          `message is ${String(issue.input).length} characters long; a ticket takes at most ${maxMessageLength}.`,
      }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}: a ticket takes only { "message" }.`
        : undefined,
  },
);

/**
 * Reads the body of `POST /tickets`: `{ "message": "..." }`, the message trimmed. Anything else is
 * a 400 whose message says what was wrong and what to send.
 *
 * @example
 * ```ts
 * parseTicketBody({ message: '  Hello  ' }); // { message: 'Hello' }
 * parseTicketBody({});                       // throws BadRequestException: message is missing ...
 * ```
 */
export function parseTicketBody(body: unknown): { message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestException(
      `Send a JSON object { "message": "..." } with the header content-type: application/json; got ${body === undefined ? 'no JSON body' : typeName(body)}.`,
    );
  }
  const parsed = ticketBody.safeParse(body);
  if (!parsed.success) throw new BadRequestException(parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * Reads the `reply` query parameter of `POST /tickets`: `now` (the default) writes the reply
 * before answering; `stream` leaves it to `GET /tickets/:id/stream`.
 *
 * @example
 * ```ts
 * parseReplyMode(undefined); // 'now'
 * parseReplyMode('stream');  // 'stream'
 * ```
 */
export function parseReplyMode(value: unknown): 'now' | 'stream' {
  if (value === undefined || value === 'now') return 'now';
  if (value === 'stream') return 'stream';
  throw new BadRequestException(
    `reply must be "now" or "stream", got ${typeof value === 'string' ? JSON.stringify(value) : typeName(value)}.`,
  );
}
