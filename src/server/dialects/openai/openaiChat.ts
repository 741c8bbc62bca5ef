import { ChatChunkWriter } from '../../../protocols/openai/chatStream.js';
import { readChat } from '../../../protocols/openai/chatRequest.js';
import { writeCompletion } from '../../../protocols/openai/chatReply.js';
import { engineInput } from '../../engineInput.js';
import { readJson } from '../../readBody.js';
import { sendJsonText, SseStream } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';
import { replyOrMisbehaviour, wholeReply, wireMisbehaviour } from '../../wireMisbehaviour.js';
import { refuseUnhonoured } from './unhonoured.js';

const places = { tool: (i: number) => `tools[${i}].function.parameters`, output: 'response_format.json_schema.schema' };

/**
 * `POST /v1/chat/completions` (and an Azure deployment's): reads the request, asks the engine, and
 * answers a `chat.completion`, or with `stream: true` its `chat.completion.chunk` events ending in
 * `data: [DONE]` (a usage chunk first when `stream_options.include_usage`). A misbehaving model's
 * refusal or content filter ends the reply as OpenAI's do.
 */
export async function openaiChat(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  refuseUnhonoured(body);
  const { request, stream, includeUsage } = readChat(body, context.params.deployment);
  const model = context.model(request.model);
  const input = engineInput(request, context.schemas, places);
  context.record({ model: request.model, call: 'reply', input });
  const meta = { id: `chatcmpl-${context.responseId}`, created: Math.floor(Date.now() / 1000), model: request.model };
  const headers = context.dialect.headers(context.responseId);
  if (!stream) {
    const got = await replyOrMisbehaviour(() => context.run(() => context.app.reply(model, input, context.options)));
    sendJsonText(context.response, 200, writeCompletion(wholeReply(got), meta), headers);
    return;
  }
  const sse = new SseStream(context.response, headers);
  const chunks = new ChatChunkWriter(meta, includeUsage);
  await context.run(async () => {
    try {
      for await (const part of context.app.stream(model, input, context.options))
        for (const event of chunks.part(part)) await sse.event(event);
    } catch (error) {
      // A misbehaving model's typed value went out whole; a refusal and a content filter end the reply as OpenAI's do.
      const misbehaved = wireMisbehaviour(error);
      if (misbehaved === undefined) throw error;
      if (misbehaved.kind !== 'value') for (const event of chunks.stop(misbehaved)) await sse.event(event);
    }
  });
  for (const event of chunks.end()) await sse.event(event);
  sse.end();
}
