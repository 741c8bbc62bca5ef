import { z } from 'zod';
import type { FailureTable } from '../failures.js';

/** OpenAI's error body: `{ error: { message, type, param, code } }`, as its API and compatible servers send it. */
export const openaiError = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().nullish(),
    param: z.string().nullish(),
    code: z.union([z.string(), z.number()]).nullish(),
  }),
});

/** What an OpenAI error says beside its message. */
export interface OpenAIErrorTags {
  readonly type: string;
  readonly code?: string | undefined;
  readonly param?: string | undefined;
}

/** OpenAI's error body for `message`. */
export function openaiErrorBody(message: string, tags: OpenAIErrorTags): z.input<typeof openaiError> {
  return { error: { message, type: tags.type, param: tags.param ?? null, code: tags.code ?? null } };
}

/** OpenAI's answer to each failure kind, in its words. */
export const openaiFailures: FailureTable = {
  rate_limit: {
    status: 429,
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached for requests. Please try again later.',
  },
  server: {
    status: 500,
    type: 'server_error',
    code: 'server_error',
    message: 'The server had an error while processing your request.',
  },
  timeout: { status: 408, type: 'timeout_error', code: 'timeout', message: 'Request timed out.' },
  auth: { status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
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
    message: 'The request was rejected by the content filter.',
  },
  bad_request: {
    status: 400,
    type: 'invalid_request_error',
    code: 'invalid_request',
    message: 'The request is invalid.',
  },
  unknown: { status: 500, type: 'server_error', message: 'An unknown error occurred.' },
};
