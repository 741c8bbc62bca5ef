import { readGenerateCount, writeTotalTokens } from '../../../protocols/gemini/countTokens.js';
import { capabilities } from '../../../services/capabilities/capabilities.js';
import { engineInput } from '../../engineInput.js';
import { readJson } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';

const places = {
  tool: (i: number) => `tools[].functionDeclarations[${i}].parametersJsonSchema`,
  output: 'generationConfig.responseJsonSchema',
};

/**
 * `POST /v1beta/models/{model}:countTokens`: reads the contents (bare, or a whole request under
 * `generateContentRequest`), asks the engine to count them (a faked model's estimate, or its script's count) and
 * answers `{ totalTokens }`.
 */
export async function geminiCountTokens(context: WireContext): Promise<void> {
  const id = context.params.model ?? '';
  const request = readGenerateCount(readJson(context.body), id);
  const model = context.model(id);
  context.record(sentOf(id, capabilities.countTokens, [request]));
  const input = engineInput(request, context.schemas, places);
  const tokens = await context.run(() => context.app.countTokens(model, input, context.options));
  sendJsonText(context.response, 200, writeTotalTokens(tokens), { 'x-request-id': context.responseId });
}
