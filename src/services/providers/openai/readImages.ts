import type { Exchange } from '../http/Exchange.js';
import { imageMediaType } from '../../requests/imageMediaType.js';
import { imageMediaTypes } from '../../requests/imageOptions.js';
import type { GeneratedImage, ImageFormat } from '../../spec/Provider.js';

/**
 * The images of an `/images/generations` answer (`data[i].b64_json`), each with its media type:
 * the one its bytes show, else the answer's `output_format`, else the format asked, else PNG.
 * An image given only by `url` is refused: standin hands back bytes, and does not fetch a URL.
 *
 * @throws {ProviderFailure} `unknown` (malformed) when the answer has no `data` list, an item has no
 * base64 image, or its base64 holds no bytes.
 * @example
 * ```ts
 * readImages({ data: [{ b64_json: 'iVBORw0KGgo=' }] }, exchange, 'png'); // [{ bytes, mediaType: 'image/png' }]
 * ```
 */
export function readImages(body: unknown, exchange: Exchange, asked: ImageFormat | undefined): GeneratedImage[] {
  const data = isRecord(body) && Array.isArray(body.data) ? body.data : undefined;
  if (data === undefined || data.length === 0)
    throw exchange.malformed('the images answer has no `data` list of images');
  const stated = isRecord(body) && typeof body.output_format === 'string' ? body.output_format : undefined;
  return data.map((item: unknown, i) => {
    const encoded = isRecord(item) ? item.b64_json : undefined;
    if (typeof encoded !== 'string') {
      const why =
        isRecord(item) && typeof item.url === 'string' ? ' (it gave a URL, and standin asks for the bytes)' : '';
      throw exchange.malformed(`image ${i} of the answer has no \`b64_json\`${why}`);
    }
    const bytes = new Uint8Array(Buffer.from(encoded, 'base64'));
    if (bytes.length === 0) throw exchange.malformed(`image ${i} of the answer is empty`);
    const format = (stated ?? asked) as ImageFormat | undefined;
    const mediaType =
      imageMediaType(bytes) ?? (format !== undefined ? imageMediaTypes[format] : undefined) ?? 'image/png';
    return { bytes, mediaType };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
