import { capabilities } from '../../../services/capabilities/capabilities.js';
import { MAX_IMAGE_COUNT, MAX_IMAGE_SIDE, sizeOf } from '../../../services/requests/imageOptions.js';
import type { ImageFormat, ImageOptions } from '../../../services/spec/Provider.js';
import { checkFields, need } from '../../checkFields.js';
import { readJson } from '../../readBody.js';
import { sendJson } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';

// Fields that shape how a real model paints, which a scripted image does not follow: taken and left unread.
const unread = ['quality', 'style', 'background', 'moderation', 'output_compression', 'user'];
const known = new Set(['model', 'prompt', 'n', 'size', 'response_format', 'output_format', ...unread]);
const formats: readonly ImageFormat[] = ['png', 'jpeg', 'webp'];
const refuse = {
  response_format: (v: unknown) =>
    v === 'b64_json' ? undefined : "the wire server answers images as b64_json only; send 'b64_json' or leave it out",
  output_format: (v: unknown) =>
    formats.includes(v as ImageFormat) ? undefined : "output_format is 'png', 'jpeg' or 'webp'",
};

/**
 * `POST /v1/images/generations`: one `image` call of `n` images (1 when left out) of `size`
 * (`'auto'` or none: the script's default) and `output_format`, answered as OpenAI answers GPT
 * Image models: `data[i].b64_json`, with `output_format` when the images are PNG, JPEG or WebP.
 *
 * @example
 * ```ts
 * await openaiImages(context);
 * ```
 */
export async function openaiImages(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  checkFields(body, known, refuse);
  const id = need(typeof body.model === 'string' && body.model, 'model', 'the model id as a string');
  const prompt = need(
    typeof body.prompt === 'string' && body.prompt.length > 0 && body.prompt,
    'prompt',
    'the prompt, a non-empty string',
  );
  const count = need(
    body.n === undefined || body.n === null
      ? 1
      : Number.isInteger(body.n) &&
          (body.n as number) >= 1 &&
          (body.n as number) <= MAX_IMAGE_COUNT &&
          (body.n as number),
    'n',
    `a whole number of images from 1 to ${MAX_IMAGE_COUNT}`,
  );
  const size =
    body.size === undefined || body.size === null || body.size === 'auto'
      ? undefined
      : need(
          typeof body.size === 'string' && sizeOf(body.size) !== undefined && (body.size as `${number}x${number}`),
          'size',
          `'auto' or 'WIDTHxHEIGHT' in pixels, each from 1 to ${MAX_IMAGE_SIDE}, such as '1024x1024'`,
        );
  const options: ImageOptions = {
    ...(size === undefined ? {} : { size }),
    ...(count === 1 ? {} : { count }),
    ...(body.output_format === undefined || body.output_format === null
      ? {}
      : { format: body.output_format as ImageFormat }),
  };
  const model = context.model(id);
  context.record(sentOf(id, capabilities.image, [prompt, options]));
  const images = await context.run(() => context.app.image(model, prompt, options, context.options));
  const format = images[0]?.mediaType.slice('image/'.length);
  sendJson(
    context.response,
    200,
    {
      created: Math.floor(Date.now() / 1000),
      data: images.map((image) => ({ b64_json: Buffer.from(image.bytes).toString('base64') })),
      ...(formats.includes(format as ImageFormat) && images.every((image) => image.mediaType === images[0]!.mediaType)
        ? { output_format: format }
        : {}),
    },
    { 'x-request-id': context.responseId },
  );
}
