import { writeModelList } from '../../../protocols/openai/models.js';
import { sendJsonText } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';

/** `GET /v1/models`: the model ids scripted in the request's scope, as OpenAI's model list. */
export async function openaiModels(context: WireContext): Promise<void> {
  const list = writeModelList(context.models(), 'standin');
  sendJsonText(context.response, 200, list, context.dialect.headers(context.responseId));
}
