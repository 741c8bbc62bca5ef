import type { FailureTable } from '../failures.js';
import { openaiFailures } from '../openai/openaiErrors.js';

/** TypeSafe's answer to each failure kind: OpenAI's words, and its own for a state too long to read. */
export const typesafeFailures: FailureTable = {
  ...openaiFailures,
  context_length: {
    status: 400,
    type: 'invalid_request_error',
    code: 'max_tokens_exceeded',
    message: 'The state is longer than the model can read.',
  },
};
