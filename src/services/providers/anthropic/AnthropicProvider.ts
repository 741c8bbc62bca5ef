import { Endpoint } from '../http/Endpoint.js';
import { wireJson } from '../http/wireJson.js';
import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../Provider.js';
import { ANTHROPIC_URL, apiVersions, type AnthropicProviderSettings } from './AnthropicProviderSettings.js';
import { messagesRequest } from './messagesRequest.js';
import { MessageStream } from './MessageStream.js';

/**
 * The Anthropic adapter on Node's `fetch`: `POST {baseURL}/v1/messages`, streamed, with tools,
 * thinking blocks as reasoning and typed values through `output_config.format`. One HTTP
 * attempt per call: the engine retries. Made by {@link createAnthropicProvider}.
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
      keyVariable: 'ANTHROPIC_API_KEY',
      requestIdHeader: 'request-id',
      protocolHeaders: { 'anthropic-version': apiVersions[auth] },
      auth: auth === 'bearer' ? (key) => ({ authorization: `Bearer ${key}` }) : (key) => ({ 'x-api-key': key }),
    });
  }

  /** `POST /v1/messages`, streamed: the reply's parts as they arrive. */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    const body = wireJson(messagesRequest(request, this.#settings), 'The request');
    const { exchange, headers } = this.#endpoint.open(context, 'application/json', 'text/event-stream');
    try {
      const response = await exchange.send(this.#endpoint.url('/v1/messages'), { method: 'POST', headers, body });
      const stream = new MessageStream(exchange, request.output !== undefined);
      const parts: ReplyPart[] = [];
      for await (const events of exchange.events(response)) {
        for (const event of events) {
          try {
            stream.add(event, parts);
          } finally {
            // Each event's parts go on at once (the first part waits for no later event), and
            // the parts an event made before it failed go on before the failure.
            for (const part of parts) yield part;
            parts.length = 0;
          }
        }
      }
      stream.end(parts);
      for (const part of parts) yield part;
    } finally {
      exchange.close();
    }
  }
}
