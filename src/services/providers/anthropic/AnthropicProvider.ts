import { anthropicFailures } from '../../../protocols/anthropic/anthropicErrors.js';
import { keyVariables } from '../../../config/keyVariables.js';
import { checkContext } from '../http/checkContext.js';
import { Endpoint } from '../http/Endpoint.js';
import { postJson } from '../http/postJson.js';
import { requestFault } from '../http/requestFault.js';
import { streamedReply } from '../http/streamedReply.js';
import { wireJson } from '../http/wireJson.js';
import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../../spec/Provider.js';
import { ANTHROPIC_URL, apiVersions, type AnthropicProviderSettings } from './AnthropicProviderSettings.js';

/**
 * The Anthropic adapter on Node's `fetch`: `POST {baseURL}/v1/messages`, streamed, with tools,
 * thinking blocks as reasoning and typed values through `output_config.format`, each written and
 * read through the Anthropic protocol. One HTTP attempt per call: the engine retries. Made by {@link createAnthropicProvider}.
 *
 * @example
 * ```ts
 * const anthropic = createAnthropicProvider({ maxTokens: 8192 });
 * for await (const part of anthropic.reply({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'Hi' }] }, context)) {
 *   if (part.type === 'reasoning') console.log(`thinking #${part.block}: ${part.text}`);
 * }
 * ```
 */
export class AnthropicProvider implements Provider {
  readonly real = true;
  readonly #settings: AnthropicProviderSettings;
  readonly #endpoint: Endpoint;

  constructor(settings: AnthropicProviderSettings) {
    this.#settings = settings;
    const auth = settings.auth ?? 'x-api-key';
    this.#endpoint = new Endpoint({
      settings,
      defaultURL: ANTHROPIC_URL,
      keyVariable: keyVariables.anthropic,
      requestIdHeader: 'request-id',
      protocolHeaders: { 'anthropic-version': apiVersions[auth] },
      auth: auth === 'bearer' ? (key) => ({ authorization: `Bearer ${key}` }) : (key) => ({ 'x-api-key': key }),
      failures: anthropicFailures,
    });
  }

  /** `POST /v1/messages`, streamed: the reply's parts as they arrive. */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    checkContext(context, "Anthropic adapter's reply");
    // The wire format loads with the first reply: a program that never calls Anthropic never reads it.
    const [{ writeMessages }, { MessageEventReader }] = await Promise.all([
      import('../../../protocols/anthropic/messagesRequest.js'),
      import('../../../protocols/anthropic/MessageEventReader.js'),
    ]);
    const extras = {
      body: { ...this.#settings.body, ...request.settings?.providerOptions?.[context.provider] },
      maxTokens: this.#settings.maxTokens,
    };
    let body: string;
    try {
      body = wireJson(writeMessages(request, extras), 'The request');
    } catch (error) {
      throw requestFault(error, 'Anthropic messages');
    }
    yield* streamedReply(
      this.#endpoint,
      context,
      '/v1/messages',
      body,
      () => new MessageEventReader(request.output !== undefined),
    );
  }

  /** `POST /v1/messages/count_tokens`: the input tokens the request would use (`input_tokens`). */
  async countTokens(request: ReplyRequest, context: CallContext): Promise<number> {
    checkContext(context, "Anthropic adapter's countTokens");
    const { writeMessagesCount, readInputTokens } = await import('../../../protocols/anthropic/countTokens.js');
    let body: unknown;
    try {
      body = writeMessagesCount(request, {
        ...this.#settings.body,
        ...request.settings?.providerOptions?.[context.provider],
      });
    } catch (error) {
      throw requestFault(error, 'Anthropic count_tokens');
    }
    return postJson(this.#endpoint, context, '/v1/messages/count_tokens', body, (answer, exchange) => {
      try {
        return readInputTokens(answer);
      } catch (error) {
        throw exchange.readFault(error);
      }
    });
  }
}
