import { readGenerate } from '../../../protocols/gemini/generateRequest.js';
import { GenerateChunkWriter, writeGenerateResponse } from '../../../protocols/gemini/generateWriter.js';
import { engineInput } from '../../engineInput.js';
import { readJson } from '../../readBody.js';
import { sendJsonText, SseStream } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';
import { filteredOr, replyOrMisbehaviour, wholeReply, wireMisbehaviour } from '../../wireMisbehaviour.js';

const places = {
  tool: (i: number) => `tools[].functionDeclarations[${i}].parametersJsonSchema`,
  output: 'generationConfig.responseJsonSchema',
};

/**
 * `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent?alt=sse`: reads the request, asks the
 * engine, and answers a `GenerateContentResponse`, or, streamed, one such response per piece of the reply, the last
 * with the `finishReason` and usage. A content filter (a scripted `content_filter` failure, a misbehaving model's
 * refusal or filter) is answered as Gemini answers a blocked prompt: 200, no candidates, `promptFeedback.blockReason:
 * SAFETY` (mid-stream: `finishReason: SAFETY`).
 */
export async function geminiGenerate(context: WireContext, streamed: boolean): Promise<void> {
  const id = context.params.model ?? '';
  if (streamed && !/[?&]alt=sse(&|$)/.test(context.response.req.url ?? '')) {
    throw new WireError(
      'W0004',
      400,
      'streamGenerateContent is served as server-sent events only: add ?alt=sse to the URL (the official clients do).',
      { type: 'INVALID_ARGUMENT', param: 'alt', retry: false },
    );
  }
  const request = readGenerate(readJson(context.body), id);
  const model = context.model(id);
  const input = engineInput(request, context.schemas, places);
  context.record({ model: id, call: 'reply', input });
  const meta = { id: context.responseId, model: id };
  const headers = { 'x-request-id': context.responseId };
  if (!streamed) {
    const got = await replyOrMisbehaviour(() =>
      context.run(() => context.app.reply(model, input, context.options)),
    ).catch(filteredOr);
    sendJsonText(context.response, 200, writeGenerateResponse(wholeReply(got), meta), headers);
    return;
  }
  const sse = new SseStream(context.response, headers);
  const chunks = new GenerateChunkWriter(meta);
  await context.run(async () => {
    try {
      for await (const part of context.app.stream(model, input, context.options)) {
        const wait = sse.events(chunks.part(part));
        if (wait !== undefined) await wait;
      }
    } catch (error) {
      // A misbehaving model's typed value went out whole; a refusal and a content filter end the reply as Gemini's do.
      const stopped = wireMisbehaviour(error) ?? filteredOr(error);
      if (stopped.kind !== 'value') for (const event of chunks.stop(stopped)) await sse.event(event);
    }
  });
  await sse.events(chunks.end());
  sse.end();
}
