import { readChat } from '../../../protocols/openai/chatRequest.js';
import { splitOpenRouterChat } from '../../../protocols/openrouter/openrouterRequest.js';
import { writeOpenRouterModels } from '../../../protocols/openrouter/openrouterModels.js';
import { readJson } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';
import { chatWriters } from '../openai/openaiChat.js';
import { answerReply } from '../openai/replyEndpoint.js';
import { chatUnhonoured, refuseUnhonoured } from '../openai/unhonoured.js';

/**
 * `POST /api/v1/chat/completions`: OpenAI's chat request with OpenRouter's fields beside it (`models`, `provider`,
 * `reasoning`, `usage`, ...), each checked and then left aside: a scripted answer is the model's whatever the route.
 * Answered as OpenAI's Chat Completions answer, whole or streamed.
 */
export async function openrouterChat(context: WireContext): Promise<void> {
  const { chat } = splitOpenRouterChat(readJson(context.body));
  refuseUnhonoured(chat as Readonly<Record<string, unknown>>, chatUnhonoured);
  const read = readChat(chat);
  await answerReply(context, read, chatWriters(read.includeUsage, undefined));
}

/** `GET /api/v1/models`: the model ids scripted in the request's scope, as OpenRouter's model list. */
export async function openrouterModels(context: WireContext): Promise<void> {
  sendJsonText(
    context.response,
    200,
    writeOpenRouterModels(context.models()),
    context.dialect.headers(context.responseId),
  );
}
