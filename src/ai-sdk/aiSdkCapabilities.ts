import type {
  EmbeddingModelV4,
  ImageModelV4,
  RerankingModelV4,
  SpeechModelV4,
  TranscriptionModelV4,
} from '@ai-sdk/provider';
import type { CapabilityArgs, CapabilityResult } from '../services/capabilities/capabilities.js';
import type { PlainCapability } from '../services/spec/CapabilitySpec.js';
import { imageMediaType } from '../services/requests/imageMediaType.js';
import type { CallContext, GeneratedImage, HearInput, ImageOptions } from '../services/spec/Provider.js';

/** What a mapping is handed besides the model: `fromAiSdk`'s failure handling. */
export interface AiSdkCall {
  /** Runs one AI SDK call, its failure made a `ProviderFailure` (or the abort's reason). */
  guard<T>(run: () => PromiseLike<T>): Promise<T>;
  /** The error of an AI SDK model that broke its specification (`A0004`), saying how. */
  broken(what: string): Error;
}

/** How `fromAiSdk` serves one plain capability. */
export interface AiSdkCapability<N extends PlainCapability, M> {
  readonly maker: 'embeddingModel' | 'transcriptionModel' | 'speechModel' | 'rerankingModel' | 'imageModel';
  readonly kind: string;
  readonly run: (
    model: M,
    args: CapabilityArgs<N>,
    context: CallContext,
    call: AiSdkCall,
  ) => Promise<CapabilityResult<N>>;
}

/** The AI SDK model that serves each capability the AI SDK has a model for. */
interface AiSdkModels {
  readonly embed: EmbeddingModelV4;
  readonly hear: TranscriptionModelV4;
  readonly speak: SpeechModelV4;
  readonly rank: RerankingModelV4;
  readonly image: ImageModelV4;
}

/** The AI SDK model of each plain capability; `call` and `countTokens` have none, and `fromAiSdk` offers what the provider can make. */
export const aiSdkCapabilities: {
  readonly [N in PlainCapability]: N extends keyof AiSdkModels ? AiSdkCapability<N, AiSdkModels[N]> : undefined;
} = {
  embed: {
    maker: 'embeddingModel',
    kind: 'embedding',
    run: async (model, [text], context, call) => {
      const { embeddings } = await call.guard(() => model.doEmbed({ values: [text], abortSignal: context.signal }));
      const vector = embeddings[0];
      if (!Array.isArray(vector)) throw call.broken('an embedding model answered no embedding for the text');
      return vector;
    },
  },
  hear: {
    maker: 'transcriptionModel',
    kind: 'transcription',
    run: async (model, [input], context, call) => {
      const options =
        input.language !== undefined || input.hint !== undefined ? { providerOptions: hearOptions(model, input) } : {};
      const { text } = await call.guard(() =>
        model.doGenerate({
          audio: input.audio,
          mediaType: mediaTypeOf(input.kind),
          abortSignal: context.signal,
          ...options,
        }),
      );
      return { text };
    },
  },
  speak: {
    maker: 'speechModel',
    kind: 'speech',
    run: async (model, [text], context, call) => {
      const { audio } = await call.guard(() => model.doGenerate({ text, abortSignal: context.signal }));
      return typeof audio === 'string' ? new Uint8Array(Buffer.from(audio, 'base64')) : audio;
    },
  },
  rank: {
    maker: 'rerankingModel',
    kind: 'reranking',
    run: async (model, [query, texts], context, call) => {
      const { ranking } = await call.guard(() =>
        model.doRerank({ query, documents: { type: 'text', values: [...texts] }, abortSignal: context.signal }),
      );
      const scores = new Array<number>(texts.length).fill(0);
      for (const { index, relevanceScore } of ranking)
        if (index >= 0 && index < texts.length) scores[index] = relevanceScore;
      return scores;
    },
  },
  image: {
    maker: 'imageModel',
    kind: 'image',
    run: async (model, [prompt, options], context, call) => {
      const { images } = await call.guard(() => model.doGenerate(imageCall(model, prompt, options, context)));
      return (images as readonly (string | Uint8Array)[]).map((data, i) => {
        const bytes = typeof data === 'string' ? new Uint8Array(Buffer.from(data, 'base64')) : data;
        const mediaType = imageMediaType(bytes);
        if (mediaType === undefined)
          throw call.broken(`an image model answered image ${i} in no image format standin reads`);
        return { bytes, mediaType } satisfies GeneratedImage;
      });
    },
  },
  call: undefined,
  countTokens: undefined,
};

/** An image call's options as the AI SDK takes them; the format under the provider's own key, as OpenAI reads it. */
function imageCall(model: ImageModelV4, prompt: string, options: ImageOptions, context: CallContext) {
  const format =
    options.format === undefined ? {} : { [model.provider.split('.')[0]!]: { output_format: options.format } };
  return {
    prompt,
    n: options.count ?? 1,
    size: options.size,
    aspectRatio: undefined,
    seed: undefined,
    files: undefined,
    mask: undefined,
    providerOptions: format,
    abortSignal: context.signal,
  };
}

/** Language and hint under the provider's own key, as OpenAI's transcription models read them. */
function hearOptions(model: TranscriptionModelV4, input: HearInput): Record<string, Record<string, string>> {
  const options: Record<string, string> = {};
  if (input.language !== undefined) options.language = input.language;
  if (input.hint !== undefined) options.prompt = input.hint;
  return { [model.provider.split('.')[0]!]: options };
}

function mediaTypeOf(kind: string): string {
  if (kind.includes('/')) return kind;
  return kind === 'mp3' ? 'audio/mpeg' : `audio/${kind}`;
}
