import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.js';
import { expectInput } from '../requests/invalid.js';
import type { CapabilitySpec } from '../spec/CapabilitySpec.js';

/** A vector for a text. */
export const embed: CapabilitySpec<
  readonly [text: string],
  readonly number[],
  string,
  { readonly vector: readonly number[] }
> = {
  name: 'embed',
  check: ([text]) => expectInput(typeof text === 'string', 'text', 'a string', text),
  invoke: (provider, [text], context) => provider.embed!(text, context),
  problem: (vector) =>
    Array.isArray(vector) && vector.length > 0 && vector.every(Number.isFinite)
      ? undefined
      : 'a non-empty list of finite numbers',
  sent: ([text]) => text,
  answer: 'a function (text) => vector, such as embedByHash(8)',
  gives: 'a non-empty vector of finite numbers',
  request: ([text]) => ({ text }),
  recorded: {
    schema: lazySchema(() => z.strictObject({ vector: z.array(z.number()).min(1) })),
    answer: (vector) => (Array.isArray(vector) ? { vector: [...vector] } : undefined),
    result: ({ vector }) => [...vector],
  },
};
