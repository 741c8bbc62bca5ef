import { BadRequestException } from '@nestjs/common';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxMessageLength, parseReplyMode, parseTicketBody } from '../src/tickets/ticketBody.js';

const rejects = (body: unknown): string => {
  try {
    parseTicketBody(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a 400');
};

describe(parseTicketBody, () => {
  it('reads { message }, trimmed', () => {
    expect(parseTicketBody({ message: '  My card was charged twice.\n' })).toEqual({
      message: 'My card was charged twice.',
    });
  });

  it('takes a message of the longest length, and not one character more', () => {
    expect(parseTicketBody({ message: 'a'.repeat(maxMessageLength) }).message).toHaveLength(maxMessageLength);
    expect(rejects({ message: 'a'.repeat(maxMessageLength + 1) })).toBe(
      `message is ${maxMessageLength + 1} characters long; a ticket takes at most ${maxMessageLength}.`,
    );
  });

  it.each([
    [
      undefined,
      'Send a JSON object { "message": "..." } with the header content-type: application/json; got no JSON body.',
    ],
    [[], 'Send a JSON object { "message": "..." } with the header content-type: application/json; got a list.'],
    ['hello', 'Send a JSON object { "message": "..." } with the header content-type: application/json; got a string.'],
    [{}, 'message is missing: send { "message": "what the customer wrote" }.'],
    [{ message: 42 }, 'message must be text, got a number.'],
    [{ message: null }, 'message must be text, got null.'],
    [{ message: ' \n\t ' }, 'message is empty: write what the customer asked.'],
    [{ message: 'hi', mesage: 'hi' }, 'Unknown field "mesage": a ticket takes only { "message" }.'],
  ])('answers %j with a 400 saying what to send', (body, message) => {
    expect(rejects(body)).toBe(message);
  });

  it('answers any JSON body with a message or a 400, never anything else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ message: fc.jsonValue() }),
          fc.record({ message: fc.string({ maxLength: 2100 }) }),
        ),
        (body) => {
          try {
            const { message } = parseTicketBody(body);
            expect(message.length).toBeGreaterThan(0);
            expect(message.length).toBeLessThanOrEqual(maxMessageLength);
            expect(message).toBe(message.trim());
          } catch (error) {
            expect(error).toBeInstanceOf(BadRequestException);
            expect((error as Error).message.length).toBeGreaterThan(10);
          }
        },
      ),
    );
  });
});

describe(parseReplyMode, () => {
  it('is now by default, or stream', () => {
    expect(parseReplyMode(undefined)).toBe('now');
    expect(parseReplyMode('now')).toBe('now');
    expect(parseReplyMode('stream')).toBe('stream');
  });

  it('answers anything else with a 400', () => {
    expect(() => parseReplyMode('later')).toThrow('reply must be "now" or "stream", got "later".');
    expect(() => parseReplyMode(['now', 'stream'])).toThrow('reply must be "now" or "stream", got a list.');
  });
});
