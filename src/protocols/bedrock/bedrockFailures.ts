import type { FailureTable } from '../failures.js';

/** Bedrock's answer to each failure kind, in its words, its AWS shape named in `x-amzn-errortype`. */
export const bedrockFailures: FailureTable = {
  rate_limit: {
    status: 429,
    type: 'ThrottlingException',
    message: 'Too many requests, please wait before trying again.',
  },
  server: { status: 503, type: 'ServiceUnavailableException', message: 'Bedrock is unable to process your request.' },
  timeout: {
    status: 408,
    type: 'ModelTimeoutException',
    message: 'Model has timed out in processing the request. Try your request again.',
  },
  auth: {
    status: 403,
    type: 'AccessDeniedException',
    message: "You don't have access to the model with the specified model ID.",
  },
  context_length: { status: 400, type: 'ValidationException', message: 'Input is too long for requested model.' },
  content_filter: { status: 400, type: 'ValidationException', message: 'The request was blocked by a content filter.' },
  bad_request: { status: 400, type: 'ValidationException', message: 'The request is invalid.' },
  unknown: { status: 500, type: 'InternalServerException', message: 'An internal server error occurred.' },
};
