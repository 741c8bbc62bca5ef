import { StandinError } from '../../../errors/StandinError.js';
import type { Exchange } from '../http/Exchange.js';
import { imageMediaType } from '../../requests/imageMediaType.js';
import { sizeOf } from '../../requests/imageOptions.js';
import type { GeneratedImage, ImageOptions } from '../../spec/Provider.js';

/** The aspect ratios Imagen draws, by the reduced `width:height` of a size. */
const ratios: ReadonlySet<string> = new Set(['1:1', '3:4', '4:3', '9:16', '16:9']);

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The body of an Imagen `:predict` request: the prompt, how many images, the aspect ratio of the
 * size asked and the media type of the format asked.
 *
 * @throws {StandinError} `E0060` for a size whose aspect ratio Imagen does not draw, or the webp format.
 * @example
 * ```ts
 * imagenRequest('a red bicycle', { size: '1024x768', count: 2 });
 * // { instances: [{ prompt: 'a red bicycle' }], parameters: { sampleCount: 2, aspectRatio: '4:3' } }
 * ```
 */
export function imagenRequest(prompt: string, options: ImageOptions): unknown {
  const parameters: Record<string, unknown> = { sampleCount: options.count ?? 1 };
  if (options.size !== undefined) {
    const { width, height } = sizeOf(options.size)!;
    const divisor = gcd(width, height);
    const ratio = `${width / divisor}:${height / divisor}`;
    if (!ratios.has(ratio)) {
      throw new StandinError(
        'E0060',
        `The Gemini adapter's image: Imagen draws the aspect ratios ${[...ratios].join(', ')}, and the size ` +
          `'${options.size}' is ${ratio}. Ask for a size of one of them, such as '1024x1024' or '1408x768'.`,
      );
    }
    parameters.aspectRatio = ratio;
  }
  if (options.format === 'webp') {
    throw new StandinError(
      'E0060',
      "The Gemini adapter's image: Imagen answers png or jpeg, not webp. Ask for format 'png' or 'jpeg'.",
    );
  }
  if (options.format !== undefined) parameters.outputOptions = { mimeType: `image/${options.format}` };
  return { instances: [{ prompt }], parameters };
}

/**
 * The images of an Imagen `:predict` answer (`predictions[i].bytesBase64Encoded`). Images the
 * safety filters held back (`raiFilteredReason`) are left out; when every one was, the call fails
 * with kind `content_filter`.
 *
 * @throws {ProviderFailure} `content_filter` when every image was filtered; `unknown` (malformed) for an answer
 * with no images.
 * @example
 * ```ts
 * readPredictions({ predictions: [{ bytesBase64Encoded: 'iVBORw0KGgo=', mimeType: 'image/png' }] }, exchange);
 * ```
 */
export function readPredictions(body: unknown, exchange: Exchange): GeneratedImage[] {
  const predictions = isRecord(body) && Array.isArray(body.predictions) ? body.predictions : [];
  const images: GeneratedImage[] = [];
  const filtered: string[] = [];
  for (const [i, prediction] of predictions.entries()) {
    if (!isRecord(prediction)) throw exchange.malformed(`prediction ${i} of the answer is not an object`);
    if (typeof prediction.raiFilteredReason === 'string') {
      filtered.push(prediction.raiFilteredReason);
      continue;
    }
    if (typeof prediction.bytesBase64Encoded !== 'string')
      throw exchange.malformed(`prediction ${i} of the answer has no \`bytesBase64Encoded\``);
    const bytes = new Uint8Array(Buffer.from(prediction.bytesBase64Encoded, 'base64'));
    if (bytes.length === 0) throw exchange.malformed(`prediction ${i} of the answer is empty`);
    const stated = typeof prediction.mimeType === 'string' ? prediction.mimeType : undefined;
    images.push({ bytes, mediaType: imageMediaType(bytes) ?? stated ?? 'image/png' });
  }
  if (images.length > 0) return images;
  if (filtered.length > 0)
    throw exchange.failure('content_filter', `every image was held back by the safety filters: ${filtered[0]}`);
  throw exchange.malformed('the predict answer has no `predictions` list of images');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
