import { bedrockFailures } from '../../../protocols/bedrock/bedrockFailures.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { plainRefusal } from '../plainRefusal.js';
import { bedrockConverse, bedrockConverseStream } from './bedrockConverse.js';

/** The AWS shape of each status Bedrock answers, for an error that names none. */
const awsTypes: Readonly<Record<number, string>> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  429: 'ThrottlingException',
  503: 'ServiceUnavailableException',
};

/** Amazon Bedrock's Converse and ConverseStream; an error's AWS shape goes in `x-amzn-errortype`. */
export const bedrock: Dialect = {
  name: 'bedrock',
  routes: [
    { method: 'POST', path: /^\/model\/(?<modelId>[^/]+)\/converse$/, handle: bedrockConverse },
    { method: 'POST', path: /^\/model\/(?<modelId>[^/]+)\/converse-stream$/, handle: bedrockConverseStream },
  ],
  failures: bedrockFailures,
  internalType: 'InternalServerException',
  errorBody: (message) => ({ message }),
  headers: (requestId, error) => {
    const headers: Record<string, string> = { 'x-request-id': requestId, 'request-id': requestId };
    if (error === undefined) return headers;
    const type = error.details.type.endsWith('Exception')
      ? error.details.type
      : (awsTypes[error.status] ?? (error.status >= 500 ? 'InternalServerException' : 'ValidationException'));
    return { ...headers, 'x-amzn-errortype': type, 'x-amzn-requestid': requestId };
  },
  notFound: (model, fix) =>
    new WireError('W0003', 404, `The model \`${model}\` does not exist or you do not have access to it. ${fix}`, {
      type: 'ResourceNotFoundException',
      retry: false,
    }),
  refused: plainRefusal,
};
