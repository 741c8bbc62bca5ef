import { sendJson } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';

/**
 * `GET /v1/models`: the model ids scripted in the request's scope, as OpenAI's model list.
 *
 * @example
 * ```ts
 * await openaiModels(context);
 * ```
 */
export async function openaiModels(context: WireContext): Promise<void> {
  const data = context.models().map((id) => ({ id, object: 'model', created: 0, owned_by: 'standin' }));
  sendJson(context.response, 200, { object: 'list', data }, { 'x-request-id': context.responseId });
}
