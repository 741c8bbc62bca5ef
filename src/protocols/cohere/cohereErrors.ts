import { z } from 'zod';
import type { FailureTable } from '../failures.js';

/** Cohere's error body: `{ id, message }`, its words alone (the HTTP status says the rest). */
export const cohereError = z.object({ id: z.string().nullish(), message: z.string() });

export type CohereError = z.input<typeof cohereError>;

/** Cohere's error body for `message`, under the request's id. */
export function cohereErrorBody(message: string, id: string): CohereError {
  return { id, message };
}

/**
 * Cohere's answer per failure kind. Its errors carry no type, so each row's `type` is empty and a kind is told by its
 * status and words: a context overflow, a blocked output and a bad request are all 400s. A real 500 says "internal
 * server error", a server failure worth a retry, so `unknown` has words of its own.
 */
export const cohereFailures: FailureTable = {
  rate_limit: {
    status: 429,
    type: '',
    message: 'You are using a Trial key, which is limited to 10 API calls / minute. Please try again later.',
  },
  server: { status: 503, type: '', message: 'service unavailable, please try again later' },
  timeout: { status: 504, type: '', message: 'the request timed out, please try again later' },
  auth: { status: 401, type: '', message: 'invalid api token' },
  context_length: {
    status: 400,
    type: '',
    message: 'too many tokens: total number of tokens in the prompt cannot exceed 128000 - received 130000.',
  },
  content_filter: {
    status: 400,
    type: '',
    message: 'blocked output: please adjust your prompt and try again, as this request may violate our usage policy',
  },
  bad_request: { status: 400, type: '', message: 'invalid request: the request could not be read' },
  unknown: { status: 500, type: '', message: 'an unknown error occurred' },
};
