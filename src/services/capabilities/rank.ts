import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.js';
import { expectInput } from '../requests/invalid.js';
import type { CapabilitySpec } from '../spec/CapabilitySpec.js';

/** A relevance score for each text against a query, in the texts' order. */
export const rank: CapabilitySpec<
  readonly [query: string, texts: readonly string[]],
  readonly number[],
  { readonly words: string; readonly texts: readonly string[] },
  { readonly scores: readonly number[] }
> = {
  name: 'rank',
  check: ([query, texts]) => {
    expectInput(typeof query === 'string', 'query', 'a string', query);
    expectInput(Array.isArray(texts) && texts.every((t) => typeof t === 'string'), 'texts', 'a list of strings', texts);
  },
  invoke: (provider, [query, texts], context) => provider.rank!(query, texts, context),
  problem: (scores, [, texts]) =>
    Array.isArray(scores) && scores.length === texts.length && scores.every(Number.isFinite)
      ? undefined
      : `one finite score per text (${texts.length})`,
  sent: ([query, texts]) => ({ words: query, texts }),
  answer: 'a function (words, texts) => a score per text, such as rankByOverlap()',
  gives: 'one finite score per text',
  request: ([query, texts]) => ({ query, texts }),
  recorded: {
    schema: lazySchema(() => z.strictObject({ scores: z.array(z.number()) })),
    answer: (scores) => (Array.isArray(scores) ? { scores: [...scores] } : undefined),
    result: ({ scores }) => [...scores],
  },
};
