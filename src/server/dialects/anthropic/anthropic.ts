import { anthropicErrorBody, anthropicFailures } from '../../../protocols/anthropic/anthropicErrors.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { anthropicCountTokens } from './anthropicCountTokens.js';
import { anthropicMessages } from './anthropicMessages.js';
import { anthropicRefusal } from './anthropicRefusal.js';

/** Anthropic's Messages API. */
export const anthropic: Dialect = {
  name: 'anthropic',
  routes: [
    { method: 'POST', path: '/v1/messages', handle: anthropicMessages },
    { method: 'POST', path: '/v1/messages/count_tokens', handle: anthropicCountTokens },
  ],
  failures: anthropicFailures,
  internalType: 'api_error',
  // Anthropic gives every 413 a type of its own, where OpenAI gives a code beside `invalid_request_error`.
  errorBody: (message, details, requestId, status) =>
    anthropicErrorBody(message, status === 413 ? 'request_too_large' : details.type, requestId, details.errorDetails),
  headers: (requestId) => ({ 'x-request-id': requestId, 'request-id': requestId }),
  notFound: (model, fix) =>
    new WireError('W0003', 404, `model: ${model}. ${fix}`, { type: 'not_found_error', retry: false }),
  refused: anthropicRefusal,
};
