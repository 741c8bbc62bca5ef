import { StandinError } from '../../errors/StandinError.js';
import { checkImageOptions, sizeOf } from '../../services/requests/imageOptions.js';
import { pngImage } from '../../services/requests/pngImage.js';
import type { GeneratedImage, ImageOptions } from '../../services/spec/Provider.js';

/** The size `imageByHash` draws when the call names none: small, so a test that makes many stays fast. */
export const DEFAULT_IMAGE_SIZE = '256x256';

/**
 * A deterministic painter for a fake's record: each image is a real PNG file (signature, header of the asked size,
 * compressed pixels, checksums) drawn from a hash of the prompt and the image's place in the call, so the same prompt
 * gives the same bytes in any process and on any run, and the images of one call differ. It draws `options.count`
 * images (one when left out) of `options.size` (256×256 when left out).
 *
 * @throws {StandinError} `T0075` when the call asks for a format other than `'png'` (it draws PNG
 * only: answer the bytes of another format yourself), `E0060` for malformed options.
 * @example
 * ```ts
 * app.fake('painter', { image: imageByHash() });
 * const [picture] = await app.image('painter', 'A lighthouse at dusk', { size: '64x64' });
 * picture.mediaType; // 'image/png'
 * ```
 */
export function imageByHash(): (prompt: string, options?: ImageOptions) => GeneratedImage[] {
  return (prompt: string, options: ImageOptions = {}): GeneratedImage[] => {
    if (typeof prompt !== 'string') {
      throw new StandinError('T0075', `imageByHash(): expected the prompt as a string, got a ${typeof prompt}.`);
    }
    checkImageOptions(options);
    if (options.format !== undefined && options.format !== 'png') {
      throw new StandinError(
        'T0075',
        `imageByHash() draws PNG images only, and the call asks for format '${options.format}'. Ask for 'png' (or ` +
          `leave the format out), or answer the ${options.format} bytes yourself: { image: () => [{ bytes, mediaType: ` +
          `'image/${options.format}' }] }.`,
      );
    }
    const { width, height } = sizeOf(options.size ?? DEFAULT_IMAGE_SIZE)!;
    return Array.from({ length: options.count ?? 1 }, (_, i) => ({
      bytes: pngImage(width, height, `${i}\u0000${prompt}`),
      mediaType: 'image/png',
    }));
  };
}
