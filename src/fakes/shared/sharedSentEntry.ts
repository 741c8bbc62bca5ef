/** How much of a faked model's calls a namespace keeps for `sent`, and the entry each call is kept as. */

import type { SentCall } from '../model/SentCall.js';

/** How many of a faked model's calls the namespace keeps for `sent`: the latest ones. */
export const SHARED_SENT_LIMIT = 1_000;
/** The largest sent entry kept whole, in bytes of JSON; a larger one keeps only its size. */
export const SHARED_SENT_ENTRY_BYTES = 1_048_576;

/** The most sent entries kept, as the step script takes it. */
export const SENT_LIMIT_ARG = String(SHARED_SENT_LIMIT);

/** A sent call as the namespace keeps it: its JSON, or only the size of a request too large to keep. */
export function sentEntry(call: SentCall): string {
  const json = JSON.stringify(call);
  // Three bytes per UTF-16 unit at most: most entries need no exact count.
  if (json.length * 3 <= SHARED_SENT_ENTRY_BYTES || Buffer.byteLength(json) <= SHARED_SENT_ENTRY_BYTES) return json;
  const omitted =
    `a request of ${Buffer.byteLength(json)} bytes of JSON, over the ${SHARED_SENT_ENTRY_BYTES} a ` +
    `shared sent entry keeps`;
  const input = call.call === 'reply' ? { model: call.input.model, messages: [], omitted } : { omitted };
  return JSON.stringify({ call: call.call, input, scope: call.scope, step: call.step, attempt: call.attempt });
}
