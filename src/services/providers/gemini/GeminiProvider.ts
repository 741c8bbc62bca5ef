import { StandinError } from '../../../errors/StandinError.js';
import { keyVariables } from '../../../config/keyVariables.js';
import { geminiFailures } from '../../../protocols/gemini/geminiFailures.js';
import { WireFault } from '../../../protocols/WireFault.js';
import { imageMediaType } from '../../requests/imageMediaType.js';
import type {
  CallContext,
  GeneratedImage,
  ImageOptions,
  Provider,
  ReplyPart,
  ReplyRequest,
} from '../../spec/Provider.js';
import { checkContext } from '../http/checkContext.js';
import { Endpoint } from '../http/Endpoint.js';
import { postJson } from '../http/postJson.js';
import { requestFault } from '../http/requestFault.js';
import { streamedReply } from '../http/streamedReply.js';
import { wireJson } from '../http/wireJson.js';
import { GEMINI_URL, type GeminiProviderSettings } from './GeminiProviderSettings.js';
import { modelPath } from './modelPath.js';

/**
 * The Gemini API adapter: `:streamGenerateContent?alt=sse` for replies, `:embedContent` for vectors, an Imagen model's
 * `:predict` for images, through the Gemini protocol. One HTTP attempt per call: the engine retries. Made by {@link
 * createGeminiProvider}.
 */
export class GeminiProvider implements Provider {
  readonly real = true;
  readonly #settings: GeminiProviderSettings;
  readonly #endpoint: Endpoint;
  readonly #embedNamesModel: boolean;

  /** `embedNamesModel: false` leaves the model out of an `embedContent` body, as Vertex AI's path alone names it. */
  constructor(
    settings: GeminiProviderSettings,
    { embedNamesModel = true }: { readonly embedNamesModel?: boolean } = {},
  ) {
    this.#settings = settings;
    this.#embedNamesModel = embedNamesModel;
    this.#endpoint = new Endpoint({
      settings,
      defaultURL: GEMINI_URL,
      keyVariable: keyVariables.gemini,
      requestIdHeader: 'x-request-id',
      auth:
        settings.auth === 'bearer'
          ? (key) => ({ authorization: `Bearer ${key}` })
          : (key) => ({ 'x-goog-api-key': key }),
      failures: geminiFailures,
    });
  }

  /** `POST /models/{model}:streamGenerateContent?alt=sse`: the reply's parts as they arrive. */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    checkContext(context, "Gemini adapter's reply");
    // The wire format loads with the first reply: a program that never calls Gemini never reads it.
    const [{ writeGenerate }, { GenerateChunkReader }] = await Promise.all([
      import('../../../protocols/gemini/generateRequest.js'),
      import('../../../protocols/gemini/generateReader.js'),
    ]);
    const extras = {
      body: { ...this.#settings.body, ...request.settings?.providerOptions?.[context.provider] },
      maxTokens: this.#settings.maxTokens,
    };
    let body: string;
    try {
      body = wireJson(writeGenerate(request, extras), 'The request');
    } catch (error) {
      throw requestFault(error, 'Gemini generateContent');
    }
    yield* streamedReply(
      this.#endpoint,
      context,
      `/${modelPath(request.model)}:streamGenerateContent?alt=sse`,
      body,
      () => new GenerateChunkReader(request.output !== undefined),
    );
  }

  /** `POST /models/{model}:embedContent`: the text's vector (`embedding.values`). */
  async embed(text: string, context: CallContext): Promise<readonly number[]> {
    checkContext(context, "Gemini adapter's embed");
    const { writeEmbed, readEmbedding } = await import('../../../protocols/gemini/embedContent.js');
    const path = modelPath(context.model);
    return postJson(
      this.#endpoint,
      context,
      `/${path}:embedContent`,
      writeEmbed(text, this.#embedNamesModel ? path : undefined),
      (answer, exchange) => {
        try {
          return readEmbedding(answer);
        } catch (error) {
          throw exchange.readFault(error);
        }
      },
    );
  }

  /**
   * `POST /models/{model}:predict` of an Imagen model (`imagen-4.0-generate-001`): `count` images
   * (`sampleCount`, at most 4) of the size's aspect ratio, in the format asked, answered in base64.
   * A call Imagen cannot draw (another aspect ratio, webp, more images) is refused with `E0060`.
   */
  async image(prompt: string, options: ImageOptions, context: CallContext): Promise<readonly GeneratedImage[]> {
    checkContext(context, "Gemini adapter's image");
    const { writePredict, readPredictions } = await import('../../../protocols/gemini/imagenPredict.js');
    let request: unknown;
    try {
      request = writePredict(prompt, options);
    } catch (error) {
      if (error instanceof WireFault && error.fault.kind === 'cannot_honour')
        throw new StandinError('E0060', `The Gemini adapter's image: ${error.fault.why}.`);
      throw error;
    }
    return postJson(this.#endpoint, context, `/${modelPath(context.model)}:predict`, request, (answer, exchange) => {
      let images: ReturnType<typeof readPredictions>;
      try {
        images = readPredictions(answer);
      } catch (error) {
        throw exchange.readFault(error);
      }
      return images.map(({ bytes, mimeType }) => ({
        bytes,
        mediaType: imageMediaType(bytes) ?? mimeType ?? 'image/png',
      }));
    });
  }

  /** `POST /models/{model}:countTokens`: the input tokens the request would use (`totalTokens`). */
  async countTokens(request: ReplyRequest, context: CallContext): Promise<number> {
    checkContext(context, "Gemini adapter's countTokens");
    const { COUNT_METHOD, writeGenerateCount, readTotalTokens } =
      await import('../../../protocols/gemini/countTokens.js');
    const path = modelPath(context.model);
    const extra = { ...this.#settings.body, ...request.settings?.providerOptions?.[context.provider] };
    let body: unknown;
    try {
      body = writeGenerateCount(request, this.#embedNamesModel ? path : undefined, extra);
    } catch (error) {
      throw requestFault(error, 'Gemini countTokens');
    }
    return postJson(this.#endpoint, context, `/${path}:${COUNT_METHOD}`, body, (answer, exchange) => {
      try {
        return readTotalTokens(answer);
      } catch (error) {
        throw exchange.readFault(error);
      }
    });
  }
}
