import { COUNT_METHOD } from '../../../protocols/gemini/countTokens.js';
import { methodPattern } from '../../../protocols/vertex/vertexPaths.js';
import { WireError } from '../../WireError.js';
import type { Dialect, Route } from '../Dialect.js';
import { gemini } from '../gemini/gemini.js';
import { geminiCountTokens } from '../gemini/geminiCountTokens.js';
import { geminiEmbed } from '../gemini/geminiEmbed.js';
import { geminiGenerate } from '../gemini/geminiGenerate.js';
import { geminiPredict } from '../gemini/geminiPredict.js';

/** A project's own paths, and express mode's (an API key, no project). */
const method = (name: string, handle: Route['handle']): Route => ({
  method: 'POST',
  path: methodPattern(name),
  handle,
});

/**
 * Gemini on Vertex AI: the Gemini dialect's generate, embed, Imagen predict and countTokens under a project's `publishers/google`
 * paths, answered and refused in the same Google bodies. A bearer token or `x-goog-api-key` names the scope alike.
 */
export const vertex: Dialect = {
  ...gemini,
  name: 'vertex',
  routes: [
    method('generateContent', (context) => geminiGenerate(context, false)),
    method('streamGenerateContent', (context) => geminiGenerate(context, true)),
    method('embedContent', (context) => geminiEmbed(context, false)),
    method('predict', geminiPredict),
    method(COUNT_METHOD, geminiCountTokens),
  ],
  notFound: (model, fix) =>
    new WireError(
      'W0003',
      404,
      `Publisher Model \`publishers/google/models/${model}\` was not found or your project does not have access to ` +
        `it. ${fix}`,
      { type: 'NOT_FOUND', retry: false },
    ),
};
