import { readOllamaEmbed, writeOllamaEmbeddings } from '../../../protocols/ollama/embed.js';
import { capabilities } from '../../../services/capabilities/capabilities.js';
import { readJson } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';

/** `POST /api/embed`: one `embed` per text of `input`, the vectors in order. */
export async function ollamaEmbed(context: WireContext): Promise<void> {
  const { model: id, texts } = readOllamaEmbed(readJson(context.body));
  const model = context.model(id);
  const vectors: (readonly number[])[] = [];
  for (const text of texts) {
    context.record(sentOf(id, capabilities.embed, [text]));
    vectors.push(await context.run(() => context.app.embed(model, text, context.options)));
  }
  sendJsonText(context.response, 200, writeOllamaEmbeddings(id, vectors), { 'x-request-id': context.responseId });
}
