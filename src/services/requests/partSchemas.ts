import { z } from 'zod';
import { built, lazySchema } from '../../validation/lazySchema.js';

/** The most bytes one image or file part may carry: 64 MiB, above every provider's own limit. */
export const MAX_PART_BYTES = 64 * 1024 * 1024;

/** A part of a user message's content: text, an image or a file, by URL or by bytes. */
export const contentPartSchema = lazySchema(() => {
  const mediaType = z.string().regex(/^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+*-]*$/i, {
    message: "A media type is type/subtype, such as 'image/png' or 'application/pdf'",
  });
  const url = z
    .url({ protocol: /^https?$/, message: 'Expected an http or https URL (give other data as bytes)' })
    .max(8192);
  const bytes = z
    .instanceof(Uint8Array, { message: 'Expected the bytes as a Uint8Array (a Buffer is one)' })
    .refine((value) => value.byteLength > 0, { message: 'The bytes are empty' })
    .refine((value) => value.byteLength <= MAX_PART_BYTES, { message: `At most ${MAX_PART_BYTES} bytes per part` });
  const name = z.string().min(1).max(255).optional();
  return z.union([
    z.strictObject({ type: z.literal('text'), text: z.string() }),
    z.strictObject({ type: z.literal('image'), url, mediaType: mediaType.optional() }),
    z.strictObject({ type: z.literal('image'), bytes, mediaType }),
    z.strictObject({ type: z.literal('file'), url, mediaType, name }),
    z.strictObject({ type: z.literal('file'), bytes, mediaType, name }),
  ]);
});

/** A user message's content: a text, or a non-empty list of parts. */
export const userContentSchema = lazySchema(() => z.union([z.string(), z.array(built(contentPartSchema)).min(1)]));
