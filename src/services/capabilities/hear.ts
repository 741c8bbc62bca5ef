import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.js';
import { bytesDigest } from '../requests/bytesDigest.js';
import { invalid } from '../requests/invalid.js';
import { hearInputSchema } from '../requests/requestSchemas.js';
import type { HearInput } from '../spec/Provider.js';
import type { CapabilitySpec } from '../spec/CapabilitySpec.js';

/** The text spoken in a sound. */
export const hear: CapabilitySpec<
  readonly [input: HearInput],
  { readonly text: string },
  HearInput,
  { readonly text: string }
> = {
  name: 'hear',
  check: ([input]) => {
    const parsed = hearInputSchema.safeParse(input);
    if (!parsed.success) throw invalid('input', input, parsed.error.issues, hearInputSchema);
  },
  invoke: (provider, [input], context) => provider.hear!(input, context),
  problem: (heard) =>
    typeof (heard as { text?: unknown } | null)?.text === 'string' ? undefined : "an object { text: '...' }",
  sent: ([input]) => input,
  answer: "a function ({ audio, kind, language, hint }) => ({ text: '...' })",
  gives: 'the text heard',
  request: ([{ audio, kind, language, hint }]) => {
    const { length, sha256 } = bytesDigest(audio);
    return { audio: { bytes: length, sha256 }, kind, language, hint };
  },
  recorded: {
    schema: lazySchema(() => z.strictObject({ text: z.string() })),
    answer: (heard) => ({ text: (heard as { text?: unknown } | null)?.text as string }),
    result: ({ text }) => ({ text }),
  },
};
