import {
  typesafeErrorBody,
  typesafeFailures,
  validationErrorBody,
} from '../../../protocols/typesafe/typesafeErrors.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { typesafeRefusal } from './typesafeRefusal.js';
import { typesafeSystemone } from './typesafeSystemone.js';

/** TypeSafe's System One classifier; its errors are FastAPI's `{ detail }`, a refused field's a 422 validation list. */
export const typesafe: Dialect = {
  name: 'typesafe',
  routes: [{ method: 'POST', path: '/v1/systemone', handle: typesafeSystemone }],
  failures: typesafeFailures,
  internalType: 'server_error',
  errorBody: (message, details, _requestId, status) =>
    status === 422 && details.param !== undefined
      ? validationErrorBody(
          details.param.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)),
          details.type,
          message,
        )
      : typesafeErrorBody(message, details.code ?? details.type),
  headers: (requestId) => ({ 'x-request-id': requestId, 'request-id': requestId, 'x-typesafe-request-id': requestId }),
  notFound: (model, fix) =>
    new WireError('W0003', 404, `Unknown model alias \`${model}\`. ${fix}`, {
      type: 'model_not_found',
      retry: false,
    }),
  refused: typesafeRefusal,
};
