import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.js';
import { bytesDigest } from '../requests/bytesDigest.js';
import { checkImageOptions } from '../requests/imageOptions.js';
import { expectInput } from '../requests/invalid.js';
import { pngImage, pngSize } from '../requests/pngImage.js';
import type { CapabilitySpec } from '../spec/CapabilitySpec.js';
import type { GeneratedImage, ImageOptions } from '../spec/Provider.js';

/** One recorded image: its media type and digest, its size when it is a PNG, its bytes when kept. */
export interface RecordedImage {
  readonly mediaType: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly width?: number | undefined;
  readonly height?: number | undefined;
  readonly base64?: string | undefined;
}

/** Images made from a prompt: as many as `options.count` asks, each its bytes and media type. */
export const image: CapabilitySpec<
  readonly [prompt: string, options: ImageOptions],
  readonly GeneratedImage[],
  { readonly prompt: string } & ImageOptions,
  { readonly images: readonly RecordedImage[] }
> = {
  name: 'image',
  check: ([prompt, options]) => {
    expectInput(typeof prompt === 'string' && prompt.length > 0, 'prompt', 'a non-empty string', prompt);
    checkImageOptions(options);
  },
  invoke: (provider, [prompt, options], context) => provider.image!(prompt, options, context),
  problem: (images, [, options]) => {
    const count = options.count ?? 1;
    return Array.isArray(images) && images.length === count && images.every(isImage)
      ? undefined
      : `a list of ${count} image${count === 1 ? '' : 's'}, each { bytes: a non-empty Uint8Array, mediaType: 'image/...' }`;
  },
  sent: ([prompt, options]) => ({ prompt, ...options }),
  answer: "a function (prompt, { size, count, format }) => [{ bytes, mediaType: 'image/png' }], such as imageByHash()",
  gives: 'as many images as asked, each bytes with an image media type',
  request: ([prompt, { size, count, format }]) => ({ prompt, size, count, format }),
  recorded: {
    schema: lazySchema(() =>
      z.strictObject({
        images: z.array(
          z.strictObject({
            mediaType: z.string().regex(/^image\/[\w.+-]+$/),
            bytes: z.number().int().min(1),
            sha256: z.string().regex(/^[0-9a-f]{64}$/),
            width: z.number().int().min(1).max(65_535).optional(),
            height: z.number().int().min(1).max(65_535).optional(),
            base64: z.base64().optional(),
          }),
        ),
      }),
    ),
    answer: (images, keep) =>
      Array.isArray(images) && images.every(isImage)
        ? { images: images.map((one) => recordImage(one, keep?.bytes === true)) }
        : undefined,
    // Bytes not kept come back as a stand-in: a PNG of the recorded size (1×1 when it was no PNG), drawn from the
    // recorded digest, so a replay is the same on every run and any image reader opens it.
    result: ({ images }) =>
      images.map((one) =>
        one.base64 !== undefined
          ? { bytes: new Uint8Array(Buffer.from(one.base64, 'base64')), mediaType: one.mediaType }
          : { bytes: pngImage(one.width ?? 1, one.height ?? 1, one.sha256), mediaType: 'image/png' },
      ),
  },
};

function isImage(value: unknown): value is GeneratedImage {
  const { bytes, mediaType } = (value ?? {}) as Partial<GeneratedImage>;
  return (
    bytes instanceof Uint8Array && bytes.length > 0 && typeof mediaType === 'string' && /^image\/\S+$/.test(mediaType)
  );
}

function recordImage({ bytes, mediaType }: GeneratedImage, keep: boolean): RecordedImage {
  const { length, sha256 } = bytesDigest(bytes);
  const size = pngSize(bytes);
  return {
    mediaType,
    bytes: length,
    sha256,
    ...(size === undefined ? {} : size),
    ...(keep ? { base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') } : {}),
  };
}
