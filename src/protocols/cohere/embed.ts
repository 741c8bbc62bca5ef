import { z } from 'zod';
import { readReply, readShape } from '../readShape.js';
import { malformed } from '../WireFault.js';
import { unhonoured } from './cohereRefused.js';

/*
 * Cohere's `POST /v2/embed`, as its API reference documents it: texts in, one vector per text out
 * under `embeddings.float` (the one type the wire server answers, and the adapter asks for).
 */

/** The most texts one request holds, as Cohere's. */
export const MAX_EMBED_TEXTS = 96;

const inputTypes = ['search_document', 'search_query', 'classification', 'clustering', 'image'] as const;

/** The body of `/v2/embed`. */
export const cohereEmbedBody = z.strictObject({
  model: z.string().min(1, 'model is required'),
  texts: z.array(z.string()).max(MAX_EMBED_TEXTS, `at most ${MAX_EMBED_TEXTS} texts can be embedded at once`).nullish(),
  images: z.array(z.string()).nullish(),
  inputs: z.array(z.unknown()).nullish(),
  input_type: z.enum(inputTypes).nullish(),
  embedding_types: z.array(z.enum(['float', 'int8', 'uint8', 'binary', 'ubinary', 'base64'])).nullish(),
  output_dimension: z.int().nullish(),
  max_tokens: z.int().min(1).nullish(),
  truncate: z.enum(['NONE', 'START', 'END']).nullish(),
  priority: z.number().nullish(),
});

export type EmbedBody = z.output<typeof cohereEmbedBody>;

/** An embed answer, as far as the adapter reads it: the float vectors, one per text. */
export const embedAnswer = z.object({
  embeddings: z.object({
    float: z.array(
      z.array(z.number('an embedding holds something other than finite numbers')).min(1, 'an embedding is empty'),
      'the answer has no float embeddings',
    ),
  }),
});

/** The request embedding `texts` as `input_type` says, in floats. */
export function writeCohereEmbed(
  model: string,
  texts: readonly string[],
  inputType: (typeof inputTypes)[number],
): EmbedBody {
  return { model, texts: [...texts], input_type: inputType, embedding_types: ['float'] };
}

/** The model and texts an embed request asks for; images, other types and a chosen size are refused. */
export function readCohereEmbed(value: unknown): { readonly model: string; readonly texts: readonly string[] } {
  const body = readShape(cohereEmbedBody, value);
  if ((body.images?.length ?? 0) > 0 || (body.inputs?.length ?? 0) > 0)
    throw unhonoured([body.images ? 'images' : 'inputs'], 'the wire server embeds texts; send them as texts.');
  if (body.texts === undefined || body.texts === null || body.texts.length === 0)
    throw unhonoured(['texts'], 'texts must hold at least one text.');
  const other = body.embedding_types?.find((type) => type !== 'float');
  if (other !== undefined)
    throw unhonoured(['embedding_types'], `the wire server answers float embeddings, not ${other}; ask for float.`);
  if (body.output_dimension !== undefined && body.output_dimension !== null)
    throw unhonoured(['output_dimension'], "the scripted embed answers set the vectors' size; leave it out.");
  return { model: body.model, texts: body.texts };
}

/** The answer for one vector per text, as JSON text. */
export function writeEmbedAnswer(
  id: string,
  texts: readonly string[],
  vectors: readonly (readonly number[])[],
): string {
  const tokens = texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  return JSON.stringify({
    id,
    embeddings: { float: vectors },
    texts,
    meta: { api_version: { version: '2' }, billed_units: { input_tokens: tokens } },
    response_type: 'embeddings_by_type',
  });
}

/** The vectors of an embed answer, one per text asked; `malformed` when they are not. */
export function readEmbedAnswer(value: unknown, count: number): number[][] {
  const vectors = readReply(embedAnswer, value, 'the embed answer').embeddings.float;
  if (vectors.length !== count) throw malformed(`the embed answer has ${vectors.length} vectors for ${count} texts`);
  return vectors;
}
