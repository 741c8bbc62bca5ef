import { z } from 'zod';
import type { GeneratedImage, ImageFormat, ImageOptions } from '../../services/spec/Provider.js';
import { base64, fromBase64 } from '../base64.js';
import { readReply, readShape } from '../readShape.js';
import { malformed, refused } from '../WireFault.js';

const formats = ['png', 'jpeg', 'webp'] as const satisfies readonly ImageFormat[];

/** The `/images/generations` request body. */
const imagesBody = z.strictObject({
  model: z.string().min(1),
  prompt: z.string().min(1),
  n: z.int().min(1).max(10).nullish(),
  size: z.string().nullish(),
  response_format: z.enum(['url', 'b64_json']).nullish(),
  output_format: z.enum(formats).nullish(),
  quality: z.string().nullish(),
  style: z.string().nullish(),
  background: z.string().nullish(),
  moderation: z.string().nullish(),
  output_compression: z.int().min(0).max(100).nullish(),
  partial_images: z.int().min(0).max(3).nullish(),
  stream: z.boolean().nullish(),
  user: z.string().nullish(),
});

export type ImagesBody = z.output<typeof imagesBody>;

/** The answer: the images as base64 (`b64_json`), or as URLs where a model was asked for them. */
export const imagesAnswer = z
  .object({
    created: z.number().optional(),
    data: z.array(z.object({ b64_json: z.string().nullish(), url: z.string().nullish() }).loose()),
    output_format: z.string().nullish(),
  })
  .loose();

/** Asks for base64: GPT Image models always answer so (and refuse `response_format`); others get `b64_json`. */
export function writeImages(model: string, prompt: string, options: ImageOptions): ImagesBody {
  return {
    model,
    prompt,
    n: options.count ?? 1,
    ...(options.size === undefined ? {} : { size: options.size }),
    ...(options.format === undefined ? {} : { output_format: options.format }),
    ...(model.startsWith('gpt-image') ? {} : { response_format: 'b64_json' as const }),
  };
}

/** An images request as read: the model, the prompt, the options (a size of `auto` is the script's own). */
export function readImages(value: unknown): {
  readonly model: string;
  readonly prompt: string;
  readonly options: ImageOptions;
  readonly urls: boolean;
} {
  const body = readShape(imagesBody, value);
  const size = body.size === undefined || body.size === null || body.size === 'auto' ? undefined : body.size;
  if (size !== undefined && !/^\d+x\d+$/.test(size))
    throw refused(
      ['size'],
      `Invalid value: '${size}'. Supported values are 'auto' and 'WIDTHxHEIGHT', such as '1024x1024'.`,
    );
  const options: ImageOptions = {
    ...(size === undefined ? {} : { size: size as `${number}x${number}` }),
    ...(body.n === undefined || body.n === null || body.n === 1 ? {} : { count: body.n }),
    ...(body.output_format === undefined || body.output_format === null ? {} : { format: body.output_format }),
  };
  return { model: body.model, prompt: body.prompt, options, urls: body.response_format === 'url' };
}

/** The answer for `images`, as GPT Image models give it: `data[i].b64_json`, and `output_format` when they share one. */
export function writeImagesAnswer(images: readonly GeneratedImage[], created: number): string {
  const format = images[0]?.mediaType.slice('image/'.length);
  const shared =
    formats.includes(format as ImageFormat) && images.every((image) => image.mediaType === images[0]!.mediaType);
  return JSON.stringify({
    created,
    data: images.map((image) => ({ b64_json: base64(image.bytes) })),
    ...(shared ? { output_format: format } : {}),
  });
}

/** An answer's images; `malformed` for none, a URL only (standin does not fetch one), or empty base64. */
export function readImagesAnswer(value: unknown): { readonly bytes: Uint8Array; readonly format?: string }[] {
  const answer = readReply(imagesAnswer, value, 'the images answer');
  if (answer.data.length === 0) throw malformed('the images answer has no `data` list of images');
  const format = answer.output_format ?? undefined;
  return answer.data.map((item, i) => {
    if (typeof item.b64_json !== 'string') {
      const why = typeof item.url === 'string' ? ' (it gave a URL, and standin asks for the bytes)' : '';
      throw malformed(`image ${i} of the answer has no \`b64_json\`${why}`);
    }
    const bytes = fromBase64(item.b64_json);
    if (bytes === undefined || bytes.length === 0) throw malformed(`image ${i} of the answer is empty`);
    return { bytes, ...(format === undefined ? {} : { format }) };
  });
}
