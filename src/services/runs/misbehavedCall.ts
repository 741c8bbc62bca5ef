import type { ToolCall } from '../spec/Provider.js';

/**
 * The mark a stand-in puts on a tool call it makes as a misbehaving model on purpose (an unknown tool, an input that
 * does not fit): a run with strict tools hands such a call's error to the model, as a production run does, rather than
 * failing the run as it would for a test author's scripted mistake. A symbol no JSON carries, so it never reaches a
 * wire, a cassette or `sent`.
 */
export const misbehavedCall: unique symbol = Symbol.for('standin/misbehavedCall');

/** Whether a stand-in made `call` as a misbehaviour on purpose. */
export function isMisbehavedCall(call: ToolCall): boolean {
  return (call as { readonly [misbehavedCall]?: unknown })[misbehavedCall] === true;
}
