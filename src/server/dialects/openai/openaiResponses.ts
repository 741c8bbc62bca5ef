import { ResponseEventWriter } from '../../../protocols/openai/ResponseEventWriter.js';
import { writeResponse } from '../../../protocols/openai/responsesReply.js';
import { readResponses } from '../../../protocols/openai/responsesRequest.js';
import { readJson } from '../../readBody.js';
import type { WireContext } from '../../WireContext.js';
import { answerReply, type ReplyWriters } from './replyEndpoint.js';
import { refuseUnhonoured, responsesUnhonoured } from './unhonoured.js';

/** How the Responses API answers: a `response`, or its numbered events. */
const responsesWriters: ReplyWriters = {
  prefix: 'resp_',
  places: { tool: (i) => `tools[${i}].parameters`, output: 'text.format.schema' },
  whole: writeResponse,
  events: (meta) => new ResponseEventWriter(meta),
};

/** `POST /v1/responses`: a Responses request answered as a `response`, or with `stream: true` its numbered events. */
export async function openaiResponses(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  refuseUnhonoured(body, responsesUnhonoured);
  await answerReply(context, readResponses(body, context.params.deployment), responsesWriters);
}
