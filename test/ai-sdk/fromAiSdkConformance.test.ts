import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import {
  APICallError,
  type ImageModelV4,
  type LanguageModelV4CallOptions,
  type LanguageModelV4StreamPart,
  type TranscriptionModelV4,
} from '@ai-sdk/provider';
import { customProvider } from 'ai';
import {
  convertArrayToReadableStream,
  MockEmbeddingModelV4,
  MockImageModelV4,
  MockLanguageModelV4,
  MockProviderV4,
  MockRerankingModelV4,
  MockSpeechModelV4,
  MockTranscriptionModelV4,
} from 'ai/test';
import { describe, it } from 'vitest';
import { fromAiSdk } from '../../src/ai-sdk.js';
import { pngImage } from '../../src/services/requests/pngImage.js';
import { providerConformance, type MakeProvider, type ProviderScenario } from '../../src/conformance.js';
import { KEY } from '../services/providers/loopback/callContext.js';
import type { LoopbackServer } from '../services/providers/loopback/LoopbackServer.js';
import { multipleChoices, stalled } from '../services/providers/loopback/conformanceWire.js';
import { conformsOverTheWire } from '../support/overTheWire.js';
import { useLoopback } from '../services/providers/loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const MODEL = 'conformance-model';
const usage = {
  inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const finish = (unified: 'stop' | 'tool-calls' | 'length' | 'content-filter'): LanguageModelV4StreamPart => ({
  type: 'finish',
  usage,
  finishReason: { unified, raw: unified },
});
const text = (...deltas: string[]): LanguageModelV4StreamPart[] => [
  { type: 'text-start', id: 't' },
  ...deltas.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
  { type: 'text-end', id: 't' },
];
const apiError = (
  statusCode: number | undefined,
  message: string,
  options: { headers?: Record<string, string>; body?: unknown; retryable?: boolean } = {},
) =>
  new APICallError({
    message,
    url: 'https://api.example.com/v1/chat',
    requestBodyValues: {},
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(options.headers !== undefined ? { responseHeaders: options.headers } : {}),
    ...(options.body !== undefined ? { responseBody: JSON.stringify(options.body) } : {}),
    ...(options.retryable !== undefined ? { isRetryable: options.retryable } : {}),
  });

/** A model stream that gives its first parts, then nothing more until the call's signal aborts; `started` settles on the call, `closed` once the stream let go. */
function stalledModel(first: LanguageModelV4StreamPart[]) {
  let onStart!: () => void;
  let onClose!: () => void;
  const started = new Promise<void>((resolve) => (onStart = resolve));
  const closed = new Promise<void>((resolve) => (onClose = resolve));
  const model = new MockLanguageModelV4({
    doStream: async ({ abortSignal }: LanguageModelV4CallOptions) => {
      if (abortSignal?.aborted) throw abortSignal.reason;
      onStart();
      let sent = false;
      const streamed = new ReadableStream<LanguageModelV4StreamPart>({
        pull(controller) {
          if (!sent) {
            sent = true;
            for (const part of first) controller.enqueue(part);
            return;
          }
          return new Promise<void>((resolve) => {
            const stop = () => {
              controller.error(abortSignal!.reason);
              onClose();
              resolve();
            };
            if (abortSignal!.aborted) stop();
            else abortSignal!.addEventListener('abort', stop, { once: true });
          });
        },
        cancel: () => onClose(),
      });
      return { stream: streamed };
    },
  });
  return { model, started: () => started, closed: () => closed };
}

/** A MockProviderV4 whose language model (a MockLanguageModelV4) and other models answer one scenario. */
const mock: MakeProvider = (scenario) => {
  const streams = (parts: LanguageModelV4StreamPart[]) =>
    new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream(parts) }) });
  const failing = (error: unknown) => new MockLanguageModelV4({ doStream: async () => Promise.reject(error) });
  const provider = (
    languageModel?: MockLanguageModelV4,
    others: ConstructorParameters<typeof MockProviderV4>[0] = {},
  ) =>
    fromAiSdk(
      new MockProviderV4({
        ...(languageModel !== undefined ? { languageModels: { [MODEL]: languageModel } } : {}),
        ...others,
      }),
      { timeoutMs: scenario === 'fail:timeout' ? 50 : 5000 },
    );
  switch (scenario) {
    case 'text':
      return provider(streams([{ type: 'stream-start', warnings: [] }, ...text('Hel', 'lo.'), finish('stop')]));
    case 'value':
      return provider(streams([...text('{"team":"bil', 'ling","urgent":true}'), finish('stop')]));
    case 'calls':
      return provider(
        streams([
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'lookup', input: '{"query":"refund policy"}' },
          {
            type: 'tool-call',
            toolCallId: 'call_2',
            toolName: 'escalate',
            input: '{"team":"billing","reason":"unsure"}',
          },
          finish('tool-calls'),
        ]),
      );
    case 'length':
      return provider(streams([...text('Once upon'), finish('length')]));
    case 'slow': {
      const { model, started, closed } = stalledModel(text('Hel').slice(0, 2));
      return { provider: provider(model), started, closed };
    }
    case 'fail:timeout':
      return provider(stalledModel([]).model);
    case 'fail:rate_limit':
      return provider(failing(apiError(429, 'Too many requests', { headers: { 'retry-after': '1' } })));
    case 'fail:server':
      return provider(failing(apiError(500, 'Internal error')));
    case 'fail:auth':
      return provider(failing(apiError(401, `Invalid API key ${KEY}`)));
    case 'fail:bad_request':
      return provider(failing(apiError(400, 'messages[0].role is invalid')));
    case 'fail:context_length':
      return provider(failing(apiError(400, 'This model has a maximum context length of 8192 tokens')));
    case 'fail:content_filter':
      return provider(streams([...text('I'), finish('content-filter')]));
    case 'fail:network':
      return provider(failing(apiError(undefined, 'Cannot connect to API: ECONNRESET', { retryable: true })));
    case 'fail:unknown':
      return provider(failing(apiError(undefined, 'The answer was cut off by a proxy', { retryable: false })));
    case 'embed':
      return provider(undefined, {
        embeddingModels: {
          [MODEL]: new MockEmbeddingModelV4({ doEmbed: async () => ({ embeddings: [[0.25, -0.5, 1]], warnings: [] }) }),
        },
      });
    case 'hear':
      return provider(undefined, {
        transcriptionModels: {
          [MODEL]: new MockTranscriptionModelV4({
            doGenerate: async () => ({
              text: 'refund',
              segments: [],
              language: 'en',
              durationInSeconds: 0.01,
              warnings: [],
              response: { timestamp: new Date(0), modelId: MODEL },
            }),
          }) as TranscriptionModelV4,
        },
      });
    case 'speak':
      return provider(undefined, {
        speechModels: {
          [MODEL]: new MockSpeechModelV4({
            doGenerate: async () => ({
              audio: new Uint8Array([0xff, 0xf3, 0x44, 0xc4]),
              warnings: [],
              response: { timestamp: new Date(0), modelId: MODEL },
            }),
          }),
        },
      });
    case 'rank':
      return provider(undefined, {
        rerankingModels: {
          [MODEL]: new MockRerankingModelV4({
            doRerank: async () => ({
              ranking: [
                { index: 2, relevanceScore: 0.9 },
                { index: 0, relevanceScore: 0.4 },
                { index: 1, relevanceScore: 0.01 },
              ],
              warnings: [],
            }),
          }),
        },
      });
    case 'image':
      return provider(undefined, {
        imageModels: {
          [MODEL]: new MockImageModelV4({
            doGenerate: async ({ n }) => ({
              images: Array.from({ length: n }, () => Buffer.from(pngImage(2, 2, 'receipt')).toString('base64')),
              warnings: [],
              response: { timestamp: new Date(0), modelId: MODEL, headers: undefined },
            }),
          }) as ImageModelV4,
        },
      });
    default:
      throw new Error(`the mock maker was asked for '${scenario}', which it does not claim`);
  }
};

