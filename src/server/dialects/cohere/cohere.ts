import { cohereErrorBody, cohereFailures } from '../../../protocols/cohere/cohereErrors.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { cohereChat } from './cohereChat.js';
import { cohereEmbed } from './cohereEmbed.js';
import { cohereRefusal } from './cohereRefusal.js';
import { cohereRerank } from './cohereRerank.js';

/** Cohere's v2 API: chat (whole and streamed), embed and rerank; errors as `{ id, message }`. */
export const cohere: Dialect = {
  name: 'cohere',
  routes: [
    { method: 'POST', path: '/v2/chat', handle: cohereChat },
    { method: 'POST', path: '/v2/embed', handle: cohereEmbed },
    { method: 'POST', path: '/v2/rerank', handle: cohereRerank },
  ],
  failures: cohereFailures,
  internalType: '',
  errorBody: (message, _details, requestId) => cohereErrorBody(message, requestId),
  headers: (requestId) => ({ 'x-request-id': requestId }),
  notFound: (model, fix) =>
    new WireError('W0003', 404, `model '${model}' not found, make sure the correct model ID was used. ${fix}`, {
      type: '',
      retry: false,
    }),
  refused: cohereRefusal,
};
