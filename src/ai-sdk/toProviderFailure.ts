import { APICallError, AISDKError } from '@ai-sdk/provider';
import { ProviderFailure } from '../errors/ProviderFailure.js';
import { failureKind } from '../services/providers/http/failureKind.js';
import { redact } from '../services/providers/http/redact.js';
import { retryAfterMs } from '../services/providers/http/retryAfter.js';

/**
 * What standin's engine sees of an error from an AI SDK model. An `APICallError` becomes a
 * `ProviderFailure` whose kind comes from its status code and message as for standin's own
 * adapters (429 `rate_limit`, 5xx `server`, 401 `auth`, ...; no status is `network` when the AI
 * SDK marked it retryable, `unknown` otherwise), with `retryAfterMs` from its `retry-after-ms`
 * or `retry-after` header; a missing API key (`LoadAPIKeyError`) is `auth`. The AI SDK error is
 * not kept as the cause, since it holds the request body and headers, and each of `secrets` (the
 * API keys in play) is taken out of the message. Anything else (an abort, a `StandinError`) is
 * answered as it is.
 *
 * @example
 * ```ts
 * toProviderFailure(new APICallError({ message: 'Too many requests', url, requestBodyValues: {}, statusCode: 429 }), 'gemini', Date.now()).kind; // 'rate_limit'
 * ```
 */
export function toProviderFailure(error: unknown, provider: string, now: number, secrets: readonly (string | undefined)[] = []): unknown {
  const clean = (message: string): string => secrets.reduce<string>((text, secret) => redact(text, secret), `${provider}: ${message}`);
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const kind = status !== undefined ? failureKind(status, { message: error.message }) : error.isRetryable ? 'network' : 'unknown';
    const wait = error.responseHeaders !== undefined ? retryAfterMs(new Headers(error.responseHeaders), now) : undefined;
    return new ProviderFailure(kind, clean(error.message), { status, retryAfterMs: wait, provider });
  }
  if (AISDKError.isInstance(error) && error.name === 'AI_LoadAPIKeyError') {
    return new ProviderFailure('auth', clean(error.message), { provider });
  }
  return error;
}