const mockClaims: ProviderScenario[] = [
  'text',
  'value',
  'calls',
  'length',
  'slow',
  'fail:rate_limit',
  'fail:server',
  'fail:auth',
  'fail:bad_request',
  'fail:context_length',
  'fail:content_filter',
  'fail:timeout',
  'fail:network',
  'fail:unknown',
  'embed',
  'hear',
  'speak',
  'rank',
  'image',
];

providerConformance(mock, {
  describe,
  it,
  claims: mockClaims,
  apiKey: KEY,
  provider: 'sdk',
  name: 'fromAiSdk on MockLanguageModelV4 (in a MockProviderV4) conforms',
});

/** @ai-sdk/openai's Chat Completions model (and its embedding, transcription, speech and image models) against the wire server. */
conformsOverTheWire({
  name: 'fromAiSdk on @ai-sdk/openai (against the wire server) conforms',
  model: MODEL,
  provider: 'openai',
  adapter: ({ url, headers, fetch, apiKey }) => {
    const sdk = createOpenAI({ baseURL: `${url}/v1`, apiKey, headers, fetch });
    return fromAiSdk(customProvider({ languageModels: { [MODEL]: sdk.chat(MODEL) }, fallbackProvider: sdk }), {
      apiKey,
    });
  },
  // OpenAI has no reranking model, so 'rank' is not claimed. The AI SDK reads a failure by its status alone, so the
  // server's 408 and its 500 that asks for no retry are both `server`: timeout and unknown are claimed below.
  claims: [
    'text',
    'value',
    'calls',
    'length',
    'slow',
    'fail:rate_limit',
    'fail:server',
    'fail:auth',
    'fail:bad_request',
    'fail:context_length',
    'fail:content_filter',
    'fail:network',
    'embed',
    'hear',
    'speak',
    'image',
  ],
});

