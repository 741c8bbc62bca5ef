import { readDecisions } from '../../../protocols/decisions/decisionsRequest.js';
import { writeDecisionsReply } from '../../../protocols/decisions/decisionsReply.js';
import { classifyWire } from '../../classifyWire.js';
import { readJson } from '../../readBody.js';
import type { WireContext } from '../../WireContext.js';

/**
 * `POST /v1/decisions`: asks the classifier, answers in the questions' order with `x-request-id`; errors are OpenAI's.
 */
export async function openaiDecisions(context: WireContext): Promise<void> {
  const asked = readDecisions(readJson(context.body));
  await classifyWire(context, asked, (reply) => writeDecisionsReply(reply, asked.questions));
}
