import { decisionsFailures } from '../../../protocols/decisions/decisionsFailures.js';
import { openaiErrorBody } from '../../../protocols/openai/openaiErrors.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { openaiRefusal } from '../openai/openaiRefusal.js';
import { openaiDecisions } from './openaiDecisions.js';

/** The Decisions API: OpenAI's errors, in its words, on a path of its own. */
export const decisions: Dialect = {
  name: 'decisions',
  routes: [{ method: 'POST', path: '/v1/decisions', handle: openaiDecisions }],
  failures: decisionsFailures,
  internalType: 'server_error',
  errorBody: (message, details) => openaiErrorBody(message, details),
  headers: (requestId) => ({ 'x-request-id': requestId, 'request-id': requestId }),
  notFound: (model, fix) =>
    new WireError('W0003', 404, `The model \`${model}\` does not exist or you do not have access to it. ${fix}`, {
      type: 'invalid_request_error',
      code: 'model_not_found',
      param: 'model',
      retry: false,
    }),
  refused: openaiRefusal,
};
