import { ChatChunkWriter } from '../../../protocols/openai/chatStream.js';
import { readChat } from '../../../protocols/openai/chatRequest.js';
import { writeCompletion, type ChatFilters } from '../../../protocols/openai/chatReply.js';
import { readJson } from '../../readBody.js';
import type { WireContext } from '../../WireContext.js';
import { answerReply, type ReplyWriters } from './replyEndpoint.js';
import { chatUnhonoured, refuseUnhonoured } from './unhonoured.js';
import { quickChat } from './quickChat.js';

/** How Chat Completions answers: a `chat.completion`, or its chunks; with a content filter's verdicts (Azure's). */
export const chatWriters = (includeUsage: boolean, filters: ChatFilters | undefined): ReplyWriters => ({
  prefix: 'chatcmpl-',
  places: { tool: (i) => `tools[${i}].function.parameters`, output: 'response_format.json_schema.schema' },
  whole: (reply, meta) => writeCompletion(reply, meta, filters),
  events: (meta) => new ChatChunkWriter(meta, includeUsage, filters),
});

/**
 * A Chat Completions endpoint: `POST /v1/chat/completions`, or with `filters` an API that carries a
 * content filter's verdicts beside it (Azure's deployments).
 */
export function chatEndpoint(filters?: ChatFilters): (context: WireContext) => Promise<void> {
  return async (context) => {
    const body = readJson(context.body);
    const deployment = context.params.deployment;
    // A plain body holds none of the fields a scripted answer cannot honour.
    let read = quickChat(body, deployment);
    if (read === undefined) {
      refuseUnhonoured(body, chatUnhonoured);
      read = readChat(body, deployment);
    }
    await answerReply(context, read, chatWriters(read.includeUsage, filters));
  };
}

/**
 * `POST /v1/chat/completions`: reads the request, asks the engine, and answers a `chat.completion`, or with `stream:
 * true` its `chat.completion.chunk` events ending in `data: [DONE]` (a usage chunk first when
 * `stream_options.include_usage`). A misbehaving model's refusal or content filter ends the reply as OpenAI's do.
 */
export const openaiChat = chatEndpoint();
