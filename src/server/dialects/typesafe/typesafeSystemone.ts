import { readSystemone } from '../../../protocols/typesafe/systemoneRequest.js';
import { writeSystemoneReply } from '../../../protocols/typesafe/systemoneReply.js';
import { classifyWire } from '../../classifyWire.js';
import { readJson } from '../../readBody.js';
import type { WireContext } from '../../WireContext.js';

/**
 * `POST /v1/systemone`, TypeSafe's System One classifier: reads `{ state, model, questions }`
 * through the protocol, asks the app's classifier, and answers `{ model, answers, usage }` with
 * `x-typesafe-request-id`. Errors are TypeSafe's `{ detail }`.
 */
export async function typesafeSystemone(context: WireContext): Promise<void> {
  await classifyWire(context, readSystemone(readJson(context.body)), writeSystemoneReply);
}
