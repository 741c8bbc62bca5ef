import { readEmbeddings, writeEmbeddingsAnswer } from '../../../protocols/openai/embeddings.js';
import { capabilities } from '../../../services/capabilities/capabilities.js';
import { readJson } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';
import { refuseUnhonoured, type Unhonoured } from './unhonoured.js';

/** The most texts one embeddings request may hold, as OpenAI's (Gemini's batch takes as many). */
export { MAX_EMBED_INPUTS } from '../../../protocols/openai/embeddings.js';

const unhonoured: Unhonoured = {
  input: (v) =>
    Array.isArray(v) && v.some((text) => typeof text !== 'string')
      ? 'the wire server embeds texts, not token arrays; send the input as strings'
      : undefined,
  dimensions: () => "the scripted embed answers set the vectors' size; leave dimensions out",
};

/**
 * `POST /v1/embeddings` (and an Azure deployment's): one `embed` call per input text, answered as
 * `float` lists or as `base64` (little-endian float32, what the openai client asks for by default).
 */
export async function openaiEmbeddings(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  refuseUnhonoured(body, unhonoured);
  const { model: id, texts, base64 } = readEmbeddings(body, context.params.deployment);
  const model = context.model(id);
  const vectors: (readonly number[])[] = [];
  let chars = 0;
  for (const text of texts) {
    context.record(sentOf(id, capabilities.embed, [text]));
    vectors.push(await context.run(() => context.app.embed(model, text, context.options)));
    chars += text.length;
  }
  const answer = writeEmbeddingsAnswer(vectors, id, base64, Math.ceil(chars / 4));
  sendJsonText(context.response, 200, answer, context.dialect.headers(context.responseId));
}
