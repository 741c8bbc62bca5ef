import { keyVariables } from '../../../config/keyVariables.js';
import { ollamaFailures } from '../../../protocols/ollama/ollamaFailures.js';
import type { OllamaChatBody } from '../../../protocols/ollama/ollamaShapes.js';
import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../../spec/Provider.js';
import { checkContext } from '../http/checkContext.js';
import { Endpoint } from '../http/Endpoint.js';
import { limitsOf, type Limits } from '../http/limits.js';
import { postJson } from '../http/postJson.js';
import { requestFault } from '../http/requestFault.js';
import { wireJson } from '../http/wireJson.js';
import { ndjsonReply } from './ndjsonReply.js';
import { OLLAMA_URL, type OllamaProviderSettings } from './OllamaProviderSettings.js';

/**
 * The Ollama adapter: `/api/chat` streamed as NDJSON for replies, `/api/embed` for vectors, through the Ollama
 * protocol. One HTTP attempt per call: the engine retries. Made by {@link createOllamaProvider}.
 */
export class OllamaProvider implements Provider {
  readonly real = true;
  readonly #settings: OllamaProviderSettings;
  readonly #endpoint: Endpoint;
  readonly #limits: Limits;

  constructor(settings: OllamaProviderSettings) {
    this.#settings = settings;
    this.#limits = limitsOf(settings);
    this.#endpoint = new Endpoint({
      settings,
      defaultURL: OLLAMA_URL,
      keyVariable: keyVariables.ollama,
      keyless: true,
      requestIdHeader: 'x-request-id',
      auth: (key) => ({ authorization: `Bearer ${key}` }),
      failures: ollamaFailures,
    });
  }

  /** `POST /api/chat`: the reply's parts as its lines arrive (or, with `stream: false`, from its one body). */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    checkContext(context, "Ollama adapter's reply");
    // The wire format loads with the first reply: a program that never calls Ollama never reads it.
    const [{ writeOllamaChat }, { OllamaReplyReader, readWholeBody }] = await Promise.all([
      import('../../../protocols/ollama/chatRequest.js'),
      import('../../../protocols/ollama/replyReader.js'),
    ]);
    const extras = {
      body: { ...this.#settings.body, ...request.settings?.providerOptions?.[context.provider] },
      maxTokens: this.#settings.maxTokens,
    };
    const streamed = this.#settings.stream !== false;
    const typed = request.output !== undefined;
    let chat: OllamaChatBody;
    try {
      chat = writeOllamaChat(request, streamed, extras);
    } catch (error) {
      throw requestFault(error, 'Ollama chat');
    }
    if (!streamed) {
      yield* await postJson(this.#endpoint, context, '/api/chat', chat, (answer, exchange) => {
        try {
          return readWholeBody(answer, 'chat', typed);
        } catch (error) {
          throw exchange.readFault(error);
        }
      });
      return;
    }
    const body = wireJson(chat, 'The request');
    yield* ndjsonReply(
      this.#endpoint,
      this.#limits,
      context,
      '/api/chat',
      body,
      () => new OllamaReplyReader('chat', typed),
    );
  }

  /** `POST /api/embed`: the text's vector (`embeddings[0]`). */
  async embed(text: string, context: CallContext): Promise<readonly number[]> {
    checkContext(context, "Ollama adapter's embed");
    const { writeOllamaEmbed, readOllamaEmbeddings } = await import('../../../protocols/ollama/embed.js');
    return postJson(
      this.#endpoint,
      context,
      '/api/embed',
      writeOllamaEmbed(context.model, [text]),
      (answer, exchange) => {
        try {
          return readOllamaEmbeddings(answer)[0]!;
        } catch (error) {
          throw exchange.readFault(error);
        }
      },
    );
  }
}
