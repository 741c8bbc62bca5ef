import type { EmbeddingModelV4, EmbeddingModelV4CallOptions, EmbeddingModelV4Result } from '@ai-sdk/provider';
import type { App } from '../services/app/App.js';
import { appModel } from './appModel.js';
import { toApiCallError } from './toApiCallError.js';

/**
 * One of an app's models as an AI SDK embedding model: `embed` and `embedMany` go through
 * `app.embed`, one engine call per value (fakes, scopes, retries and fallback as for any call).
 *
 * @throws {StandinError} `A0006` when `app` is not a standin app or `model` not one of its models.
 * @example
 * ```ts
 * import { embed } from 'ai';
 * app.fake('vectors', { embed: embedByHash(8) });
 * const { embedding } = await embed({ model: embeddingModel(app, 'vectors'), value: 'Hello' });
 * ```
 */
export function embeddingModel(app: App, model: string): EmbeddingModelV4 {
  const checked = appModel(app, model, 'embeddingModel');
  return {
    specificationVersion: 'v4',
    provider: 'standin',
    modelId: model,
    maxEmbeddingsPerCall: 2048,
    supportsParallelCalls: true,
    async doEmbed(call: EmbeddingModelV4CallOptions): Promise<EmbeddingModelV4Result> {
      const options = call.abortSignal !== undefined ? { signal: call.abortSignal } : {};
      try {
        const vectors = await Promise.all(call.values.map((value) => checked.embed(model, value, options)));
        return { embeddings: vectors.map((vector) => [...vector]), warnings: [] };
      } catch (error) {
        throw toApiCallError(error, model);
      }
    },
  };
}
