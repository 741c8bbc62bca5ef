import { capabilities } from '../../../services/capabilities/capabilities.js';
import { checkFields, need } from '../../checkFields.js';
import { readJson } from '../../readBody.js';
import { sendJson } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';

const known = new Set(['model', 'input', 'encoding_format', 'dimensions', 'user']);
const refuse = {
  encoding_format: (v: unknown) =>
    v === 'float' || v === 'base64' ? undefined : "encoding_format is 'float' or 'base64'",
  dimensions: () => "the scripted embed answers set the vectors' size; leave dimensions out",
};

/** The most texts one embeddings request may hold, as OpenAI's. */
export const MAX_EMBED_INPUTS = 2048;

/**
 * `POST /v1/embeddings`: one `embed` call per input text, answered as `float` lists or as
 * `base64` (little-endian float32, what the openai client asks for by default).
 *
 * @example
 * ```ts
 * await openaiEmbeddings(context);
 * ```
 */
export async function openaiEmbeddings(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  checkFields(body, known, refuse);
  const id =
    context.params.deployment ??
    need(typeof body.model === 'string' && body.model, 'model', 'the model id as a string');
  const texts =
    typeof body.input === 'string'
      ? [body.input]
      : need(
          Array.isArray(body.input) &&
            body.input.length > 0 &&
            body.input.length <= MAX_EMBED_INPUTS &&
            body.input.every((t) => typeof t === 'string') &&
            (body.input as string[]),
          'input',
          `a string or a list of 1 to ${MAX_EMBED_INPUTS} strings (token arrays are not read)`,
        );
  const model = context.model(id);
  const base64 = body.encoding_format === 'base64';
  const data: Record<string, unknown>[] = [];
  let chars = 0;
  for (const [index, text] of texts.entries()) {
    context.record(sentOf(id, capabilities.embed, [text]));
    const vector = await context.run(() => context.app.embed(model, text, context.options));
    chars += text.length;
    data.push({
      object: 'embedding',
      index,
      embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
    });
  }
  const tokens = Math.ceil(chars / 4);
  sendJson(
    context.response,
    200,
    { object: 'list', data, model: id, usage: { prompt_tokens: tokens, total_tokens: tokens } },
    { 'x-request-id': context.responseId },
  );
}
