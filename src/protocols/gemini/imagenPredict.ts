import { z } from 'zod';
import type { GeneratedImage, ImageFormat, ImageOptions } from '../../services/spec/Provider.js';
import { base64, fromBase64 } from '../base64.js';
import { readReply, readShape } from '../readShape.js';
import { malformed, WireFault } from '../WireFault.js';

/*
 * An Imagen model's `:predict`, as the Gemini API documents it: a prompt, a count, an aspect ratio
 * and a format in; `predictions[i].bytesBase64Encoded` out.
 */

/** The size of the image Imagen draws for each aspect ratio it takes, at its `1K` size. */
export const imagenSizes = {
  '1:1': [1024, 1024],
  '3:4': [896, 1280],
  '4:3': [1280, 896],
  '9:16': [768, 1408],
  '16:9': [1408, 768],
} as const satisfies Readonly<Record<string, readonly [number, number]>>;

type AspectRatio = keyof typeof imagenSizes;
const ratios = Object.keys(imagenSizes) as AspectRatio[];

/** The most images one call draws, as Imagen's. */
export const MAX_IMAGEN_IMAGES = 4;

const formats: Readonly<Record<string, Exclude<ImageFormat, 'webp'>>> = { 'image/png': 'png', 'image/jpeg': 'jpeg' };

export const predictBody = z.strictObject({
  instances: z
    .array(z.strictObject({ prompt: z.string().min(1, 'prompt must not be empty.') }))
    .min(1, 'instances is not specified')
    .max(1, 'an Imagen model draws for one instance a call'),
  parameters: z
    .strictObject({
      sampleCount: z
        .int()
        .min(1, `sample_count must be in the range [1, ${MAX_IMAGEN_IMAGES}]`)
        .max(MAX_IMAGEN_IMAGES, `sample_count must be in the range [1, ${MAX_IMAGEN_IMAGES}]`)
        .nullish(),
      aspectRatio: z
        .string()
        .refine((ratio) => ratio in imagenSizes, `aspect_ratio must be one of ${ratios.join(', ')}`)
        .nullish(),
      imageSize: z
        .string()
        .refine((size) => size === '1K' || size === '2K', 'image_size must be 1K or 2K')
        .nullish(),
      outputOptions: z
        .strictObject({
          mimeType: z
            .string()
            .refine((type) => type in formats, 'output_options.mime_type must be image/png or image/jpeg')
            .nullish(),
          compressionQuality: z.int().min(0).max(100).nullish(),
        })
        .nullish(),
      personGeneration: z.string().nullish(),
      safetySetting: z.string().nullish(),
      includeRaiReason: z.boolean().nullish(),
      includeSafetyAttributes: z.boolean().nullish(),
      language: z.string().nullish(),
      negativePrompt: z.string().nullish(),
      enhancePrompt: z.boolean().nullish(),
      addWatermark: z.boolean().nullish(),
      guidanceScale: z.number().nullish(),
      seed: z.int().nullish(),
    })
    .nullish(),
});

export type PredictBody = z.input<typeof predictBody>;

export const predictResponse = z.object({
  predictions: z
    .array(
      z.object(
        {
          bytesBase64Encoded: z.string().nullish(),
          mimeType: z.string().nullish(),
          raiFilteredReason: z.string().nullish(),
        },
        'a prediction is not an object',
      ),
    )
    .nullish(),
});

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The aspect ratio of a `WxH` size: the one Imagen draws it at (its `1408x768` is `16:9`), else the size's own. */
function ratioOf(size: string): string {
  const [width, height] = size.split('x').map(Number) as [number, number];
  for (const [ratio, [w, h]] of Object.entries(imagenSizes))
    if ((width === w && height === h) || (width === 2 * w && height === 2 * h)) return ratio;
  const divisor = gcd(width, height);
  return `${width / divisor}:${height / divisor}`;
}

