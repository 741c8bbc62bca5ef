import { errorReport } from '../http/ErrorReport.js';
import { keyVariables } from '../../../config/keyVariables.js';
import { postJson } from '../http/postJson.js';
import { checkContext } from '../http/checkContext.js';
import { Endpoint, type EndpointOptions } from '../http/Endpoint.js';
import { streamedReply, type EventFolder } from '../http/streamedReply.js';
import { wireJson } from '../http/wireJson.js';
import { requestFault } from '../http/requestFault.js';
import { openaiFailures } from '../../../protocols/openai/openaiErrors.js';
import { readTranscriptionAnswer, writeSpeech, writeTranscription } from '../../../protocols/openai/audio.js';
import { readEmbeddingsAnswer, writeEmbeddings } from '../../../protocols/openai/embeddings.js';
import { readImagesAnswer, writeImages } from '../../../protocols/openai/images.js';
import { readRerankAnswer, writeRerank } from '../../../protocols/openai/rerank.js';
import { imageMediaType } from '../../requests/imageMediaType.js';
import { imageMediaTypes } from '../../requests/imageOptions.js';
import type {
  CallContext,
  GeneratedImage,
  HearInput,
  ImageFormat,
  ImageOptions,
  Provider,
  ReplyPart,
  ReplyRequest,
} from '../../spec/Provider.js';
import type { Exchange } from '../http/Exchange.js';
import { OPENAI_URL, type OpenAIProviderSettings } from './OpenAIProviderSettings.js';

/**
 * How an OpenAI-shaped API is reached: OpenAI takes each path as it is; Azure puts the deployment in it with
 * `api-version`.
 */
export interface OpenAIRoute {
  /** The adapter's name in messages: `OpenAI`, `Azure OpenAI`. */
  readonly name: string;
  /** The endpoint's options beside the settings. */
  readonly endpoint: Omit<EndpointOptions, 'settings'>;
  /** The path, after the base URL, of `path` (such as `/chat/completions`) for `model`. */
  readonly path: (path: string, model: string) => string;
}

/** OpenAI's own API: the key as a bearer token, every path as it is. */
const openAIRoute: OpenAIRoute = {
  name: 'OpenAI',
  endpoint: {
    defaultURL: OPENAI_URL,
    keyVariable: keyVariables.openai,
    requestIdHeader: 'x-request-id',
    auth: (key) => ({ authorization: `Bearer ${key}` }),
    failures: openaiFailures,
  },
  path: (path) => path,
};

/** How a reply is asked and read: its path, its body, its stream reader. */
interface ReplyWire {
  readonly path: string;
  readonly body: unknown;
  readonly reader: () => EventFolder;
}

/**
 * The OpenAI adapter, for OpenAI and every compatible server: chat or Responses, embeddings, audio, images and
 * `/rerank`, through the protocol. One HTTP attempt per call: the engine retries. Made by {@link createOpenAIProvider}.
 */
export class OpenAIProvider implements Provider {
  readonly real = true;
  readonly #settings: OpenAIProviderSettings;
  readonly #endpoint: Endpoint;
  readonly #path: OpenAIRoute['path'];
  readonly #name: string;

  constructor(settings: OpenAIProviderSettings, route: OpenAIRoute = openAIRoute) {
    this.#settings = settings;
    this.#endpoint = new Endpoint({ settings, ...route.endpoint });
    this.#path = route.path;
    this.#name = route.name;
  }

  /**
   * `POST /chat/completions` (or `/responses`), streamed; a server that answers whole JSON instead is read as that
   * reply.
   */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    checkContext(context, `${this.#name} adapter's reply`);
    const api = this.#settings.api ?? 'chat';
    let wire: ReplyWire;
    try {
      wire = await this.#replyWire(request, context, api);
    } catch (error) {
      throw requestFault(error, `${this.#name} ${api}`);
    }
    const body = wireJson(wire.body, 'The request');
    yield* streamedReply(this.#endpoint, context, this.#path(wire.path, context.model), body, wire.reader);
  }

  /** The wire of `api`: loaded with the first reply, so a program that never calls OpenAI never reads it. */
  async #replyWire(request: ReplyRequest, context: CallContext, api: 'chat' | 'responses'): Promise<ReplyWire> {
    const typed = request.output !== undefined;
    const extras = {
      body: { ...this.#settings.body, ...request.settings?.providerOptions?.[context.provider] },
      maxTokens: this.#settings.maxTokens,
    };
    if (api === 'responses') {
      const [{ writeResponses }, { ResponseEventReader }] = await Promise.all([
        import('../../../protocols/openai/responsesRequest.js'),
        import('../../../protocols/openai/ResponseEventReader.js'),
      ]);
      return {
        path: '/responses',
        body: writeResponses(request, extras),
        reader: () => new ResponseEventReader(typed),
      };
    }
    const [{ writeChat }, { ChatChunkReader }] = await Promise.all([
      import('../../../protocols/openai/chatRequest.js'),
      import('../../../protocols/openai/chatStream.js'),
    ]);
    return { path: '/chat/completions', body: writeChat(request, extras), reader: () => new ChatChunkReader(typed) };
  }

