import { isProxy } from 'node:util/types';
import { isOrdinaryObject } from '../../validation/isOrdinaryObject.js';

/**
 * Hand checks of the commonest inputs, so a call that passes one skips zod; anything else goes to the schema, which
 * words the error. Each accepts only what its schema does (plainInput.test.ts proves it on generated inputs).
 */

/** Whether a reply input is plain `messages` (a string, or user and assistant texts) and at most `instructions`. */
export function plainReplyInput(input: unknown): boolean {
  if (!isOrdinaryObject(input)) return false;
  for (const key in input) if (key !== 'messages' && key !== 'instructions') return false;
  const { messages, instructions } = input;
  if (input.tools !== undefined || input.output !== undefined || input.settings !== undefined) return false;
  if (instructions !== undefined && typeof instructions !== 'string') return false;
  if (typeof messages === 'string') return messages.length > 0;
  if (!Array.isArray(messages) || isProxy(messages) || messages.length === 0) return false;
  for (let i = 0; i < messages.length; i++) {
    const message: unknown = messages[i];
    if (!isOrdinaryObject(message)) return false;
    for (const key in message) if (key !== 'role' && key !== 'content') return false;
    const { role, content } = message;
    if (role === 'user' ? typeof content !== 'string' : role !== 'assistant') return false;
    if (content !== undefined && typeof content !== 'string') return false;
    // The schema reads calls and results on the messages of their roles, enumerable or not.
    if (message.calls !== undefined || message.results !== undefined) return false;
  }
  return true;
}

const stringOptions = ['requestId', 'stepKey', 'runId'] as const;

/** Whether options hold at most `signal`, `requestId`, `stepKey`, `runId` and `retry: false`. */
export function plainOptions(options: unknown): boolean {
  if (!isOrdinaryObject(options)) return false;
  for (const key in options) {
    if (key !== 'signal' && key !== 'requestId' && key !== 'stepKey' && key !== 'runId' && key !== 'retry')
      return false;
  }
  const { signal, retry } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) return false;
  if (retry !== undefined && retry !== false) return false;
  for (const key of stringOptions) {
    const value = options[key];
    if (value !== undefined && (typeof value !== 'string' || value.length === 0)) return false;
  }
  return true;
}
