import { z } from 'zod';
import type { FailureTable } from '../failures.js';

/** Anthropic's error body: `{ type: 'error', error: { type, message }, request_id }`. */
export const anthropicError = z.object({
  type: z.literal('error'),
  // `details` carries what clients read beside the type (`{ error_code: 'thread_unsupported_request' }`).
  error: z.object({ type: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
  request_id: z.string().nullish(),
});

/** Anthropic's error body for `message`. */
export function anthropicErrorBody(
  message: string,
  type: string,
  requestId: string,
  details?: Readonly<Record<string, unknown>>,
): z.input<typeof anthropicError> {
  return {
    type: 'error',
    error: { type, message, ...(details === undefined ? {} : { details }) },
    request_id: requestId,
  };
}

/** Anthropic's answer to each failure kind, in its words: its errors carry a type and no code. */
export const anthropicFailures: FailureTable = {
  rate_limit: { status: 429, type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit.' },
  server: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
  timeout: { status: 504, type: 'timeout_error', message: 'Request timed out.' },
  auth: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
  context_length: {
    status: 400,
    type: 'invalid_request_error',
    message: 'prompt is too long: 210000 tokens > 200000 maximum',
  },
  content_filter: {
    status: 400,
    type: 'invalid_request_error',
    message: 'The request was rejected by the content filter.',
  },
  bad_request: { status: 400, type: 'invalid_request_error', message: 'The request is invalid.' },
  unknown: { status: 500, type: 'api_error', message: 'An unknown error occurred.' },
};
