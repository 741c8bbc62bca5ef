import { capabilities } from '../../../services/capabilities/capabilities.js';
import { checkFields, need } from '../../checkFields.js';
import { readJson } from '../../readBody.js';
import { sendJson } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';
import { isObject } from '../../wireInput.js';
import { MAX_EMBED_INPUTS } from '../openai/openaiEmbeddings.js';

const known = new Set(['model', 'content', 'taskType', 'title', 'outputDimensionality']);
const refuse = {
  outputDimensionality: () => "the scripted embed answers set the vectors' size; leave outputDimensionality out",
};

/**
 * `POST /v1beta/models/{model}:embedContent` (`{ content: { parts: [{ text }] } }` answered
 * `{ embedding: { values } }`) and `:batchEmbedContents` (`{ requests: [...] }` answered
 * `{ embeddings: [{ values }] }`, what `@google/genai` sends): one `embed` call per text, a
 * content's text parts joined.
 *
 * @example
 * ```ts
 * await geminiEmbed(context, false);
 * ```
 */
export async function geminiEmbed(context: WireContext, batch: boolean): Promise<void> {
  const id = context.params.model ?? '';
  const body = readJson(context.body);
  let requests: Record<string, unknown>[];
  if (batch) {
    checkFields(body, new Set(['requests']));
    requests = need(
      Array.isArray(body.requests) &&
        body.requests.length > 0 &&
        body.requests.length <= MAX_EMBED_INPUTS &&
        body.requests.every(isObject) &&
        (body.requests as Record<string, unknown>[]),
      'requests',
      `a list of 1 to ${MAX_EMBED_INPUTS} embed requests { content }`,
    );
  } else requests = [body];
  const texts = requests.map((request, i) => {
    const where = batch ? `requests[${i}]` : '';
    checkFields(request, known, refuse, where === '' ? '' : `${where}.`);
    const at = where === '' ? 'content' : `${where}.content`;
    const parts = need(
      isObject(request.content) && Array.isArray(request.content.parts) && (request.content.parts as unknown[]),
      at,
      'a content { parts: [{ text }] }',
    );
    return parts
      .map((part, j) =>
        need(isObject(part) && typeof part.text === 'string' && part.text, `${at}.parts[${j}]`, 'a text part { text }'),
      )
      .join(' ');
  });
  const model = context.model(id);
  const vectors: (readonly number[])[] = [];
  for (const text of texts) {
    context.record(sentOf(id, capabilities.embed, [text]));
    vectors.push(await context.run(() => context.app.embed(model, text, context.options)));
  }
  const headers = { 'x-request-id': context.responseId };
  if (batch) sendJson(context.response, 200, { embeddings: vectors.map((values) => ({ values })) }, headers);
  else sendJson(context.response, 200, { embedding: { values: vectors[0] } }, headers);
}
