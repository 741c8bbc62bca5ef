import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohereErrorBody, cohereFailures } from '../../../src/protocols/cohere/cohereErrors.js';
import {
  readCohereEmbed,
  readEmbedAnswer,
  writeCohereEmbed,
  writeEmbedAnswer,
} from '../../../src/protocols/cohere/embed.js';
import { readCohereRerank, writeCohereRerank, writeCohereRerankAnswer } from '../../../src/protocols/cohere/rerank.js';
import { failureAnswer } from '../../../src/protocols/failures.js';
import { readRerankAnswer } from '../../../src/protocols/openai/rerank.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';
import { kindRead } from '../kindRead.js';

const texts = fc.array(fc.string({ maxLength: 30 }), { minLength: 1, maxLength: 6 });
const vector = fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 8 });

function faultOf(run: () => unknown): WireFault {
  try {
    run();
  } catch (error) {
    return error as WireFault;
  }
  throw new Error('expected a fault, and none was thrown');
}

describe('Cohere /v2/embed, both ways', () => {
  it('reads back the model and texts it wrote', () => {
    fc.assert(
      fc.property(texts, (drawn) => {
        expect(readCohereEmbed(writeCohereEmbed('embed-test', drawn, 'search_query'))).toEqual({
          model: 'embed-test',
          texts: drawn,
        });
      }),
    );
  });

  it('reads back the float vectors it answered, one per text', () => {
    fc.assert(
      fc.property(fc.array(vector, { minLength: 1, maxLength: 4 }), (vectors) => {
        const drawn = vectors.map((_, i) => `text ${i}`);
        const answer = JSON.parse(writeEmbedAnswer('e1', drawn, vectors)) as unknown;
        expect(readEmbedAnswer(answer, drawn.length)).toEqual(vectors.map((values) => values.map((v) => v + 0)));
      }),
    );
  });

  it('reads an answer of fewer vectors than texts as malformed', () => {
    const answer = JSON.parse(writeEmbedAnswer('e1', ['a'], [[1]])) as unknown;
    expect(faultOf(() => readEmbedAnswer(answer, 2)).fault).toMatchObject({ kind: 'malformed' });
  });

  it('refuses embeddings of another type than float, and images, as fields it cannot honour', () => {
    const body = { model: 'm', texts: ['a'], input_type: 'search_query' };
    expect(faultOf(() => readCohereEmbed({ ...body, embedding_types: ['int8'] })).fault).toMatchObject({
      issue: { path: ['embedding_types'], params: { unhonoured: true } },
    });
    expect(faultOf(() => readCohereEmbed({ model: 'm', images: ['data:image/png;base64,AA=='] })).fault).toMatchObject({
      issue: { path: ['images'] },
    });
  });
});

describe('Cohere /v2/rerank, both ways', () => {
  it('reads back the query and texts it wrote', () => {
    fc.assert(
      fc.property(fc.string(), texts, (query, drawn) => {
        expect(readCohereRerank(writeCohereRerank('rerank-test', query, drawn))).toEqual({
          model: 'rerank-test',
          query,
          texts: drawn,
          top: undefined,
        });
      }),
    );
  });

  it('reads back one score per text from the results it answered, best first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 8 }),
        (scores) => {
          const answer = JSON.parse(writeCohereRerankAnswer('r1', scores)) as {
            results: { relevance_score: number }[];
          };
          const ranked = answer.results.map((result) => result.relevance_score);
          expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
          expect(readRerankAnswer(answer, scores.length)).toEqual(scores.map((score) => score + 0));
        },
      ),
    );
  });

  it('answers the first top_n results only', () => {
    const answer = JSON.parse(writeCohereRerankAnswer('r1', [0.1, 0.9, 0.5], 2)) as unknown;
    expect(answer).toMatchObject({
      results: [
        { index: 1, relevance_score: 0.9 },
        { index: 2, relevance_score: 0.5 },
      ],
    });
  });
});

describe('Cohere failures, both ways', () => {
  const kinds = Object.keys(cohereFailures) as Exclude<FailureKind, 'network'>[];

  it.each(kinds)('reads the %s answer it writes as that kind', (kind) => {
    const answer = failureAnswer(cohereFailures, kind);
    if (answer === 'drop') throw new Error('only network drops the connection');
    expect(kindRead(cohereFailures, answer.status, cohereErrorBody(answer.message, 'req_1'))).toBe(kind);
  });

  it('gives every kind an answer of its own: no two rows share their status and words', () => {
    const rows = kinds.map((kind) => `${cohereFailures[kind].status} ${cohereFailures[kind].message}`);
    expect(new Set(rows).size).toBe(rows.length);
  });
});
