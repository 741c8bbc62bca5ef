import type { FailureTable } from '../failures.js';
import { openaiFailures } from '../openai/openaiErrors.js';

/** The Decisions API's answer to each failure kind: OpenAI's, its context limit said of the input. */
export const decisionsFailures: FailureTable = {
  ...openaiFailures,
  context_length: {
    status: 400,
    type: 'invalid_request_error',
    code: 'context_length_exceeded',
    param: 'input',
    message:
      "This model's maximum context length is 128000 tokens. However, your input resulted in 130000 tokens. " +
      'Please reduce the length of the input.',
  },
};
