import { z } from 'zod';
import { readReply, readShape } from '../readShape.js';
import { malformed } from '../WireFault.js';

/** The `/rerank` request in the Jina/Cohere shape (Voyage's too): a query and the documents to score against it. */
const rerankBody = z.strictObject({
  model: z.string().min(1),
  query: z.string(),
  documents: z.array(z.union([z.string(), z.object({ text: z.string() })])).min(1),
  top_n: z.int().min(1).nullish(),
  top_k: z.int().min(1).nullish(),
  return_documents: z.boolean().nullish(),
  max_tokens_per_doc: z.int().min(1).nullish(),
  truncation: z.boolean().nullish(),
});

export type RerankBody = z.output<typeof rerankBody>;

const result = z.object({ index: z.number(), relevance_score: z.number() }).loose();

/** The answer: one result per document scored, best first (`results`, or `data` as Voyage names it). */
export const rerankAnswer = z.object({ results: z.array(result).optional(), data: z.array(result).optional() }).loose();

/** The request scoring `texts` against `query`; no `top_n`, so every text comes back scored. */
export function writeRerank(model: string, query: string, texts: readonly string[]): RerankBody {
  return { model, query, documents: [...texts] };
}

/** A rerank request as read: the model, the query, the documents' texts and how many results it asks for. */
export function readRerank(value: unknown): {
  readonly model: string;
  readonly query: string;
  readonly texts: readonly string[];
  readonly top: number | undefined;
  readonly documents: boolean;
} {
  const body = readShape(rerankBody, value);
  return {
    model: body.model,
    query: body.query,
    texts: body.documents.map((document) => (typeof document === 'string' ? document : document.text)),
    top: body.top_n ?? body.top_k ?? undefined,
    documents: body.return_documents === true,
  };
}

/** The answer for one score per text: the results best first, the first `top` of them, as JSON text. */
export function writeRerankAnswer(
  id: string,
  model: string,
  scores: readonly number[],
  texts: readonly string[],
  options: { readonly top?: number | undefined; readonly documents?: boolean },
): string {
  const results = scores
    .map((relevance_score, index) => ({
      index,
      relevance_score,
      ...(options.documents === true ? { document: { text: texts[index] } } : {}),
    }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, options.top ?? scores.length);
  return JSON.stringify({ id, model, results, usage: { total_tokens: 0 } });
}

/**
 * One score per text, in order; `malformed` for an index out of range, a non-finite score, a text scored twice or not
 * at all.
 */
export function readRerankAnswer(value: unknown, count: number): number[] {
  const answer = readReply(rerankAnswer, value, 'the rerank answer');
  const results = answer.results ?? answer.data;
  if (results === undefined) throw malformed('the rerank answer has no `results` list');
  const scores = new Array<number | undefined>(count).fill(undefined);
  results.forEach(({ index, relevance_score }, position) => {
    if (!Number.isInteger(index) || index < 0 || index >= count)
      throw malformed(`rerank result ${position} has index ${index}, not one of 0..${count - 1}`);
    if (!Number.isFinite(relevance_score)) throw malformed(`rerank result ${position} has no finite relevance_score`);
    if (scores[index] !== undefined) throw malformed(`rerank results score text ${index} twice`);
    scores[index] = relevance_score;
  });
  const missing = scores.findIndex((score) => score === undefined);
  if (missing !== -1)
    throw malformed(`the rerank answer scored ${results.length} of ${count} texts (text ${missing} has no score)`);
  return scores as number[];
}
