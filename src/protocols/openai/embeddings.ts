import { z } from 'zod';
import { readReply, readShape } from '../readShape.js';
import { malformed } from '../WireFault.js';

/** The most texts one embeddings request may hold, as OpenAI's. */
export const MAX_EMBED_INPUTS = 2048;

/** The `/embeddings` request body; a field OpenAI does not document is refused. */
const embeddingsBody = z.strictObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.string()).min(1).max(MAX_EMBED_INPUTS)]),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.int().min(1).optional(),
  user: z.string().optional(),
});

export type EmbeddingsBody = z.output<typeof embeddingsBody>;

/** The `/embeddings` answer: a vector per input, as floats or as base64 of little-endian float32 values. */
export const embeddingsAnswer = z.object({
  object: z.literal('list').optional(),
  data: z.array(
    z
      .object({
        object: z.literal('embedding').optional(),
        index: z.int().min(0).optional(),
        embedding: z.union([z.array(z.number()), z.string()]),
      })
      .loose(),
  ),
  model: z.string().optional(),
  usage: z.object({ prompt_tokens: z.number(), total_tokens: z.number() }).loose().optional(),
});

/** Asks for base64, as the official clients do: a quarter of the bytes of a list of floats, every value exact. */
export function writeEmbeddings(model: string, texts: string | readonly string[]): EmbeddingsBody {
  return { model, input: typeof texts === 'string' ? texts : [...texts], encoding_format: 'base64' };
}

/** An embeddings request as read: the model (the deployment when the path names it), its texts, the encoding asked. */
export function readEmbeddings(
  value: unknown,
  model?: string,
): { readonly model: string; readonly texts: readonly string[]; readonly base64: boolean } {
  const body = readShape(embeddingsBody, model === undefined ? value : { ...(value as object), model });
  return {
    model: body.model,
    texts: typeof body.input === 'string' ? [body.input] : body.input,
    base64: body.encoding_format === 'base64',
  };
}

/** The answer for `vectors`, in order, as JSON text: base64 when asked, else lists of floats. */
export function writeEmbeddingsAnswer(
  vectors: readonly (readonly number[])[],
  model: string,
  base64: boolean,
  tokens: number,
): string {
  const data = vectors.map((vector, index) => ({
    object: 'embedding',
    index,
    embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
  }));
  return JSON.stringify({ object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
}

/** `count` vectors in input order (by `index`, else place); `malformed` for a missing or unreadable vector. */
export function readEmbeddingsAnswer(value: unknown, count: number): number[][] {
  const answer = readReply(embeddingsAnswer, value, 'the embeddings answer');
  const vectors = new Array<number[] | undefined>(count).fill(undefined);
  answer.data.forEach((item, position) => {
    const index = item.index ?? position;
    if (index >= count) return;
    const vector = floats(item.embedding);
    if (vector === undefined || vector.length === 0)
      throw malformed(
        `embedding ${index} is neither a list of finite numbers nor base64 of little-endian float32 values`,
      );
    vectors[index] = vector;
  });
  const missing = vectors.findIndex((vector) => vector === undefined);
  if (missing !== -1) throw malformed(`the embeddings answer has no embedding ${missing}`);
  return vectors as number[][];
}

/** A vector as the answer sends it: finite floats, or base64 of little-endian float32 values. */
function floats(embedding: readonly number[] | string): number[] | undefined {
  if (typeof embedding !== 'string') return embedding.every(Number.isFinite) ? [...embedding] : undefined;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(embedding) || embedding.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(embedding, 'base64');
  if (bytes.length % 4 !== 0) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Array<number>(bytes.length / 4);
  for (let i = 0; i < vector.length; i++) {
    const value = view.getFloat32(i * 4, true);
    if (!Number.isFinite(value)) return undefined;
    vector[i] = value;
  }
  return vector;
}
