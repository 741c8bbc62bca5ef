import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.js';
import { expectInput } from '../requests/invalid.js';
import type { CapabilitySpec } from '../spec/CapabilitySpec.js';

/** The bytes of a text, spoken. */
export const speak: CapabilitySpec<readonly [text: string], Uint8Array, string, { readonly audio: string }> = {
  name: 'speak',
  check: ([text]) => expectInput(typeof text === 'string' && text.length > 0, 'text', 'a non-empty string', text),
  invoke: (provider, [text], context) => provider.speak!(text, context),
  problem: (audio) => (audio instanceof Uint8Array ? undefined : 'the bytes of a sound, as a Uint8Array'),
  sent: ([text]) => text,
  answer: 'a function (text) => the bytes of a sound, as a Uint8Array',
  gives: 'the bytes of a sound',
  request: ([text]) => ({ text }),
  recorded: {
    // The bytes, in base64.
    schema: lazySchema(() => z.strictObject({ audio: z.base64() })),
    answer: (audio) =>
      audio instanceof Uint8Array
        ? { audio: Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength).toString('base64') }
        : undefined,
    result: ({ audio }) => new Uint8Array(Buffer.from(audio, 'base64')),
  },
};
