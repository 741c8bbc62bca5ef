import { checkContext } from '../http/checkContext.js';
import { Endpoint } from '../http/Endpoint.js';
import { postJson } from '../http/postJson.js';
import { streamedReply } from '../http/streamedReply.js';
import { wireJson } from '../http/wireJson.js';
import type {
  CallContext,
  GeneratedImage,
  ImageOptions,
  Provider,
  ReplyPart,
  ReplyRequest,
} from '../../spec/Provider.js';
import { GEMINI_URL, type GeminiProviderSettings } from './GeminiProviderSettings.js';
import { modelPath } from './modelPath.js';

/**
 * The Gemini API adapter on Node's `fetch`: `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse`
 * for replies (function calls, thought summaries as reasoning, typed values through
 * `responseJsonSchema`), `:embedContent` for vectors and an Imagen model's `:predict` for images. One HTTP attempt per call: the engine
 * retries. Made by {@link createGeminiProvider}.
 *
 * @example
 * ```ts
 * const gemini = createGeminiProvider();
 * for await (const part of gemini.reply({ model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'Hi' }] }, context)) {
 *   if (part.type === 'text') process.stdout.write(part.text);
 * }
 * ```
 */
export class GeminiProvider implements Provider {
  readonly real = true;
  readonly #settings: GeminiProviderSettings;
  readonly #endpoint: Endpoint;

  constructor(settings: GeminiProviderSettings) {
    this.#settings = settings;
    this.#endpoint = new Endpoint({
      settings,
      defaultURL: GEMINI_URL,
      keyVariable: 'GEMINI_API_KEY',
      requestIdHeader: 'x-request-id',
      auth:
        settings.auth === 'bearer'
          ? (key) => ({ authorization: `Bearer ${key}` })
          : (key) => ({ 'x-goog-api-key': key }),
    });
  }

  /** `POST /models/{model}:streamGenerateContent?alt=sse`: the reply's parts as they arrive. */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    checkContext(context, "Gemini adapter's reply");
    // The wire format loads with the first reply: a program that never calls Gemini never reads it.
    const [{ generateRequest }, { GenerateStream }] = await Promise.all([
      import('./generateRequest.js'),
      import('./GenerateStream.js'),
    ]);
    const body = wireJson(generateRequest(request, this.#settings, context.provider), 'The request');
    yield* streamedReply(
      this.#endpoint,
      context,
      `/${modelPath(request.model)}:streamGenerateContent?alt=sse`,
      body,
      (exchange) => new GenerateStream(exchange, request.output !== undefined),
    );
  }

  /** `POST /models/{model}:embedContent`: the text's vector (`embedding.values`). */
  async embed(text: string, context: CallContext): Promise<readonly number[]> {
    checkContext(context, "Gemini adapter's embed");
    const path = modelPath(context.model);
    return postJson(
      this.#endpoint,
      context,
      `/${path}:embedContent`,
      { model: path, content: { parts: [{ text }] } },
      (answer, exchange) => {
        const embedding = isRecord(answer) ? answer.embedding : undefined;
        const values = isRecord(embedding) ? embedding.values : undefined;
        if (!Array.isArray(values) || values.length === 0)
          throw exchange.malformed('the embedContent answer has no `embedding.values` list');
        if (!values.every((value) => typeof value === 'number' && Number.isFinite(value)))
          throw exchange.malformed('`embedding.values` holds something other than finite numbers');
        return values as number[];
      },
    );
  }

  /**
   * `POST /models/{model}:predict` of an Imagen model (`imagen-4.0-generate-001`): `count` images
   * (`sampleCount`) of the size's aspect ratio, in the format asked, answered in base64.
   */
  async image(prompt: string, options: ImageOptions, context: CallContext): Promise<readonly GeneratedImage[]> {
    checkContext(context, "Gemini adapter's image");
    const { imagenRequest, readPredictions } = await import('./imagen.js');
    const request = imagenRequest(prompt, options);
    return postJson(this.#endpoint, context, `/${modelPath(context.model)}:predict`, request, readPredictions);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
