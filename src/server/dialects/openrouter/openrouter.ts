import { openrouterErrorBody } from '../../../protocols/openrouter/openrouterErrors.js';
import { openrouterFailures } from '../../../protocols/openrouter/openrouterFailures.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { openaiRefusal } from '../openai/openaiRefusal.js';
import { openrouterChat, openrouterModels } from './openrouterChat.js';

/** What OpenRouter's errors carry beside the message, by the row's type: a moderation verdict, the upstream's name. */
function metadataOf(type: string, message: string): Readonly<Record<string, unknown>> | undefined {
  if (type === 'moderation')
    return { reasons: ['harassment'], flagged_input: '…', provider_name: 'standin', model_slug: 'standin' };
  if (type === 'provider') return { provider_name: 'standin', raw: message };
  return undefined;
}

/** OpenRouter's API under `/api/v1`: chat completions and the model list, its failures in its own error body. */
export const openrouter: Dialect = {
  name: 'openrouter',
  routes: [
    { method: 'POST', path: '/api/v1/chat/completions', handle: openrouterChat },
    { method: 'GET', path: '/api/v1/models', handle: openrouterModels },
  ],
  failures: openrouterFailures,
  internalType: 'internal',
  errorBody: (message, details, _requestId, status) =>
    openrouterErrorBody(status, message, metadataOf(details.type, message)),
  headers: (requestId) => ({ 'x-request-id': requestId }),
  // OpenRouter answers a model id it does not route to with a 400, not a 404.
  notFound: (model, fix) =>
    new WireError('W0003', 400, `${model} is not a valid model ID. ${fix}`, {
      type: 'invalid_request',
      param: 'model',
      retry: false,
    }),
  refused: openaiRefusal,
};
