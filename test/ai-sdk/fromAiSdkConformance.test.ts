import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, type LanguageModelV4CallOptions, type LanguageModelV4StreamPart, type TranscriptionModelV4 } from '@ai-sdk/provider';
import { customProvider } from 'ai';
import { convertArrayToReadableStream, MockEmbeddingModelV4, MockLanguageModelV4, MockProviderV4, MockRerankingModelV4, MockSpeechModelV4, MockTranscriptionModelV4 } from 'ai/test';
import { describe, it } from 'vitest';
import { fromAiSdk } from '../../src/ai-sdk.js';
import { providerConformance, type MakeProvider, type ProviderScenario } from '../../src/testing.js';
import { messageDelta, messageStart, messageStop, textBlock, textMessage, toolBlock } from '../services/providers/loopback/anthropicWire.js';
import { KEY } from '../services/providers/loopback/callContext.js';
import { json, raw, stream, type Handler, type LoopbackServer } from '../services/providers/loopback/LoopbackServer.js';
import { chunk, textReply, toolReply } from '../services/providers/loopback/openaiWire.js';
import { useLoopback } from '../services/providers/loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const MODEL = 'conformance-model';
const usage = { inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } };
const finish = (unified: 'stop' | 'tool-calls' | 'length' | 'content-filter'): LanguageModelV4StreamPart => ({ type: 'finish', usage, finishReason: { unified, raw: unified } });
const text = (...deltas: string[]): LanguageModelV4StreamPart[] => [{ type: 'text-start', id: 't' }, ...deltas.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })), { type: 'text-end', id: 't' }];
const apiError = (statusCode: number | undefined, message: string, options: { headers?: Record<string, string>; body?: unknown; retryable?: boolean } = {}) =>
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
  const streams = (parts: LanguageModelV4StreamPart[]) => new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream(parts) }) });
  const failing = (error: unknown) => new MockLanguageModelV4({ doStream: async () => Promise.reject(error) });
  const provider = (languageModel?: MockLanguageModelV4, others: ConstructorParameters<typeof MockProviderV4>[0] = {}) =>
    fromAiSdk(new MockProviderV4({ ...(languageModel !== undefined ? { languageModels: { [MODEL]: languageModel } } : {}), ...others }), { timeoutMs: scenario === 'fail:timeout' ? 50 : 5000 });
  switch (scenario) {
    case 'text':
      return provider(streams([{ type: 'stream-start', warnings: [] }, ...text('Hel', 'lo.'), finish('stop')]));
    case 'value':
      return provider(streams([...text('{"team":"bil', 'ling","urgent":true}'), finish('stop')]));
    case 'calls':
      return provider(
        streams([
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'lookup', input: '{"query":"refund policy"}' },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'escalate', input: '{"team":"billing","reason":"unsure"}' },
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
      return provider(undefined, { embeddingModels: { [MODEL]: new MockEmbeddingModelV4({ doEmbed: async () => ({ embeddings: [[0.25, -0.5, 1]], warnings: [] }) }) } });
    case 'hear':
      return provider(undefined, {
        transcriptionModels: { [MODEL]: new MockTranscriptionModelV4({ doGenerate: async () => ({ text: 'refund', segments: [], language: 'en', durationInSeconds: 0.01, warnings: [], response: { timestamp: new Date(0), modelId: MODEL } }) }) as TranscriptionModelV4 },
      });
    case 'speak':
      return provider(undefined, { speechModels: { [MODEL]: new MockSpeechModelV4({ doGenerate: async () => ({ audio: new Uint8Array([0xff, 0xf3, 0x44, 0xc4]), warnings: [], response: { timestamp: new Date(0), modelId: MODEL } }) }) } });
    case 'rank':
      return provider(undefined, {
        rerankingModels: {
          [MODEL]: new MockRerankingModelV4({ doRerank: async () => ({ ranking: [{ index: 2, relevanceScore: 0.9 }, { index: 0, relevanceScore: 0.4 }, { index: 1, relevanceScore: 0.01 }], warnings: [] }) }),
        },
      });
    default:
      throw new Error(`the mock maker was asked for '${scenario}', which it does not claim`);
  }
};

