import { z } from 'zod';
import { readShape } from '../readShape.js';

/*
 * Cohere's `POST /v2/rerank`: a query and the texts to score against it; the answer's
 * `results[{ index, relevance_score }]`, best first, are read by the same reader as the
 * OpenAI-compatible `/rerank` (`readRerankAnswer` of the OpenAI protocol), whose shape is this one.
 */

/** The most documents one request scores, as Cohere's. */
export const MAX_RERANK_DOCUMENTS = 1000;

/** The body of `/v2/rerank`. */
export const rerankBody = z.strictObject({
  model: z.string().min(1, 'model is required'),
  query: z.string(),
  documents: z.array(z.string()).min(1, 'documents must not be empty').max(MAX_RERANK_DOCUMENTS),
  top_n: z.int().min(1).nullish(),
  max_tokens_per_doc: z.int().min(1).nullish(),
  priority: z.number().nullish(),
});

export type RerankBody = z.output<typeof rerankBody>;

/** The request scoring `texts` against `query`: no `top_n`, so every text comes back scored. */
export function writeCohereRerank(model: string, query: string, texts: readonly string[]): RerankBody {
  return { model, query, documents: [...texts] };
}

/** A rerank request as read: the model, the query, the texts and how many results it asks for. */
export function readCohereRerank(value: unknown): {
  readonly model: string;
  readonly query: string;
  readonly texts: readonly string[];
  readonly top: number | undefined;
} {
  const body = readShape(rerankBody, value);
  return { model: body.model, query: body.query, texts: body.documents, top: body.top_n ?? undefined };
}

/** The answer for one score per text: the results best first, the first `top` of them, as JSON text. */
export function writeCohereRerankAnswer(id: string, scores: readonly number[], top?: number): string {
  const results = scores
    .map((relevance_score, index) => ({ index, relevance_score }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, top ?? scores.length);
  return JSON.stringify({ id, results, meta: { api_version: { version: '2' }, billed_units: { search_units: 1 } } });
}
