import { z } from 'zod';
import { readReply, readShape } from '../readShape.js';
import { geminiRefused } from './geminiRefused.js';

/*
 * Gemini's `embedContent` and `batchEmbedContents`, as its API reference documents them: a content
 * of text parts in, `embedding.values` out (one per request of a batch, which `@google/genai` sends).
 */

/** The most requests one batch holds, as Google's. */
export const MAX_BATCH_EMBEDS = 100;

/** The body of `embedContent`: one content to embed. */
export const embedBody = z.strictObject({
  model: z.string().nullish(),
  content: z.strictObject({
    role: z.string().nullish(),
    parts: z.array(z.record(z.string(), z.unknown())).min(1, 'content.parts must not be empty.'),
  }),
  taskType: z.string().nullish(),
  title: z.string().nullish(),
  outputDimensionality: z.int().min(1, 'output_dimensionality must be positive.').nullish(),
});

/** The body of `batchEmbedContents`: a list of `embedContent` bodies. */
export const batchEmbedBody = z.strictObject({
  requests: z
    .array(embedBody)
    .min(1, 'requests is not specified')
    .max(MAX_BATCH_EMBEDS, `at most ${MAX_BATCH_EMBEDS} requests can be in one batch`),
});

const embedding = z.object({
  values: z
    .array(z.number('the embedding holds something other than finite numbers'))
    .min(1, 'the embedding has no values'),
});

export const embedResponse = z.object({ embedding });
export const batchEmbedResponse = z.object({ embeddings: z.array(embedding).min(1, 'there are no embeddings') });

/**
 * The `embedContent` body for a text, its model named as the path names it; without a model for Vertex AI, whose path
 * alone names it.
 */
export function writeEmbed(text: string, model?: string): z.input<typeof embedBody> {
  return { ...(model === undefined ? {} : { model }), content: { parts: [{ text }] } };
}

/** The text an `embedContent` body asks to embed: its content's text parts, joined with a space. */
export function readEmbed(value: unknown): string {
  return textOf(readShape(embedBody, value), []);
}

/** The texts a `batchEmbedContents` body asks to embed, one per request. */
export function readBatchEmbed(value: unknown): string[] {
  return readShape(batchEmbedBody, value).requests.map((request, i) => textOf(request, ['requests', i]));
}

function textOf(request: z.output<typeof embedBody>, at: readonly PropertyKey[]): string {
  if (request.outputDimensionality !== undefined && request.outputDimensionality !== null)
    throw geminiRefused(
      [...at, 'outputDimensionality'],
      "the scripted embed answers set the vectors' size; leave output_dimensionality out.",
      'unhonoured',
    );
  return request.content.parts
    .map((part, j) => {
      if (typeof part.text === 'string' && Object.keys(part).length === 1) return part.text;
      throw geminiRefused(
        [...at, 'content', 'parts', j],
        'the wire server embeds text parts { text }; send the content as text.',
        'unhonoured',
      );
    })
    .join(' ');
}

/** An `embedContent` answer, as JSON text. */
export function writeEmbedding(values: readonly number[]): string {
  return `{"embedding":{"values":${JSON.stringify(values)}}}`;
}

/** A `batchEmbedContents` answer, as JSON text: one embedding per request, in order. */
export function writeBatchEmbed(vectors: readonly (readonly number[])[]): string {
  return JSON.stringify({ embeddings: vectors.map((values) => ({ values })) });
}

/** The vector of an `embedContent` answer; a `malformed` fault for one without a non-empty list of finite numbers. */
export function readEmbedding(body: unknown): number[] {
  return readReply(embedResponse, body, 'the embedContent answer').embedding.values;
}
