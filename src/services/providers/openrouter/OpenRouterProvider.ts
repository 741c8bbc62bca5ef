import { keyVariables } from '../../../config/keyVariables.js';
import { openrouterFailures } from '../../../protocols/openrouter/openrouterFailures.js';
import { readOpenRouterFailure } from '../../../protocols/openrouter/openrouterErrors.js';
import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../../spec/Provider.js';
import { OpenAIProvider, type OpenAIRoute } from '../openai/OpenAIProvider.js';
import { OPENROUTER_URL, type OpenRouterProviderSettings } from './OpenRouterProviderSettings.js';

/** OpenRouter's API: the OpenAI chat paths as they are, the key as a bearer, its errors read by their numeric code. */
const openrouterRoute: OpenAIRoute = {
  name: 'OpenRouter',
  endpoint: {
    defaultURL: OPENROUTER_URL,
    keyVariable: keyVariables.openrouter,
    requestIdHeader: 'x-request-id',
    auth: (key) => ({ authorization: `Bearer ${key}` }),
    failures: openrouterFailures,
    readFailure: readOpenRouterFailure,
  },
  path: (path) => path,
};

/**
 * The OpenRouter adapter: the OpenAI adapter's chat completions on OpenRouter, the settings' `models` fallbacks and
 * `provider` routing in every request's body. Made by {@link createOpenRouterProvider}.
 */
export class OpenRouterProvider implements Provider {
  readonly real = true;
  readonly #openai: OpenAIProvider;

  constructor(settings: OpenRouterProviderSettings) {
    const { models, provider, ...http } = settings;
    // The settings' fields go under the call's own `providerOptions`, which the OpenAI adapter lays over `body`.
    const body = {
      ...http.body,
      ...(models === undefined ? {} : { models }),
      ...(provider === undefined ? {} : { provider }),
    };
    this.#openai = new OpenAIProvider({ ...http, body, api: 'chat' }, openrouterRoute);
  }

  /** `POST /chat/completions`, streamed: the reply's parts as they arrive. */
  reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    return this.#openai.reply(request, context);
  }
}
