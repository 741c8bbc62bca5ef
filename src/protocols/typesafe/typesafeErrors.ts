import { z } from 'zod';
import type { FailureTable } from '../failures.js';

/** FastAPI's `{ detail }`: a text, `{ message, error_type }`, or a 422's validation list. */
export const typesafeError = z.object({
  detail: z.union([
    z.string(),
    z.object({ message: z.string(), error_type: z.string().optional() }),
    z.array(z.object({ type: z.string(), loc: z.array(z.union([z.string(), z.number()])), msg: z.string() }).loose()),
  ]),
});

export type TypesafeError = z.input<typeof typesafeError>;

/** TypeSafe's error body for `message`, its `error_type` named when there is one. */
export function typesafeErrorBody(message: string, errorType?: string): TypesafeError {
  return { detail: errorType === undefined ? { message } : { message, error_type: errorType } };
}

/** FastAPI's 422 body for one field of the request body that fails a check: where (`loc`), why (`type`), its words. */
export function validationErrorBody(loc: readonly (string | number)[], type: string, msg: string): TypesafeError {
  return { detail: [{ type, loc: ['body', ...loc], msg }] };
}

/** TypeSafe's answer to each failure kind: its `error_type` and its words (529 when it is overloaded). */
export const typesafeFailures: FailureTable = {
  rate_limit: {
    status: 429,
    type: 'rate_limited',
    message: 'Too many requests. Try again in {seconds} second{s}.',
  },
  server: { status: 529, type: 'overloaded', message: 'TypeSafe is temporarily overloaded. Try again shortly.' },
  timeout: { status: 504, type: 'timeout_error', message: 'The model did not answer in time.' },
  auth: { status: 401, type: 'invalid_api_key', message: 'Invalid API key.' },
  context_length: {
    status: 400,
    type: 'max_tokens_exceeded',
    message: 'The state is longer than the model can read.',
  },
  content_filter: { status: 400, type: 'content_filter', message: 'The state was refused by the content filter.' },
  bad_request: { status: 400, type: 'invalid_request', message: 'The request is invalid.' },
  unknown: { status: 500, type: 'internal_error', message: 'An unknown error occurred.' },
};
