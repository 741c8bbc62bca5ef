import { readCohereEmbed, writeEmbedAnswer } from '../../../protocols/cohere/embed.js';
import { capabilities } from '../../../services/capabilities/capabilities.js';
import { readJson } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';

/** `POST /v2/embed`: one `embed` call per text, answered as `embeddings.float`. */
export async function cohereEmbed(context: WireContext): Promise<void> {
  const { model: id, texts } = readCohereEmbed(readJson(context.body));
  const model = context.model(id);
  const vectors: (readonly number[])[] = [];
  for (const text of texts) {
    context.record(sentOf(id, capabilities.embed, [text]));
    vectors.push(await context.run(() => context.app.embed(model, text, context.options)));
  }
  const answer = writeEmbedAnswer(context.responseId, texts, vectors);
  sendJsonText(context.response, 200, answer, context.dialect.headers(context.responseId));
}
