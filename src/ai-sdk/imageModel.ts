import type { ImageModelV4, ImageModelV4CallOptions, ImageModelV4Result, SharedV4Warning } from '@ai-sdk/provider';
import type { App } from '../services/app/App.js';
import type { ImageFormat, ImageOptions } from '../services/spec/Provider.js';
import { appModel } from './appModel.js';
import { toApiCallError } from './toApiCallError.js';

/** The most images one `doGenerate` asks of `app.image`, as its own limit: `generateImage` splits larger counts. */
const MAX_IMAGES_PER_CALL = 10;

const formats: readonly string[] = ['png', 'jpeg', 'webp'] satisfies readonly ImageFormat[];

/**
 * One of an app's models as an AI SDK image model: `generateImage` goes through `app.image`, with its `n` as the count
 * and its `size`; a format under `providerOptions.standin.format` (`'png'`, `'jpeg'` or `'webp'`). An aspect ratio, a
 * seed, files or a mask, which standin's `image` does not take, come back as `unsupported` warnings.
 *
 * @throws {StandinError} `A0006` when `app` is not a standin app or `model` not one of its models.
 * @example
 * ```ts
 * import { generateImage } from 'ai';
 * const { image } = await generateImage({ model: imageModel(app, 'painter'), prompt: 'A lighthouse', size: '512x512' });
 * ```
 */
export function imageModel(app: App, model: string): ImageModelV4 {
  const checked = appModel(app, model, 'imageModel');
  return {
    specificationVersion: 'v4',
    provider: 'standin',
    modelId: model,
    maxImagesPerCall: MAX_IMAGES_PER_CALL,
    async doGenerate(call: ImageModelV4CallOptions): Promise<ImageModelV4Result> {
      const warnings: SharedV4Warning[] = [];
      for (const feature of ['aspectRatio', 'seed', 'files', 'mask'] as const) {
        if (call[feature] !== undefined)
          warnings.push({
            type: 'unsupported',
            feature,
            details: "standin's image takes a prompt, size, count and format.",
          });
      }
      const format = call.providerOptions?.standin?.format;
      const options: ImageOptions = {
        ...(call.size === undefined ? {} : { size: call.size }),
        ...(call.n === 1 ? {} : { count: call.n }),
        ...(typeof format === 'string' && formats.includes(format) ? { format: format as ImageFormat } : {}),
      };
      try {
        const images = await checked.image(
          model,
          call.prompt ?? '',
          options,
          call.abortSignal !== undefined ? { signal: call.abortSignal } : {},
        );
        return {
          images: images.map((image) => image.bytes),
          warnings,
          response: { timestamp: new Date(), modelId: model, headers: undefined },
        };
      } catch (error) {
        throw toApiCallError(error, model);
      }
    },
  };
}
