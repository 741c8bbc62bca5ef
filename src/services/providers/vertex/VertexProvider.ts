import { keyVariables } from '../../../config/keyVariables.js';
import type {
  CallContext,
  GeneratedImage,
  ImageOptions,
  Provider,
  ReplyPart,
  ReplyRequest,
} from '../../spec/Provider.js';
import { GeminiProvider } from '../gemini/GeminiProvider.js';
import { ownHost, vertexBase } from './vertexBase.js';
import { VertexTokens } from './vertexToken.js';
import type { VertexProviderSettings } from './VertexProviderSettings.js';

/** How one call is authorised: an express mode key, or a bearer token on a project's paths. */
type Mode = 'express' | 'bearer';

/**
 * The Vertex AI adapter: the Gemini adapter on a project's `publishers/google` paths, with a bearer token from a
 * token function or application-default credentials, or an express mode key. Made by {@link createVertexProvider}.
 */
export class VertexProvider implements Provider {
  readonly real = true;
  readonly #settings: VertexProviderSettings;
  readonly #tokens: VertexTokens;
  /** Made at the first call of each mode: the project and location may come from the environment, read then. */
  readonly #gemini = new Map<Mode, GeminiProvider>();

  constructor(settings: VertexProviderSettings) {
    this.#settings = settings;
    this.#tokens = new VertexTokens(settings);
  }

  /** `POST …/publishers/google/models/{model}:streamGenerateContent?alt=sse`: the reply's parts as they arrive. */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    const [gemini, authorised] = await this.#authorised(context);
    yield* gemini.reply(request, authorised);
  }

  /** `POST …/publishers/google/models/{model}:embedContent`: the text's vector. */
  async embed(text: string, context: CallContext): Promise<readonly number[]> {
    const [gemini, authorised] = await this.#authorised(context);
    return gemini.embed(text, authorised);
  }

  /** `POST …/publishers/google/models/{model}:predict` of an Imagen model: the images, as the Gemini adapter reads them. */
  async image(prompt: string, options: ImageOptions, context: CallContext): Promise<readonly GeneratedImage[]> {
    const [gemini, authorised] = await this.#authorised(context);
    return gemini.image(prompt, options, authorised);
  }

  /** `POST …/publishers/google/models/{model}:countTokens`: the input tokens the request would use. */
  async countTokens(request: ReplyRequest, context: CallContext): Promise<number> {
    const [gemini, authorised] = await this.#authorised(context);
    return gemini.countTokens(request, authorised);
  }

  /** The Gemini adapter of this call's mode, and the context carrying its key or token. */
  async #authorised(context: CallContext): Promise<[GeminiProvider, CallContext]> {
    // A token function is the settings' explicit choice: it wins over any key, the config's included.
    const key =
      this.#settings.token === undefined
        ? (context.apiKey ?? this.#settings.apiKey ?? this.#environmentKey())
        : undefined;
    if (key !== undefined) return [this.#adapter('express', context), { ...context, apiKey: key }];
    const gemini = this.#adapter('bearer', context);
    return [gemini, { ...context, apiKey: await this.#tokens.token(context) }];
  }

  /** `GOOGLE_VERTEX_API_KEY`, for Google's own host only: a key from the environment never reaches another host. */
  #environmentKey(): string | undefined {
    if (!ownHost(this.#settings)) return undefined;
    const given = process.env[keyVariables.vertex];
    return given === undefined || given === '' ? undefined : given;
  }

  #adapter(mode: Mode, context: CallContext): GeminiProvider {
    const made = this.#gemini.get(mode);
    if (made !== undefined) return made;
    const baseURL = vertexBase(this.#settings, context.provider, mode === 'express');
    const { project: _project, location: _location, token: _token, ...http } = this.#settings;
    const gemini = new GeminiProvider(
      { ...http, baseURL, auth: mode === 'express' ? 'x-goog-api-key' : 'bearer' },
      { embedNamesModel: false },
    );
    this.#gemini.set(mode, gemini);
    return gemini;
  }
}
