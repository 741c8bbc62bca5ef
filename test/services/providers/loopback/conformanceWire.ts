import type { ProviderScenario } from '../../../../src/conformance.js';
import { messageDelta, messageStart, messageStop, textBlock, textMessage, toolBlock } from './anthropicWire.js';
import { KEY } from './callContext.js';
import { json, raw, stream, type Handler, type LoopbackServer } from './LoopbackServer.js';

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
