import type { ProviderScenario } from '../../../../src/testing.js';
import { messageDelta, messageStart, messageStop, textBlock, textMessage, toolBlock } from './anthropicWire.js';
import { KEY } from './callContext.js';
import { json, raw, stream, type Handler, type LoopbackServer } from './LoopbackServer.js';
import { chunk, textReply, toolReply } from './openaiWire.js';
import { pngImage } from '../../../../src/services/requests/pngImage.js';

/** What a maker hands `providerConformance` beside the provider for the 'slow' scenario. */
export interface Stalled {
  readonly started: () => Promise<void>;
  readonly closed: () => Promise<void>;
}

/** A stream that sends `first`, then nothing, until the client lets go: `started` settles when the request arrives, `closed` when the connection closes. */
export function stalled(first: string): Stalled & { readonly handler: Handler } {
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

/** Breaks the connection before any answer. */
export const cut: Handler = (_, response) => {
  response.socket?.destroy();
};

/** A status no failure kind covers, which a client hands back as it is (a 300 has no place to follow). */
export const multipleChoices: Handler = raw(300, 'Multiple choices');

/**
 * Scripts the loopback server as OpenAI's API answering one conformance scenario, for any client
 * of it (standin's adapter, the AI SDK's provider). Answers the stall's hooks for 'slow'.
 *
 * @example
 * ```ts
 * const slow = openaiScenario(server, scenario);
 * return slow === undefined ? provider : { provider, ...slow };
 * ```
 */
export function openaiScenario(
  server: LoopbackServer,
  scenario: ProviderScenario,
  unknown: Handler = multipleChoices,
): Stalled | undefined {
  const at = (path: string, handler: Handler) => server.on(`/v1${path}`, handler);
  const chat = (handler: Handler) => at('/chat/completions', handler);
  const error = (status: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
    chat(json(status, { error: body }, headers));
  switch (scenario) {
    case 'text':
      return void chat(stream(textReply(['Hel', 'lo.'])));
    case 'value':
      return void chat(stream(textReply(['{"team":"bil', 'ling","urgent":true}'])));
    case 'calls':
      return void chat(
        stream(
          toolReply([
            { id: 'call_1', name: 'lookup', args: ['{"query":', '"refund policy"}'] },
            { id: 'call_2', name: 'escalate', args: ['{"team":"billing","reason":"unsure"}'] },
          ]),
        ),
      );
    case 'length':
      return void chat(stream(textReply(['Once upon'], [10, 2], 'length')));
    case 'slow': {
      const { handler, started, closed } = stalled(chunk({ role: 'assistant', content: 'Hel' }));
      chat(handler);
      return { started, closed };
    }
    case 'fail:rate_limit':
      return void error(
        429,
        { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
        { 'retry-after': '1' },
      );
    case 'fail:server':
      return void error(500, { message: 'The server had an error', type: 'server_error' });
    case 'fail:auth':
      return void error(401, {
        message: `Incorrect API key provided: ${KEY}`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      });
    case 'fail:bad_request':
      return void error(400, { message: "Invalid 'messages[0].role'", type: 'invalid_request_error' });
    case 'fail:context_length':
      return void error(400, {
        message: "This model's maximum context length is 128000 tokens",
        type: 'invalid_request_error',
        code: 'context_length_exceeded',
      });
    case 'fail:content_filter':
      return void error(400, {
        message: 'The prompt was filtered',
        type: 'invalid_request_error',
        code: 'content_filter',
      });
    case 'fail:timeout':
      return void chat(stalled(chunk({ role: 'assistant', content: '' })).handler);
    case 'fail:network':
      return void chat(cut);
    case 'fail:unknown':
      return void chat(unknown);
    case 'embed':
      return void at(
        '/embeddings',
        json(200, {
          object: 'list',
          data: [{ object: 'embedding', index: 0, embedding: [0.25, -0.5, 1] }],
          model: 'conformance-model',
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
    case 'hear':
      return void at('/audio/transcriptions', json(200, { text: 'refund' }));
    case 'speak':
      return void at(
        '/audio/speech',
        raw(200, new Uint8Array([0xff, 0xf3, 0x44, 0xc4]), { 'content-type': 'audio/mpeg' }),
      );
    case 'rank':
      return void at(
        '/rerank',
        json(200, {
          results: [
            { index: 2, relevance_score: 0.9 },
            { index: 0, relevance_score: 0.4 },
            { index: 1, relevance_score: 0.01 },
          ],
        }),
      );
    case 'image':
      return void at(
        '/images/generations',
        json(200, {
          created: 1_700_000_000,
          data: [{ b64_json: Buffer.from(pngImage(2, 2, 'receipt')).toString('base64') }],
        }),
      );
    default:
      throw new Error(`the OpenAI wire has no script for '${scenario}'`);
  }
}

/**
 * Scripts the loopback server as Anthropic's Messages API answering one conformance scenario, for
 * any client of it. Answers the stall's hooks for 'slow'.
 *
 * @example
 * ```ts
 * const slow = anthropicScenario(server, scenario);
 * return slow === undefined ? provider : { provider, ...slow };
 * ```
 */
export function anthropicScenario(
  server: LoopbackServer,
  scenario: ProviderScenario,
  unknown: Handler = multipleChoices,
): Stalled | undefined {
  const messages = (handler: Handler) => server.on('/v1/messages', handler);
  const error = (status: number, type: string, message: string, headers?: Record<string, string>) =>
    messages(json(status, { type: 'error', error: { type, message } }, headers));
  switch (scenario) {
    case 'text':
      return void messages(stream(textMessage(['Hel', 'lo.'])));
    case 'value':
      return void messages(stream(textMessage(['{"team":"bil', 'ling","urgent":true}'])));
    case 'calls':
      return void messages(
        stream(
          messageStart(30) +
            toolBlock(0, 'toolu_1', 'lookup', ['{"query":', '"refund policy"}']) +
            toolBlock(1, 'toolu_2', 'escalate', ['{"team":"billing","reason":"unsure"}']) +
            messageDelta('tool_use', 12) +
            messageStop,
        ),
      );
    case 'length':
      return void messages(stream(textMessage(['Once upon'], [25, 2], 'max_tokens')));
    case 'slow': {
      // The message opens and its first text block starts; nothing ends it.
      const { handler, started, closed } = stalled(
        messageStart(25) + textBlock(0, ['Hel']).split('event: content_block_stop')[0]!,
      );
      messages(handler);
      return { started, closed };
    }
    case 'fail:rate_limit':
      return void error(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit', {
        'retry-after': '1',
      });
    case 'fail:server':
      return void error(529, 'overloaded_error', 'Overloaded');
    case 'fail:auth':
      return void error(401, 'authentication_error', `invalid x-api-key ${KEY}`);
    case 'fail:bad_request':
      return void error(400, 'invalid_request_error', 'messages: roles must alternate');
    case 'fail:context_length':
      return void error(400, 'invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum');
    case 'fail:content_filter':
      // Anthropic's refusal, read as a content-filter finish.
      return void messages(stream(messageStart(25) + messageDelta('refusal', 0) + messageStop));
    case 'fail:timeout':
      return void messages(stalled(messageStart(25)).handler);
    case 'fail:network':
      return void messages(cut);
    case 'fail:unknown':
      return void messages(unknown);
    default:
      throw new Error(`the Anthropic wire has no script for '${scenario}'`);
  }
}
