import { readOllamaChat } from '../../../protocols/ollama/chatRequest.js';
import { readGenerateRequest } from '../../../protocols/ollama/generateRequest.js';
import type { OllamaEndpoint } from '../../../protocols/ollama/replyReader.js';
import { OllamaReplyWriter, writeWholeAnswer } from '../../../protocols/ollama/replyWriter.js';
import { engineInput } from '../../engineInput.js';
import { readJson } from '../../readBody.js';
import { sendJsonText, SseStream } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';
import { replyOrMisbehaviour, wholeReply, wireMisbehaviour } from '../../wireMisbehaviour.js';

/** How Ollama types a streamed answer: one JSON object a line. */
export const NDJSON = 'application/x-ndjson';

const places = {
  tool: (i: number) => `tools[${i}].function.parameters`,
  output: 'format',
};

/**
 * `POST /api/chat` and `POST /api/generate`: reads the request, asks the engine, and answers as Ollama does — streamed
 * unless the request says `stream: false`, one JSON object a line, the last with `done: true`; else one JSON body.
 * Ollama has no refusal nor content filter: a misbehaving model's refusal is its words, its filter an empty reply.
 */
export async function ollamaReply(context: WireContext, endpoint: OllamaEndpoint): Promise<void> {
  const body = readJson(context.body);
  const { request, stream } = endpoint === 'chat' ? readOllamaChat(body) : readGenerateRequest(body);
  const id = request.model;
  const model = context.model(id);
  const input = engineInput(request, context.schemas, places);
  context.record({ model: id, call: 'reply', input });
  const meta = { model: id, created: Math.floor(Date.now() / 1000) };
  const headers = { 'x-request-id': context.responseId };
  if (!stream) {
    const got = await replyOrMisbehaviour(() => context.run(() => context.app.reply(model, input, context.options)));
    sendJsonText(context.response, 200, writeWholeAnswer(wholeReply(got), endpoint, meta), headers);
    return;
  }
  const lines = new SseStream(context.response, headers, NDJSON);
  const writer = new OllamaReplyWriter(endpoint, meta);
  await context.run(async () => {
    try {
      for await (const part of context.app.stream(model, input, context.options))
        for (const line of writer.part(part)) await lines.event(line);
    } catch (error) {
      // A misbehaving model's typed value went out whole; a refusal ends the reply with its words.
      const stopped = wireMisbehaviour(error);
      if (stopped === undefined) throw error;
      if (stopped.kind !== 'value') for (const line of writer.stop(stopped)) await lines.event(line);
    }
  });
  for (const line of writer.end()) await lines.event(line);
  lines.end();
}
