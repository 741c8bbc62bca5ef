import { keyVariables } from '../../../config/keyVariables.js';
import { cohereFailures } from '../../../protocols/cohere/cohereErrors.js';
import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../../spec/Provider.js';
import { checkContext } from '../http/checkContext.js';
import { Endpoint } from '../http/Endpoint.js';
import type { Exchange } from '../http/Exchange.js';
import { postJson } from '../http/postJson.js';
import { requestFault } from '../http/requestFault.js';
import { streamedReply } from '../http/streamedReply.js';
import { wireJson } from '../http/wireJson.js';
import { COHERE_URL, type CohereProviderSettings } from './CohereProviderSettings.js';

/**
 * The Cohere v2 API adapter: `/v2/chat` streamed for replies, `/v2/embed` for vectors, `/v2/rerank` for scores, through
 * the Cohere protocol. One HTTP attempt per call: the engine retries. Made by {@link createCohereProvider}.
 */
export class CohereProvider implements Provider {
  readonly real = true;
  readonly #settings: CohereProviderSettings;
  readonly #endpoint: Endpoint;

  constructor(settings: CohereProviderSettings) {
    this.#settings = settings;
    this.#endpoint = new Endpoint({
      settings,
      defaultURL: COHERE_URL,
      keyVariable: keyVariables.cohere,
      requestIdHeader: 'x-request-id',
      auth: (key) => ({ authorization: `Bearer ${key}` }),
      failures: cohereFailures,
    });
  }

  /** `POST /v2/chat` with `stream: true`: the reply's parts as they arrive. */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    checkContext(context, "Cohere adapter's reply");
    // The wire format loads with the first reply: a program that never calls Cohere never reads it.
    const [{ writeCohereChat }, { ChatEventReader }] = await Promise.all([
      import('../../../protocols/cohere/chatRequest.js'),
      import('../../../protocols/cohere/chatStream.js'),
    ]);
    const extras = {
      body: { ...this.#settings.body, ...request.settings?.providerOptions?.[context.provider] },
      maxTokens: this.#settings.maxTokens,
    };
    let body: string;
    try {
      body = wireJson(writeCohereChat(request, extras), 'The request');
    } catch (error) {
      throw requestFault(error, 'Cohere chat');
    }
    yield* streamedReply(
      this.#endpoint,
      context,
      '/v2/chat',
      body,
      () => new ChatEventReader(request.output !== undefined),
    );
  }

  /** `POST /v2/embed`: the text's vector (`embeddings.float[0]`). */
  async embed(text: string, context: CallContext): Promise<readonly number[]> {
    checkContext(context, "Cohere adapter's embed");
    const { writeCohereEmbed, readEmbedAnswer } = await import('../../../protocols/cohere/embed.js');
    const request = writeCohereEmbed(context.model, [text], this.#settings.inputType ?? 'search_query');
    return postJson(this.#endpoint, context, '/v2/embed', request, (answer, exchange) =>
      read(exchange, () => readEmbedAnswer(answer, 1)[0]!),
    );
  }

  /** `POST /v2/rerank`: one score per text, in order. No `top_n` is sent, so every text comes back scored. */
  async rank(query: string, texts: readonly string[], context: CallContext): Promise<readonly number[]> {
    checkContext(context, "Cohere adapter's rank");
    if (texts.length === 0) return [];
    const [{ writeCohereRerank }, { readRerankAnswer }] = await Promise.all([
      import('../../../protocols/cohere/rerank.js'),
      import('../../../protocols/openai/rerank.js'),
    ]);
    return postJson(
      this.#endpoint,
      context,
      '/v2/rerank',
      writeCohereRerank(context.model, query, texts),
      (answer, exchange) => read(exchange, () => readRerankAnswer(answer, texts.length)),
    );
  }
}

/** What `answer` reads, a protocol fault made the exchange's failure. */
function read<T>(exchange: Exchange, answer: () => T): T {
  try {
    return answer();
  } catch (error) {
    throw exchange.readFault(error);
  }
}
