import { pngImage } from '../../../../src/services/requests/pngImage.js';
import type { ProviderScenario } from '../../../../src/testing.js';
import { KEY } from '../loopback/callContext.js';
import { cut, multipleChoices, stalled, type Stalled } from '../loopback/conformanceWire.js';
import { json, stream, type Handler, type LoopbackServer } from '../loopback/LoopbackServer.js';

/** Builders of the exact bytes Gemini's `streamGenerateContent?alt=sse` answers with: `data: {json}` lines ended by CRLF CRLF. */

/** One event: a whole GenerateContentResponse. */
export function event(data: Record<string, unknown>): string {
  return `data: ${JSON.stringify(data)}\r\n\r\n`;
}

/** The usage Gemini reports. */
export function usage(
  prompt: number,
  candidates?: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    promptTokenCount: prompt,
    ...(candidates === undefined ? {} : { candidatesTokenCount: candidates }),
    totalTokenCount: prompt + (candidates ?? 0),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
    ...extra,
  };
}

/** A chunk holding `parts` of candidate 0, and its finish reason when given. */
export function chunk(
  parts: readonly Record<string, unknown>[],
  finishReason?: string,
  use?: Record<string, unknown>,
): string {
  return event({
    candidates: [
      { content: { parts, role: 'model' }, ...(finishReason === undefined ? {} : { finishReason }), index: 0 },
    ],
    ...(use === undefined ? {} : { usageMetadata: use }),
    modelVersion: 'gemini-test',
    responseId: 'resp_1',
  });
}

/** A whole text reply: each piece a chunk, the last with `finishReason`. */
export function textReply(
  pieces: readonly string[],
  tokens: readonly [number, number] = [8, 5],
  finish = 'STOP',
): string {
  return pieces
    .map((text, i) =>
      i === pieces.length - 1
        ? chunk([{ text }], finish, usage(tokens[0], tokens[1]))
        : chunk([{ text }], undefined, usage(tokens[0])),
    )
    .join('');
}

/** A reply of function calls, sent whole in one chunk as Gemini sends them. */
export function callReply(calls: readonly { name: string; args: Record<string, unknown>; id?: string }[]): string {
  return chunk(
    calls.map(({ name, args, id }, i) => ({
      functionCall: { name, args, ...(id === undefined ? {} : { id }) },
      ...(i === 0 ? { thoughtSignature: 'c2lnbmF0dXJl' } : {}),
    })),
    'STOP',
    usage(30, 12),
  );
}

/** Gemini's error body. */
export function errorBody(code: number, status: string, message: string): Record<string, unknown> {
  return { error: { code, message, status } };
}

/** The paths of a model's endpoints under `/v1beta`. */
export const paths = (model = 'test-model') => ({
  stream: `/v1beta/models/${model}:streamGenerateContent?alt=sse`,
  embed: `/v1beta/models/${model}:embedContent`,
  predict: `/v1beta/models/${model}:predict`,
});

/**
 * Scripts the loopback server as the Gemini API answering one conformance scenario. Answers the
 * stall's hooks for 'slow'.
 *
 * @example
 * ```ts
 * const slow = geminiScenario(server, scenario);
 * return slow === undefined ? provider : { provider, ...slow };
 * ```
 */
export function geminiScenario(
  server: LoopbackServer,
  scenario: ProviderScenario,
  unknown: Handler = multipleChoices,
): Stalled | undefined {
  const { stream: path, embed, predict } = paths('conformance-model');
  const reply = (handler: Handler) => server.on(path, handler);
  const error = (code: number, status: string, message: string, headers?: Record<string, string>) =>
    reply(json(code, errorBody(code, status, message), headers));
  switch (scenario) {
    case 'text':
      return void reply(stream(textReply(['Hel', 'lo.'])));
    case 'value':
      return void reply(stream(textReply(['{"team":"bil', 'ling","urgent":true}'])));
    case 'calls':
      return void reply(
        stream(
          callReply([
            { name: 'lookup', args: { query: 'refund policy' } },
            { name: 'escalate', args: { team: 'billing', reason: 'unsure' } },
          ]),
        ),
      );
    case 'length':
      return void reply(stream(textReply(['Once upon'], [10, 2], 'MAX_TOKENS')));
    case 'slow': {
      const { handler, started, closed } = stalled(chunk([{ text: 'Hel' }]));
      reply(handler);
      return { started, closed };
    }
    case 'fail:rate_limit':
      return void error(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).', {
        'retry-after': '1',
      });
    case 'fail:server':
      return void error(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
    case 'fail:auth':
      return void error(400, 'INVALID_ARGUMENT', `API key not valid. Please pass a valid API key. (${KEY})`);
    case 'fail:bad_request':
      return void error(
        400,
        'INVALID_ARGUMENT',
        'Invalid JSON payload received. Unknown name "foo": Cannot find field.',
      );
    case 'fail:context_length':
      return void error(
        400,
        'INVALID_ARGUMENT',
        'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
      );
    case 'fail:content_filter':
      return void reply(stream(event({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: usage(9) })));
    case 'fail:timeout':
      return void reply(stalled(chunk([{ text: '' }])).handler);
    case 'fail:network':
      return void reply(cut);
    case 'fail:unknown':
      return void reply(unknown);
    case 'embed':
      return void server.on(embed, json(200, { embedding: { values: [0.25, -0.5, 1] } }));
    case 'image': {
      const bytesBase64Encoded = Buffer.from(pngImage(2, 2, 'receipt')).toString('base64');
      return void server.on(predict, json(200, { predictions: [{ bytesBase64Encoded, mimeType: 'image/png' }] }));
    }
    default:
      throw new Error(`the Gemini wire has no script for '${scenario}'`);
  }
}
