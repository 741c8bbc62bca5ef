import { readDecisions } from '../../../protocols/decisions/decisionsRequest.js';
import { writeDecisionsReply } from '../../../protocols/decisions/decisionsReply.js';
import { classifyWire } from '../../classifyWire.js';
import { readJson } from '../../readBody.js';
import type { WireContext } from '../../WireContext.js';

/**
 * `POST /v1/decisions`, the Decisions API: reads `{ model, input, questions }` through the
 * protocol, asks the app's classifier, and answers `{ model, answers, usage }` with `x-request-id`,
 * the answers in the questions' order. Errors are OpenAI's `{ error }`.
 */
export async function openaiDecisions(context: WireContext): Promise<void> {
  const asked = readDecisions(readJson(context.body));
  await classifyWire(context, asked, (reply) => writeDecisionsReply(reply, asked.questions));
}
