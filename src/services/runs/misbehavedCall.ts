import type { ToolCall } from '../spec/Provider.js';

/**
 * Marks a tool call a stand-in makes wrong on purpose: a strict run hands its error to the model, as production does,
 * rather than fail as for a scripted mistake. A symbol, so it never reaches a wire, a cassette or `sent`.
 */
export const misbehavedCall: unique symbol = Symbol.for('standin/misbehavedCall');

/** Whether a stand-in made `call` as a misbehaviour on purpose. */
export function isMisbehavedCall(call: ToolCall): boolean {
  return (call as { readonly [misbehavedCall]?: unknown })[misbehavedCall] === true;
}
