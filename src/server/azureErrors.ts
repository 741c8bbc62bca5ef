import type { FailureKind } from '../services/spec/failures.js';
import type { WireErrorDetails } from './WireError.js';

/** Azure's content filter's verdict on a filtered prompt, per category, as a scripted `content_filter` sends it. */
const filterResult = {
  hate: { filtered: false, severity: 'safe' },
  self_harm: { filtered: false, severity: 'safe' },
  sexual: { filtered: false, severity: 'safe' },
  violence: { filtered: true, severity: 'medium' },
};

/**
 * Azure OpenAI's error body: `{ error: { code, message, param?, type? } }`, and for its content
 * filter the 400 with `param: 'prompt'`, `status` and `innererror: { code: 'ResponsibleAIPolicyViolation',
 * content_filter_result }`.
 *
 * @example
 * ```ts
 * azureErrorBody('Slow down.', { type: 'requests', code: '429' });
 * // { error: { code: '429', message: 'Slow down.', type: 'requests' } }
 * ```
 */
export function azureErrorBody(message: string, details: WireErrorDetails): unknown {
  const error: Record<string, unknown> = { code: details.code ?? details.type, message };
  if (details.param !== undefined) error.param = details.param;
  if (details.code !== undefined && details.type !== details.code) error.type = details.type;
  if (details.code === 'content_filter') {
    Object.assign(error, { param: 'prompt', type: null, status: 400 });
    error.innererror = { code: 'ResponsibleAIPolicyViolation', content_filter_result: filterResult };
  }
  return { error };
}

/**
 * Azure OpenAI's answer to a scripted failure of each kind: `rate_limit` a 429 with code `'429'`,
 * `retry-after` and `retry-after-ms`; `server` a 500; `timeout` a 408; `auth` a 401 with code `'401'`;
 * `context_length` the OpenAI 400; `content_filter` the content filter's 400 ({@link azureErrorBody});
 * `bad_request` a 400; `unknown` a 500 no client retries; `network` drops the connection.
 *
 * @example
 * ```ts
 * azureFailure('rate_limit', 5); // { status: 429, details: { code: '429', headers: { 'retry-after': '1', 'retry-after-ms': '5' } }, ... }
 * ```
 */
export function azureFailure(
  kind: FailureKind,
  retryAfterMs: number,
): { readonly status: number; readonly message: string; readonly details: WireErrorDetails } | 'drop' {
  switch (kind) {
    case 'network':
      return 'drop';
    case 'rate_limit': {
      const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      return {
        status: 429,
        message:
          'Requests to the ChatCompletions_Create Operation have exceeded call rate limit of your current OpenAI S0 ' +
          `pricing tier. Please retry after ${seconds} second${seconds === 1 ? '' : 's'}.`,
        details: {
          type: 'requests',
          code: '429',
          headers: { 'retry-after': String(seconds), 'retry-after-ms': String(retryAfterMs) },
        },
      };
    }
    case 'server':
      return {
        status: 500,
        message: 'The server had an error while processing your request.',
        details: { type: 'server_error', code: 'InternalServerError' },
      };
    case 'timeout':
      return { status: 408, message: 'The operation was timeout.', details: { type: 'timeout', code: 'Timeout' } };
    case 'auth':
      return {
        status: 401,
        message:
          'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for ' +
          'an active subscription and use a correct regional API endpoint for your resource.',
        details: { type: 'authentication_error', code: '401' },
      };
    case 'context_length':
      return {
        status: 400,
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens. " +
          'Please reduce the length of the messages.',
        details: { type: 'invalid_request_error', code: 'context_length_exceeded', param: 'messages' },
      };
    case 'content_filter':
      return {
        status: 400,
        message:
          "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please " +
          'modify your prompt and retry.',
        details: { type: 'invalid_request_error', code: 'content_filter' },
      };
    case 'bad_request':
      return {
        status: 400,
        message: 'The request is invalid.',
        details: { type: 'invalid_request_error', code: 'BadRequest' },
      };
    case 'unknown':
      return {
        status: 500,
        message: 'An unknown error occurred.',
        details: { type: 'server_error', code: 'InternalServerError', retry: false },
      };
  }
}
