import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.js';
import type { CapabilitySpec } from '../spec/CapabilitySpec.js';

/** The output of a model called with a plain input (any value the provider takes). */
export const call: CapabilitySpec<readonly [input: unknown], unknown, unknown, { readonly output: unknown }> = {
  name: 'call',
  check: () => undefined,
  invoke: (provider, [input], context) => provider.call!(input, context),
  problem: () => undefined,
  sent: ([input]) => input,
  answer: 'a function (input) => output',
  gives: 'an output for a plain input',
  request: ([input]) => ({ input }),
  recorded: {
    // No output (undefined) is kept as null, as JSON keeps it.
    schema: lazySchema(() => z.strictObject({ output: z.unknown() })),
    answer: (output) => ({ output: output ?? null }),
    result: ({ output }) => structuredClone(output),
  },
};