  /** `POST /embeddings` (asking for base64, decoding floats or base64): the text's vector. */
  async embed(text: string, context: CallContext): Promise<readonly number[]> {
    checkContext(context, `${this.#name} adapter's embed`);
    const [vector] = await this.#post(context, '/embeddings', writeEmbeddings(context.model, text), (answer) =>
      readEmbeddingsAnswer(answer, 1),
    );
    return vector!;
  }

  /** `POST /audio/transcriptions` as multipart (`file`, `model`, `language`, `prompt` = the hint): the text heard. */
  async hear(input: HearInput, context: CallContext): Promise<{ readonly text: string }> {
    checkContext(context, `${this.#name} adapter's hear`);
    const { exchange, headers } = await this.#endpoint.open(context, undefined, 'application/json');
    try {
      const url = this.#endpoint.url(this.#path('/audio/transcriptions', context.model));
      const body = writeTranscription(input, context.model);
      const response = await exchange.send(url, { method: 'POST', headers, body });
      return { text: read(exchange, readTranscriptionAnswer, await exchange.json(response)) };
    } finally {
      exchange.close();
    }
  }

  /** `POST /audio/speech`: the audio's bytes, in the server's default format (mp3 on OpenAI). */
  async speak(text: string, context: CallContext): Promise<Uint8Array> {
    checkContext(context, `${this.#name} adapter's speak`);
    const body = wireJson(writeSpeech(context.model, text, this.#settings.voice ?? 'alloy'), 'The request');
    const { exchange, headers } = await this.#endpoint.open(context, 'application/json', 'application/octet-stream');
    try {
      const response = await exchange.send(this.#endpoint.url(this.#path('/audio/speech', context.model)), {
        method: 'POST',
        headers,
        body,
      });
      // A gateway may answer 200 with a JSON error, or a text page: neither is sound.
      const type = response.headers.get('content-type')?.toLowerCase() ?? '';
      if (type.includes('application/json')) {
        const answer = await exchange.json(response);
        if (errorReport(answer) !== undefined)
          throw exchange.reported(answer, 'the server answered an error, not audio');
        throw exchange.malformed('the speech answer is JSON, not audio');
      }
      if (type.startsWith('text/')) throw exchange.malformed(`the speech answer is ${type.split(';')[0]}, not audio`);
      const audio = await exchange.bytes(response);
      if (audio.length === 0) throw exchange.malformed('the speech answer has no audio');
      return audio;
    } finally {
      exchange.close();
    }
  }

  /** `POST /rerank` (Jina/Cohere shape, or Voyage's `data`). No `top_n` is sent, so every text comes back scored. */
  async rank(query: string, texts: readonly string[], context: CallContext): Promise<readonly number[]> {
    checkContext(context, `${this.#name} adapter's rank`);
    if (texts.length === 0) return [];
    return this.#post(context, '/rerank', writeRerank(context.model, query, texts), (answer) =>
      readRerankAnswer(answer, texts.length),
    );
  }

  /**
   * `POST /images/generations` in base64 (GPT Image always answers so; DALL·E is asked for `b64_json`). A media type is
   * the bytes', else `output_format`, else the format asked, else PNG.
   */
  async image(prompt: string, options: ImageOptions, context: CallContext): Promise<readonly GeneratedImage[]> {
    checkContext(context, `${this.#name} adapter's image`);
    const images = await this.#post(
      context,
      '/images/generations',
      writeImages(context.model, prompt, options),
      readImagesAnswer,
    );
    return images.map(({ bytes, format }) => {
      const said = (format ?? options.format) as ImageFormat | undefined;
      return {
        bytes,
        mediaType: imageMediaType(bytes) ?? (said !== undefined ? imageMediaTypes[said] : undefined) ?? 'image/png',
      };
    });
  }

  /** One JSON request to `path` for the context's model, its answer read by the protocol's `readAnswer`. */
  #post<T>(context: CallContext, path: string, body: unknown, readAnswer: (answer: unknown) => T): Promise<T> {
    return postJson(this.#endpoint, context, this.#path(path, context.model), body, (answer, exchange) =>
      read(exchange, readAnswer, answer),
    );
  }
}

/** What `readAnswer` reads of `answer`, a protocol fault in it thrown as the exchange's failure. */
function read<T>(exchange: Exchange, readAnswer: (answer: unknown) => T, answer: unknown): T {
  try {
    return readAnswer(answer);
  } catch (error) {
    throw exchange.readFault(error);
  }
}
