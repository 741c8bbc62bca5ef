import { bedrockErrorBody, ERROR_TYPE_HEADER } from '../../../protocols/bedrock/bedrockErrors.js';
import { bedrockFailures } from '../../../protocols/bedrock/bedrockFailures.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { bedrockConverse, bedrockConverseStream } from './bedrockConverse.js';
import { bedrockRefusal } from './bedrockRefusal.js';

/** The AWS shape of each status Bedrock answers, for an error that names none. */
const awsTypes: Readonly<Record<number, string>> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  424: 'ModelErrorException',
  429: 'ThrottlingException',
  503: 'ServiceUnavailableException',
};

/** Bedrock's Converse and ConverseStream: request id in `x-amzn-requestid`, an error's shape in `x-amzn-errortype`. */
export const bedrock: Dialect = {
  name: 'bedrock',
  routes: [
    { method: 'POST', path: /^\/model\/(?<modelId>[^/]+)\/converse$/, handle: bedrockConverse },
    { method: 'POST', path: /^\/model\/(?<modelId>[^/]+)\/converse-stream$/, handle: bedrockConverseStream },
  ],
  failures: bedrockFailures,
  internalType: 'InternalServerException',
  errorBody: (message) => bedrockErrorBody(message),
  headers: (requestId, error) => {
    const headers: Record<string, string> = { 'x-amzn-requestid': requestId };
    if (error === undefined) return headers;
    const type = error.details.type.endsWith('Exception')
      ? error.details.type
      : (awsTypes[error.status] ?? (error.status >= 500 ? 'InternalServerException' : 'ValidationException'));
    return { ...headers, [ERROR_TYPE_HEADER]: type };
  },
  notFound: (model, fix) =>
    new WireError(
      'W0003',
      404,
      `Could not resolve the foundation model from the model identifier \`${model}\`. ${fix}`,
      {
        type: 'ResourceNotFoundException',
        retry: false,
      },
    ),
  refused: bedrockRefusal,
};
