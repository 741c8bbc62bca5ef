import { readCohereChat } from '../../../protocols/cohere/chatRequest.js';
import { writeChatResponse } from '../../../protocols/cohere/chatReply.js';
import { ChatEventWriter } from '../../../protocols/cohere/chatStream.js';
import { readJson } from '../../readBody.js';
import type { WireContext } from '../../WireContext.js';
import { answerReply, type ReplyWriters } from '../openai/replyEndpoint.js';

/** How `/v2/chat` answers: a whole response, or its events. */
const writers: ReplyWriters = {
  prefix: '',
  places: { tool: (i) => `tools[${i}].function.parameters`, output: 'response_format.json_schema' },
  whole: (reply, meta) => writeChatResponse(reply, meta.id),
  events: (meta) => new ChatEventWriter(meta.id),
};

/**
 * `POST /v2/chat`: reads the request, asks the engine, and answers a whole response, or with `stream: true` its events
 * from `message-start` to `message-end`. A misbehaving model's refusal is its words; a content filter ends the reply
 * `ERROR`, blocked, as Cohere's safety mode does.
 */
export async function cohereChat(context: WireContext): Promise<void> {
  await answerReply(context, readCohereChat(readJson(context.body)), writers);
}
