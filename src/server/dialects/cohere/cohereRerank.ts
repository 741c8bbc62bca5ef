import { readCohereRerank, writeCohereRerankAnswer } from '../../../protocols/cohere/rerank.js';
import { capabilities } from '../../../services/capabilities/capabilities.js';
import { readJson } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';

/**
 * `POST /v2/rerank`: one `rank` call scoring the documents against the query, answered as `results[{ index,
 * relevance_score }]`, best first, the first `top_n` when it asks for fewer.
 */
export async function cohereRerank(context: WireContext): Promise<void> {
  const { model: id, query, texts, top } = readCohereRerank(readJson(context.body));
  const model = context.model(id);
  context.record(sentOf(id, capabilities.rank, [query, texts]));
  const scores = await context.run(() => context.app.rank(model, query, texts, context.options));
  const answer = writeCohereRerankAnswer(context.responseId, scores, top);
  sendJsonText(context.response, 200, answer, context.dialect.headers(context.responseId));
}
