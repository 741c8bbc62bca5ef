import { ProviderFailure } from '../../../errors/ProviderFailure.js';
import { abortReason } from '../../clock/Clock.js';
import { untilAborted } from '../../dispatch/untilAborted.js';
import { capText } from '../http/capText.js';
import { describeError } from '../http/describeError.js';
import { redact } from '../http/redact.js';
import { OpenAIProvider } from '../openai/OpenAIProvider.js';
import type {
  CallContext,
  GeneratedImage,
  HearInput,
  ImageOptions,
  Provider,
  ReplyPart,
  ReplyRequest,
} from '../../spec/Provider.js';
import { azureBase, azureRoute } from './azureRoute.js';
import type { AzureOpenAIProviderSettings } from './AzureOpenAIProviderSettings.js';

/** Ten minutes, as the vendors' own clients wait: the longest a token function is waited for by default. */
const DEFAULT_TIMEOUT_MS = 600_000;

/**
 * The Azure OpenAI adapter: the OpenAI adapter on Azure's deployment (or v1) URLs and failure table, where a model's id
 * is its deployment's name and a content filter fails with kind `content_filter`. Made by {@link
 * createAzureOpenAIProvider}.
 */
export class AzureOpenAIProvider implements Provider {
  readonly real = true;
  readonly #settings: AzureOpenAIProviderSettings;
  /** Made at the first call: the endpoint may come from `AZURE_OPENAI_ENDPOINT`, read then. */
  #openai: OpenAIProvider | undefined;

  constructor(settings: AzureOpenAIProviderSettings) {
    this.#settings = settings;
  }

  /** `POST …/deployments/{model}/chat/completions` (or the Responses API's), streamed: the reply's parts as they arrive. */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    yield* this.#adapter(context).reply(request, await this.#withToken(context));
  }

  /** `POST …/deployments/{model}/embeddings`: the text's vector. */
  async embed(text: string, context: CallContext): Promise<readonly number[]> {
    return this.#adapter(context).embed(text, await this.#withToken(context));
  }

  /** `POST …/deployments/{model}/audio/transcriptions`: the text heard. */
  async hear(input: HearInput, context: CallContext): Promise<{ readonly text: string }> {
    return this.#adapter(context).hear(input, await this.#withToken(context));
  }

  /** `POST …/deployments/{model}/audio/speech`: the audio's bytes. */
  async speak(text: string, context: CallContext): Promise<Uint8Array> {
    return this.#adapter(context).speak(text, await this.#withToken(context));
  }

  /** `POST …/deployments/{model}/images/generations`: the images, as the OpenAI adapter reads them. */
  async image(prompt: string, options: ImageOptions, context: CallContext): Promise<readonly GeneratedImage[]> {
    return this.#adapter(context).image(prompt, options, await this.#withToken(context));
  }

  #adapter(context: CallContext): OpenAIProvider {
    if (this.#openai !== undefined) return this.#openai;
    const baseURL = azureBase(this.#settings, context.provider);
    return (this.#openai = new OpenAIProvider({ ...this.#settings, baseURL }, azureRoute(this.#settings, baseURL)));
  }

  /** The context with a fresh Entra ID token as its key, when the settings have a token function. */
  async #withToken(context: CallContext): Promise<CallContext> {
    const token = this.#settings.token;
    if (token === undefined) return context;
    const timeoutMs = this.#settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const signal = AbortSignal.any([context.signal, deadline.signal]);
    const fail = (message: string, kind: 'auth' | 'timeout') =>
      new ProviderFailure(kind, `${context.provider}: ${message}`, { provider: context.provider });
    try {
      const given = await untilAborted(Promise.resolve().then(token), signal);
      if (typeof given !== 'string' || given === '')
        throw fail('the token function gave no token (it must give the Entra ID access token as a string).', 'auth');
      return { ...context, apiKey: given };
    } catch (error) {
      if (context.signal.aborted) throw abortReason(context.signal);
      if (deadline.signal.aborted)
        throw fail(`the token function gave no token within ${timeoutMs} ms (the provider's timeoutMs).`, 'timeout');
      if (error instanceof ProviderFailure) throw error;
      const said = redact(capText(describeError(error)), this.#settings.apiKey);
      throw fail(`the token function failed: ${said}`, 'auth');
    } finally {
      clearTimeout(timer);
    }
  }
}