/** @ai-sdk/openai on a loopback server that stalls past the call's timeout, or answers a status no kind covers. */
const openaiStalls: MakeProvider = (scenario) => {
  const sdk = createOpenAI({ baseURL: server.url('/v1'), apiKey: KEY });
  const provider = fromAiSdk(customProvider({ languageModels: { [MODEL]: sdk.chat(MODEL) }, fallbackProvider: sdk }), {
    apiKey: KEY,
    timeoutMs: 50,
  });
  server.on('/v1/chat/completions', scenario === 'fail:timeout' ? stalled('').handler : multipleChoices);
  return provider;
};

providerConformance(openaiStalls, {
  describe,
  it,
  claims: ['fail:timeout', 'fail:unknown'],
  apiKey: KEY,
  provider: 'openai',
  model: MODEL,
  name: 'fromAiSdk on @ai-sdk/openai (a loopback server that stalls or answers 300) conforms',
});

/** @ai-sdk/anthropic's Messages model against the wire server. */
conformsOverTheWire({
  name: 'fromAiSdk on @ai-sdk/anthropic (against the wire server) conforms',
  model: MODEL,
  provider: 'anthropic',
  adapter: ({ url, headers, fetch, apiKey }) =>
    fromAiSdk(createAnthropic({ baseURL: `${url}/v1`, apiKey, headers, fetch }), { apiKey }),
  // Anthropic has no embedding, transcription, speech or reranking model. The AI SDK reads a failure by its status
  // alone, so the server's 504 and its 500 that asks for no retry are both `server`: timeout and unknown are below.
  claims: [
    'text',
    'value',
    'calls',
    'length',
    'slow',
    'fail:rate_limit',
    'fail:server',
    'fail:auth',
    'fail:bad_request',
    'fail:context_length',
    'fail:content_filter',
    'fail:network',
  ],
});

/** @ai-sdk/anthropic on a loopback server that stalls past the call's timeout, or answers a status no kind covers. */
const anthropicStalls: MakeProvider = (scenario) => {
  const provider = fromAiSdk(createAnthropic({ baseURL: server.url('/v1'), apiKey: KEY }), {
    apiKey: KEY,
    timeoutMs: 50,
  });
  server.on('/v1/messages', scenario === 'fail:timeout' ? stalled('').handler : multipleChoices);
  return provider;
};

providerConformance(anthropicStalls, {
  describe,
  it,
  claims: ['fail:timeout', 'fail:unknown'],
  apiKey: KEY,
  provider: 'anthropic',
  model: MODEL,
  name: 'fromAiSdk on @ai-sdk/anthropic (a loopback server that stalls or answers 300) conforms',
});
