import type { FailureTable } from '../failures.js';
import type { ollamaError } from './ollamaShapes.js';
import type { z } from 'zod';

/** Ollama's errors carry no type: only their status and their words tell them apart. */
const NO_TYPE = '';

/**
 * Ollama's answer per failure kind, in its server's words where it has them: a full queue's 503, a runner that did not
 * start in time (500, a timeout), an input past the context (400). Ollama has no content filter; its row is a 400 of
 * words of its own, so the adapter reads it back.
 */
export const ollamaFailures: FailureTable = {
  rate_limit: { status: 429, type: NO_TYPE, message: 'too many requests, retry after {seconds} second{s}' },
  server: { status: 503, type: NO_TYPE, message: 'server busy, please try again.  maximum pending requests exceeded' },
  timeout: { status: 500, type: NO_TYPE, message: 'timed out waiting for llama runner to start' },
  auth: { status: 401, type: NO_TYPE, message: 'unauthorized' },
  context_length: { status: 400, type: NO_TYPE, message: 'the input length exceeds the context length' },
  content_filter: { status: 400, type: NO_TYPE, message: 'the request was refused by the content filter' },
  bad_request: { status: 400, type: NO_TYPE, message: 'invalid request' },
  unknown: { status: 500, type: NO_TYPE, message: 'an unknown error occurred' },
};

/** Ollama's error body: `{ "error": "..." }`, a status's and a stream line's alike. */
export function ollamaErrorBody(message: string): z.input<typeof ollamaError> {
  return { error: message };
}
