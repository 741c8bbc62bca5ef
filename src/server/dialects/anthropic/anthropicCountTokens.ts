import { readMessagesCount, writeInputTokens } from '../../../protocols/anthropic/countTokens.js';
import { capabilities } from '../../../services/capabilities/capabilities.js';
import { engineInput } from '../../engineInput.js';
import { readJson } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';

const places = { tool: (i: number) => `tools.${i}.input_schema`, output: 'output_config.format.schema' };

/**
 * `POST /v1/messages/count_tokens`: reads a Messages request without `max_tokens`, asks the engine to count it (a faked
 * model's estimate, or its script's count) and answers `{ input_tokens }`.
 */
export async function anthropicCountTokens(context: WireContext): Promise<void> {
  const request = readMessagesCount(readJson(context.body));
  const model = context.model(request.model);
  context.record(sentOf(request.model, capabilities.countTokens, [request]));
  const input = engineInput(request, context.schemas, places);
  const tokens = await context.run(() => context.app.countTokens(model, input, context.options));
  sendJsonText(context.response, 200, writeInputTokens(tokens), context.dialect.headers(context.responseId));
}
