import { invalid } from '../requests/invalid.js';
import { hearInputSchema } from '../requests/requestSchemas.js';
import type { HearInput } from '../providers/Provider.js';
import type { CapabilitySpec } from './CapabilitySpec.js';

/**
 * The text spoken in a sound.
 *
 * @example
 * ```ts
 * await app.hear('listener', { audio, kind: 'wav' }); // { text: 'reset my password' }
 * ```
 */
export const hear: CapabilitySpec<readonly [input: HearInput], { readonly text: string }> = {
  name: 'hear',
  check: ([input]) => {
    const parsed = hearInputSchema.safeParse(input);
    if (!parsed.success) throw invalid('input', input, parsed.error.issues, hearInputSchema);
  },
  invoke: (provider, [input], context) => provider.hear!(input, context),
  problem: (heard) => (typeof (heard as { text?: unknown } | null)?.text === 'string' ? undefined : "an object { text: '...' }"),
  sent: ([input]) => input,
  answer: "a function ({ audio, kind, language, hint }) => ({ text: '...' })",
};
