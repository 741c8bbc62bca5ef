import type { FailureTable } from '../failures.js';

/**
 * OpenRouter's answer to each failure kind, in its words. Its bodies carry no error type: `type` names the row for the
 * wire dialect alone (`moderation` asks for a moderation verdict's metadata, `provider` for the upstream's name).
 */
export const openrouterFailures: FailureTable = {
  rate_limit: {
    status: 429,
    type: 'rate_limit',
    message: 'Rate limit exceeded: limit_rpm/openrouter. Please retry after {seconds} second{s}.',
  },
  server: { status: 502, type: 'provider', message: 'Provider returned error' },
  timeout: { status: 408, type: 'timeout', message: 'Request timed out' },
  auth: { status: 401, type: 'auth', message: 'No auth credentials found' },
  context_length: {
    status: 400,
    type: 'invalid_request',
    message:
      "This endpoint's maximum context length is 128000 tokens. However, you requested about 130000 tokens. " +
      'Please reduce the length of either one, or use the "middle-out" transform to compress your prompt ' +
      'automatically.',
  },
  content_filter: {
    status: 403,
    type: 'moderation',
    message: 'Your chosen model requires moderation and your input was flagged for "harassment".',
  },
  bad_request: { status: 400, type: 'invalid_request', message: 'Invalid request.' },
  unknown: { status: 500, type: 'internal', message: 'An unknown error occurred.' },
};
