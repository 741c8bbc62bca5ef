import type { FailureTable } from '../failures.js';

const INVALID = 'INVALID_ARGUMENT';

/**
 * Gemini's answer per failure kind. A real 500 `INTERNAL` says "An internal error has occurred", a server failure worth
 * a retry, so `unknown` has words of its own.
 */
export const geminiFailures: FailureTable = {
  rate_limit: { status: 429, type: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  server: { status: 503, type: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
  timeout: { status: 504, type: 'DEADLINE_EXCEEDED', message: 'Deadline expired before operation could complete.' },
  auth: { status: 400, type: INVALID, message: 'API key not valid. Please pass a valid API key.' },
  context_length: {
    status: 400,
    type: INVALID,
    message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
  },
  content_filter: { status: 400, type: INVALID, message: 'The request was blocked by the safety filters.' },
  bad_request: { status: 400, type: INVALID, message: 'Request contains an invalid argument.' },
  unknown: { status: 500, type: 'INTERNAL', message: 'An unknown error occurred.' },
};