const mockClaims: ProviderScenario[] = [
  'text', 'value', 'calls', 'length', 'slow',
  'fail:rate_limit', 'fail:server', 'fail:auth', 'fail:bad_request', 'fail:context_length', 'fail:content_filter', 'fail:timeout', 'fail:network', 'fail:unknown',
  'embed', 'hear', 'speak', 'rank',
];

providerConformance(mock, { describe, it, claims: mockClaims, apiKey: KEY, provider: 'sdk', name: 'fromAiSdk on MockLanguageModelV4 (in a MockProviderV4) conforms' });

/** A stream that sends `first`, then nothing, until the client lets go. */
function stalled(first: string): { handler: Handler; started: () => Promise<void>; closed: () => Promise<void> } {
  let onStart!: () => void;
  let onClose!: () => void;
  const arrived = new Promise<void>((resolve) => (onStart = resolve));
  const gone = new Promise<void>((resolve) => (onClose = resolve));
  const handler: Handler = (_, response) => {
    response.on('close', onClose);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(first, () => onStart());
  };
  return { handler, started: () => arrived, closed: () => gone };
}

const cut: Handler = (_, response) => {
  response.socket?.destroy();
};

/** @ai-sdk/openai's Chat Completions model (and its embedding, transcription and speech models) on the loopback server. */
const openai: MakeProvider = (scenario) => {
  const at = (path: string, handler: Handler) => server.on(`/v1${path}`, handler);
  const chat = (handler: Handler) => at('/chat/completions', handler);
  const error = (status: number, body: Record<string, unknown>, headers?: Record<string, string>) => chat(json(status, { error: body }, headers));
  const sdk = createOpenAI({ baseURL: server.url('/v1'), apiKey: KEY });
  const provider = fromAiSdk(customProvider({ languageModels: { [MODEL]: sdk.chat(MODEL) }, fallbackProvider: sdk }), { apiKey: KEY, timeoutMs: scenario === 'fail:timeout' ? 50 : 5000 });
  switch (scenario) {
    case 'text':
      chat(stream(textReply(['Hel', 'lo.'])));
      break;
    case 'value':
      chat(stream(textReply(['{"team":"bil', 'ling","urgent":true}'])));
      break;
    case 'calls':
      chat(stream(toolReply([{ id: 'call_1', name: 'lookup', args: ['{"query":', '"refund policy"}'] }, { id: 'call_2', name: 'escalate', args: ['{"team":"billing","reason":"unsure"}'] }])));
      break;
    case 'length':
      chat(stream(textReply(['Once upon'], [10, 2], 'length')));
      break;
    case 'slow': {
      const { handler, started, closed } = stalled(chunk({ role: 'assistant', content: 'Hel' }));
      chat(handler);
      return { provider, started, closed };
    }
    case 'fail:rate_limit':
      error(429, { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' }, { 'retry-after': '1' });
      break;
    case 'fail:server':
      error(500, { message: 'The server had an error', type: 'server_error' });
      break;
    case 'fail:auth':
      error(401, { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' });
      break;
    case 'fail:bad_request':
      error(400, { message: "Invalid 'messages[0].role'", type: 'invalid_request_error' });
      break;
    case 'fail:context_length':
      error(400, { message: "This model's maximum context length is 128000 tokens", type: 'invalid_request_error', code: 'context_length_exceeded' });
      break;
    case 'fail:content_filter':
      error(400, { message: 'The prompt was filtered', type: 'invalid_request_error', code: 'content_filter' });
      break;
    case 'fail:timeout':
      chat(stalled(chunk({ role: 'assistant', content: '' })).handler);
      break;
    case 'fail:network':
      chat(cut);
      break;
    case 'fail:unknown':
      // A status no kind covers, which fetch hands back as it is (a 300 has no place to follow).
      chat(raw(300, 'Multiple choices'));
      break;
    case 'embed':
      at('/embeddings', json(200, { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.25, -0.5, 1] }], model: MODEL, usage: { prompt_tokens: 1, total_tokens: 1 } }));
      break;
    case 'hear':
      at('/audio/transcriptions', json(200, { text: 'refund' }));
      break;
    case 'speak':
      at('/audio/speech', raw(200, new Uint8Array([0xff, 0xf3, 0x44, 0xc4]), { 'content-type': 'audio/mpeg' }));
      break;
    default:
      throw new Error(`the openai maker was asked for '${scenario}', which it does not claim`);
  }
  return provider;
};

// OpenAI has no reranking model, so 'rank' is not claimed.
const openaiClaims: ProviderScenario[] = [
  'text', 'value', 'calls', 'length', 'slow',
  'fail:rate_limit', 'fail:server', 'fail:auth', 'fail:bad_request', 'fail:context_length', 'fail:content_filter', 'fail:timeout', 'fail:network', 'fail:unknown',
  'embed', 'hear', 'speak',
];

providerConformance(openai, { describe, it, claims: openaiClaims, apiKey: KEY, provider: 'openai', model: MODEL, name: 'fromAiSdk on @ai-sdk/openai (a loopback server) conforms' });

/** @ai-sdk/anthropic's Messages model on the loopback server. */
const anthropic: MakeProvider = (scenario) => {
  const messages = (handler: Handler) => server.on('/v1/messages', handler);
  const error = (status: number, type: string, message: string, headers?: Record<string, string>) => messages(json(status, { type: 'error', error: { type, message } }, headers));
  const provider = fromAiSdk(createAnthropic({ baseURL: server.url('/v1'), apiKey: KEY }), { apiKey: KEY, timeoutMs: scenario === 'fail:timeout' ? 50 : 5000 });
  switch (scenario) {
    case 'text':
      messages(stream(textMessage(['Hel', 'lo.'])));
      break;
    case 'value':
      messages(stream(textMessage(['{"team":"bil', 'ling","urgent":true}'])));
      break;
    case 'calls':
      messages(stream(messageStart(30) + toolBlock(0, 'toolu_1', 'lookup', ['{"query":', '"refund policy"}']) + toolBlock(1, 'toolu_2', 'escalate', ['{"team":"billing","reason":"unsure"}']) + messageDelta('tool_use', 12) + messageStop));
      break;
    case 'length':
      messages(stream(textMessage(['Once upon'], [25, 2], 'max_tokens')));
      break;
    case 'slow': {
      const { handler, started, closed } = stalled(messageStart(25) + textBlock(0, ['Hel']).split('event: content_block_stop')[0]!);
      messages(handler);
      return { provider, started, closed };
    }
    case 'fail:rate_limit':
      error(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit', { 'retry-after': '1' });
      break;
    case 'fail:server':
      error(529, 'overloaded_error', 'Overloaded');
      break;
    case 'fail:auth':
      error(401, 'authentication_error', `invalid x-api-key ${KEY}`);
      break;
    case 'fail:bad_request':
      error(400, 'invalid_request_error', 'messages: roles must alternate');
      break;
    case 'fail:context_length':
      error(400, 'invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum');
      break;
    case 'fail:content_filter':
      // Anthropic's refusal: the AI SDK reads it as a content-filter finish.
      messages(stream(messageStart(25) + messageDelta('refusal', 0) + messageStop));
      break;
    case 'fail:timeout':
      messages(stalled(messageStart(25)).handler);
      break;
    case 'fail:network':
      messages(cut);
      break;
    case 'fail:unknown':
      messages(raw(300, 'Multiple choices'));
      break;
    default:
      throw new Error(`the anthropic maker was asked for '${scenario}', which it does not claim`);
  }
  return provider;
};

// Anthropic has no embedding, transcription, speech or reranking model.
const anthropicClaims: ProviderScenario[] = [
  'text', 'value', 'calls', 'length', 'slow',
  'fail:rate_limit', 'fail:server', 'fail:auth', 'fail:bad_request', 'fail:context_length', 'fail:content_filter', 'fail:timeout', 'fail:network', 'fail:unknown',
];

providerConformance(anthropic, { describe, it, claims: anthropicClaims, apiKey: KEY, provider: 'anthropic', model: MODEL, name: 'fromAiSdk on @ai-sdk/anthropic (a loopback server) conforms' });
