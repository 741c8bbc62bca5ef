import { readSystemone } from '../../../protocols/typesafe/systemoneRequest.js';
import { writeSystemoneReply } from '../../../protocols/typesafe/systemoneReply.js';
import { classifyWire } from '../../classifyWire.js';
import { readJson } from '../../readBody.js';
import type { WireContext } from '../../WireContext.js';

/**
 * `POST /v1/systemone`: asks the classifier, answers with `x-typesafe-request-id`; errors are TypeSafe's `{ detail }`.
 */
export async function typesafeSystemone(context: WireContext): Promise<void> {
  await classifyWire(context, readSystemone(readJson(context.body)), writeSystemoneReply);
}
