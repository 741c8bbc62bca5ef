import type { Dialect } from '../Dialect.js';
import { openai } from '../openai/openai.js';
import { openaiDecisions } from './openaiDecisions.js';

/** The decisions classifier API: OpenAI's errors, on a path of its own. */
export const decisions: Dialect = {
  ...openai,
  name: 'decisions',
  routes: [{ method: 'POST', path: '/v1/decisions', handle: openaiDecisions }],
};