/** The `:predict` body; a ratio Imagen does not draw, more than four images and webp are `cannot_honour`. */
export function writePredict(prompt: string, options: ImageOptions): PredictBody {
  const count = options.count ?? 1;
  if (count > MAX_IMAGEN_IMAGES)
    throw new WireFault({
      kind: 'cannot_honour',
      setting: 'count',
      why: `Imagen draws 1 to ${MAX_IMAGEN_IMAGES} images a call, and the call asks for ${count}`,
    });
  const parameters: NonNullable<PredictBody['parameters']> & { aspectRatio?: string } = { sampleCount: count };
  if (options.size !== undefined) {
    const ratio = ratioOf(options.size);
    if (!(ratio in imagenSizes))
      throw new WireFault({
        kind: 'cannot_honour',
        setting: 'size',
        why:
          `Imagen draws the aspect ratios ${ratios.join(', ')}, and the size '${options.size}' is ${ratio}. Ask ` +
          `for a size of one of them, such as '1024x1024' or '1408x768'`,
      });
    parameters.aspectRatio = ratio;
  }
  if (options.format === 'webp')
    throw new WireFault({
      kind: 'cannot_honour',
      setting: 'format',
      why: "Imagen answers png or jpeg, not webp. Ask for format 'png' or 'jpeg'",
    });
  if (options.format !== undefined) parameters.outputOptions = { mimeType: `image/${options.format}` };
  return { instances: [{ prompt }], parameters };
}

/**
 * The image call a `:predict` body asks for (twice the size at `imageSize: 2K`); `refused` names the first field at
 * fault.
 */
export function readPredict(value: unknown): { readonly prompt: string; readonly options: ImageOptions } {
  const body = readShape(predictBody, value);
  const parameters = body.parameters ?? {};
  const options: { -readonly [K in keyof ImageOptions]: ImageOptions[K] } = {};
  if (typeof parameters.aspectRatio === 'string') {
    const scale = parameters.imageSize === '2K' ? 2 : 1;
    const [width, height] = imagenSizes[parameters.aspectRatio as AspectRatio];
    options.size = `${width * scale}x${height * scale}`;
  }
  const count = parameters.sampleCount ?? 1;
  if (count !== 1) options.count = count;
  const mimeType = parameters.outputOptions?.mimeType;
  if (typeof mimeType === 'string') options.format = formats[mimeType]!;
  return { prompt: body.instances[0]!.prompt, options };
}

/** A `:predict` answer, as JSON text: each image's bytes in base64, with its media type. */
export function writePredictions(images: readonly GeneratedImage[]): string {
  return JSON.stringify({
    predictions: images.map((image) => ({ mimeType: image.mediaType, bytesBase64Encoded: base64(image.bytes) })),
  });
}

/**
 * A `:predict` answer's images. Safety-filtered ones are left out, and when all were it is `content_filter`; none or
 * bad base64 is `malformed`.
 */
export function readPredictions(body: unknown): { readonly bytes: Uint8Array; readonly mimeType?: string }[] {
  const predictions = readReply(predictResponse, body, 'the predict answer').predictions ?? [];
  const images: { bytes: Uint8Array; mimeType?: string }[] = [];
  const filtered: string[] = [];
  for (const [i, prediction] of predictions.entries()) {
    if (typeof prediction.raiFilteredReason === 'string') {
      filtered.push(prediction.raiFilteredReason);
      continue;
    }
    if (typeof prediction.bytesBase64Encoded !== 'string')
      throw malformed(`prediction ${i} of the answer has no \`bytesBase64Encoded\``);
    const bytes = fromBase64(prediction.bytesBase64Encoded);
    if (bytes === undefined || bytes.length === 0) throw malformed(`prediction ${i} of the answer is no base64 image`);
    images.push({ bytes, ...(typeof prediction.mimeType === 'string' ? { mimeType: prediction.mimeType } : {}) });
  }
  if (images.length > 0) return images;
  if (filtered.length > 0)
    throw new WireFault({
      kind: 'failed',
      failure: 'content_filter',
      message: `every image was held back by the safety filters: ${filtered[0]!.slice(0, 200)}`,
    });
  throw malformed('the predict answer has no `predictions` list of images');
}
