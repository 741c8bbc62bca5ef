import { openaiRefusal } from '../openai/openaiRefusal.js';
import { typesafeFailures } from '../../../protocols/typesafe/typesafeFailures.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { typesafeSystemone } from './typesafeSystemone.js';

/** TypeSafe's System One classifier; its errors are FastAPI's `{ detail }`. */
export const typesafe: Dialect = {
  name: 'typesafe',
  routes: [{ method: 'POST', path: '/v1/systemone', handle: typesafeSystemone }],
  failures: typesafeFailures,
  internalType: 'server_error',
  errorBody: (message, details) => ({ detail: { message, error_type: details.code ?? details.type } }),
  headers: (requestId) => ({ 'x-request-id': requestId, 'request-id': requestId, 'x-typesafe-request-id': requestId }),
  notFound: (model, fix) =>
    new WireError('W0003', 404, `The model \`${model}\` does not exist. ${fix}`, {
      type: 'invalid_request_error',
      code: 'model_not_found',
      retry: false,
    }),
  refused: openaiRefusal,
};
