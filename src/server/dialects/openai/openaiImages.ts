import { readImages, writeImagesAnswer } from '../../../protocols/openai/images.js';
import { refused } from '../../../protocols/WireFault.js';
import { capabilities } from '../../../services/capabilities/capabilities.js';
import { MAX_IMAGE_SIDE, sizeOf } from '../../../services/requests/imageOptions.js';
import { readJson } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';
import { refuseUnhonoured, type Unhonoured } from './unhonoured.js';

const unhonoured: Unhonoured = {
  response_format: (v) =>
    v === 'b64_json' ? undefined : "the wire server answers images as b64_json only; send 'b64_json' or leave it out",
  stream: (v) => (v === false ? undefined : 'the wire server answers images whole; leave stream out'),
};

/**
 * `POST /v1/images/generations` (and an Azure deployment's): one `image` call of `n` images (1 when left out) of `size`
 * (`'auto'` or none: the script's default) and `output_format`, answered as OpenAI answers GPT Image models:
 * `data[i].b64_json`, with `output_format` when the images are PNG, JPEG or WebP. Fields that shape how a real model
 * paints (`quality`, `style`, ...) are taken and left unread: a scripted image does not follow them.
 */
export async function openaiImages(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  refuseUnhonoured(body, unhonoured);
  const {
    model: id,
    prompt,
    options,
  } = readImages(context.params.deployment === undefined ? body : { ...body, model: context.params.deployment });
  if (options.size !== undefined && sizeOf(options.size) === undefined)
    throw refused(['size'], `Invalid value: '${options.size}'. Each side is from 1 to ${MAX_IMAGE_SIDE} pixels here.`);
  const model = context.model(id);
  context.record(sentOf(id, capabilities.image, [prompt, options]));
  const images = await context.run(() => context.app.image(model, prompt, options, context.options));
  const answer = writeImagesAnswer(images, Math.floor(Date.now() / 1000));
  sendJsonText(context.response, 200, answer, context.dialect.headers(context.responseId));
}
