import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { lazySchema } from '../../validation/lazySchema.js';
import type { ImageFormat, ImageOptions } from '../spec/Provider.js';

/** The widest and tallest image a call may ask for, in pixels. */
export const MAX_IMAGE_SIDE = 4096;

/** The most images one call may ask for (OpenAI's own limit). */
export const MAX_IMAGE_COUNT = 10;

/** The formats an image may be asked in, with their media types. */
export const imageMediaTypes: Readonly<Record<ImageFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

const SIZE = /^([1-9]\d{0,3})x([1-9]\d{0,3})$/;

/** The width and height of a `'WxH'` size, or undefined when it is not one within {@link MAX_IMAGE_SIDE}. */
export function sizeOf(size: string): { readonly width: number; readonly height: number } | undefined {
  const match = SIZE.exec(size);
  if (match === null) return undefined;
  const [width, height] = [Number(match[1]), Number(match[2])];
  return width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE ? { width, height } : undefined;
}

const optionsSchema = lazySchema(() =>
  z.strictObject({
    size: z
      .string()
      .refine((size) => sizeOf(size) !== undefined)
      .optional(),
    count: z.number().int().min(1).max(MAX_IMAGE_COUNT).optional(),
    format: z.enum(['png', 'jpeg', 'webp']).optional(),
  }),
);

const expected = {
  size: `a size 'WIDTHxHEIGHT' in pixels, each from 1 to ${MAX_IMAGE_SIDE}, such as '1024x1024'`,
  count: `a whole number of images from 1 to ${MAX_IMAGE_COUNT}`,
  format: "'png', 'jpeg' or 'webp'",
};

/**
 * Checks an image call's options: a plain object with a `size` such as `'1024x1024'`, a `count`
 * from 1 to 10 and a `format` of `'png'`, `'jpeg'` or `'webp'`, each optional.
 *
 * @throws {StandinError} `E0060` naming each field that is wrong and what it should be.
 */
export function checkImageOptions(options: unknown): asserts options is ImageOptions {
  const parsed = optionsSchema.safeParse(options);
  if (parsed.success) return;
  const lines = describeIssues('options', options, parsed.error.issues, {
    expected,
    keys: { '': Object.keys(expected) },
  });
  throw new StandinError('E0060', `Invalid image options:\n${lines.join('\n')}`);
}
