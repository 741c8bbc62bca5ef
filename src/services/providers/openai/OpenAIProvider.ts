import { errorReport } from '../http/ErrorReport.js';
import { postJson } from '../http/postJson.js';
import { checkContext } from '../http/checkContext.js';
import { Endpoint, type EndpointOptions } from '../http/Endpoint.js';
import { streamedReply } from '../http/streamedReply.js';
import { wireJson } from '../http/wireJson.js';
import { requestFault } from '../http/requestFault.js';
import { openaiFailures } from '../../../protocols/openai/openaiErrors.js';
import type {
  CallContext,
  GeneratedImage,
  HearInput,
  ImageOptions,
  Provider,
  ReplyPart,
  ReplyRequest,
} from '../../spec/Provider.js';
import { decodeEmbedding } from './decodeEmbedding.js';
import { OPENAI_URL, type OpenAIProviderSettings } from './OpenAIProviderSettings.js';
import { readImages } from './readImages.js';

/** Audio formats whose media type is not `audio/<format>`. */
const mediaTypes: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  mpga: 'audio/mpeg',
  m4a: 'audio/mp4',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
};

/**
 * Where an OpenAI-shaped API is reached: how its endpoint is opened (base URL, key header, request
 * id header) and the path of each API path for a model. OpenAI's own takes the path as it is; Azure
 * OpenAI puts the deployment (the model) in it and asks for its `api-version`.
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
    keyVariable: 'OPENAI_API_KEY',
    requestIdHeader: 'x-request-id',
    auth: (key) => ({ authorization: `Bearer ${key}` }),
    failures: openaiFailures,
  },
  path: (path) => path,
};

/**
 * The OpenAI adapter on Node's `fetch`: Chat Completions (streamed), embeddings, audio
 * transcription and speech, image generation, and the Jina/Cohere-style `/rerank`. It speaks to OpenAI and to
 * every OpenAI-compatible server. One HTTP attempt per call: the engine retries.
 * Made by {@link createOpenAIProvider}.
 *
 * @example
 * ```ts
 * const openai = createOpenAIProvider();
 * for await (const part of openai.reply({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hi' }] }, context)) {
 *   if (part.type === 'text') process.stdout.write(part.text);
 * }
 * ```
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

  /** `POST /chat/completions`, streamed: the reply's parts as they arrive. */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    checkContext(context, `${this.#name} adapter's reply`);
    // The wire format loads with the first reply: a program that never calls OpenAI never reads it.
    const [{ writeChat }, { ChatChunkReader }] = await Promise.all([
      import('../../../protocols/openai/chatRequest.js'),
      import('../../../protocols/openai/chatStream.js'),
    ]);
    const extras = {
      body: { ...this.#settings.body, ...request.settings?.providerOptions?.[context.provider] },
      maxTokens: this.#settings.maxTokens,
    };
    let body: string;
    try {
      body = wireJson(writeChat(request, extras), 'The request');
    } catch (error) {
      throw requestFault(error, `${this.#name} chat`);
    }
    yield* streamedReply(
      this.#endpoint,
      context,
      this.#path('/chat/completions', context.model),
      body,
      () => new ChatChunkReader(request.output !== undefined),
    );
  }

  /** `POST /embeddings` (asking for base64, decoding floats or base64): the text's vector. */
  async embed(text: string, context: CallContext): Promise<readonly number[]> {
    checkContext(context, `${this.#name} adapter's embed`);
    return postJson(
      this.#endpoint,
      context,
      this.#path('/embeddings', context.model),
      { model: context.model, input: text, encoding_format: 'base64' },
      (body, exchange) => {
        const data = isRecord(body) && Array.isArray(body.data) ? body.data : undefined;
        if (data === undefined) throw exchange.malformed('the embeddings answer has no `data` list');
        const item: unknown = data.find((entry) => isRecord(entry) && entry.index === 0) ?? data[0];
        if (!isRecord(item)) throw exchange.malformed('the embeddings answer has no embedding');
        const vector = decodeEmbedding(item.embedding);
        if (vector === undefined || vector.length === 0) {
          throw exchange.malformed(
            'the embedding is neither a list of finite numbers nor base64 of little-endian float32 values',
          );
        }
        return vector;
      },
    );
  }

  /** `POST /audio/transcriptions` as multipart (`file`, `model`, `language`, `prompt` = the hint): the text heard. */
  async hear(input: HearInput, context: CallContext): Promise<{ readonly text: string }> {
    checkContext(context, `${this.#name} adapter's hear`);
    const kind = input.kind.toLowerCase().replace(/[^a-z0-9]/g, '');
    const form = new FormData();
    form.append(
      'file',
      new Blob([input.audio as Uint8Array<ArrayBuffer>], {
        type: mediaTypes[kind] ?? `audio/${kind || 'octet-stream'}`,
      }),
      `audio.${kind || 'bin'}`,
    );
    form.append('model', context.model);
    if (input.language !== undefined) form.append('language', input.language);
    if (input.hint !== undefined && input.hint !== '') form.append('prompt', input.hint);
    form.append('response_format', 'json');
    const { exchange, headers } = await this.#endpoint.open(context, undefined, 'application/json');
    try {
      const response = await exchange.send(this.#endpoint.url(this.#path('/audio/transcriptions', context.model)), {
        method: 'POST',
        headers,
        body: form,
      });
      const body = await exchange.json(response);
      if (!isRecord(body) || typeof body.text !== 'string')
        throw exchange.malformed('the transcription answer has no `text` string');
      return { text: body.text };
    } finally {
      exchange.close();
    }
  }

  /** `POST /audio/speech`: the audio's bytes, in the server's default format (mp3 on OpenAI). */
  async speak(text: string, context: CallContext): Promise<Uint8Array> {
    checkContext(context, `${this.#name} adapter's speak`);
    const body = JSON.stringify({ model: context.model, input: text, voice: this.#settings.voice ?? 'alloy' });
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

  /**
   * `POST /rerank` in the Jina/Cohere shape (`{ model, query, documents }` ->
   * `results[{ index, relevance_score }]`, or `data[...]` as Voyage names it): one score per
   * text, in the texts' order. No `top_n` is sent, so every text must come back scored.
   */
  async rank(query: string, texts: readonly string[], context: CallContext): Promise<readonly number[]> {
    checkContext(context, `${this.#name} adapter's rank`);
    if (texts.length === 0) return [];
    return postJson(
      this.#endpoint,
      context,
      this.#path('/rerank', context.model),
      { model: context.model, query, documents: texts },
      (body, exchange) => {
        const results = isRecord(body) ? (body.results ?? body.data) : undefined;
        if (!Array.isArray(results)) throw exchange.malformed('the rerank answer has no `results` list');
        const scores = new Array<number | undefined>(texts.length).fill(undefined);
        for (const [position, result] of results.entries()) {
          const index = isRecord(result) ? result.index : undefined;
          const score = isRecord(result) ? result.relevance_score : undefined;
          if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= texts.length) {
            throw exchange.malformed(
              `rerank result ${position} has index ${JSON.stringify(index)}, not one of 0..${texts.length - 1}`,
            );
          }
          if (typeof score !== 'number' || !Number.isFinite(score))
            throw exchange.malformed(`rerank result ${position} has no finite relevance_score`);
          if (scores[index] !== undefined) throw exchange.malformed(`rerank results score text ${index} twice`);
          scores[index] = score;
        }
        const missing = scores.findIndex((score) => score === undefined);
        if (missing !== -1)
          throw exchange.malformed(
            `the rerank answer scored ${results.length} of ${texts.length} texts (text ${missing} has no score)`,
          );
        return scores as number[];
      },
    );
  }

  /**
   * `POST /images/generations` (`n`, `size`, `output_format`), answered in base64: GPT Image
   * models always answer so, and other models (DALL·E) are asked for `b64_json`.
   */
  async image(prompt: string, options: ImageOptions, context: CallContext): Promise<readonly GeneratedImage[]> {
    checkContext(context, "OpenAI adapter's image");
    const request = {
      model: context.model,
      prompt,
      n: options.count ?? 1,
      ...(options.size === undefined ? {} : { size: options.size }),
      ...(options.format === undefined ? {} : { output_format: options.format }),
      // GPT Image models refuse `response_format`: they answer base64 alone.
      ...(context.model.startsWith('gpt-image') ? {} : { response_format: 'b64_json' }),
    };
    return postJson(this.#endpoint, context, '/images/generations', request, (body, exchange) =>
      readImages(body, exchange, options.format),
    );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
