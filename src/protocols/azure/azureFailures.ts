import type { FailureTable } from '../failures.js';

/** Azure OpenAI's answer to each failure kind, in its words: its codes are its own (`429`, `InternalServerError`). */
export const azureFailures: FailureTable = {
  rate_limit: {
    status: 429,
    type: 'requests',
    code: '429',
    message:
      'Requests to the ChatCompletions_Create Operation have exceeded call rate limit of your current OpenAI S0 ' +
      'pricing tier. Please retry after {seconds} second{s}.',
  },
  server: {
    status: 500,
    type: 'server_error',
    code: 'InternalServerError',
    message: 'The server had an error while processing your request.',
  },
  timeout: { status: 408, type: 'timeout', code: 'Timeout', message: 'The operation was timeout.' },
  auth: {
    status: 401,
    type: 'authentication_error',
    code: '401',
    message:
      'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for ' +
      'an active subscription and use a correct regional API endpoint for your resource.',
  },
  context_length: {
    status: 400,
    type: 'invalid_request_error',
    code: 'context_length_exceeded',
    param: 'messages',
    message:
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens. " +
      'Please reduce the length of the messages.',
  },
  content_filter: {
    status: 400,
    type: 'invalid_request_error',
    code: 'content_filter',
    message:
      "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please " +
      'modify your prompt and retry.',
  },
  bad_request: { status: 400, type: 'invalid_request_error', code: 'BadRequest', message: 'The request is invalid.' },
  unknown: { status: 500, type: 'server_error', code: 'InternalServerError', message: 'An unknown error occurred.' },
};
