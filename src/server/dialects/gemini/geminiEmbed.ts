import { readBatchEmbed, readEmbed, writeEmbedding, writeBatchEmbed } from '../../../protocols/gemini/embedContent.js';
import { capabilities } from '../../../services/capabilities/capabilities.js';
import { readJson } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';

/** `:embedContent` and `:batchEmbedContents` (what `@google/genai` sends): one `embed` per text, parts joined. */
export async function geminiEmbed(context: WireContext, batch: boolean): Promise<void> {
  const id = context.params.model ?? '';
  const body = readJson(context.body);
  const texts = batch ? readBatchEmbed(body) : [readEmbed(body)];
  const model = context.model(id);
  const vectors: (readonly number[])[] = [];
  for (const text of texts) {
    context.record(sentOf(id, capabilities.embed, [text]));
    vectors.push(await context.run(() => context.app.embed(model, text, context.options)));
  }
  const headers = { 'x-request-id': context.responseId };
  sendJsonText(context.response, 200, batch ? writeBatchEmbed(vectors) : writeEmbedding(vectors[0]!), headers);
}
