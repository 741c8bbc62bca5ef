import type { CapabilitySpec } from './CapabilitySpec.js';

/**
 * The output of a model called with a plain input (any value the provider takes).
 *
 * @example
 * ```ts
 * await app.call('scorer', { ticket: 42 });
 * ```
 */
export const call: CapabilitySpec<readonly [input: unknown], unknown> = {
  name: 'call',
  check: () => undefined,
  invoke: (provider, [input], context) => provider.call!(input, context),
  problem: () => undefined,
  sent: ([input]) => input,
  answer: 'a function (input) => output',
};
