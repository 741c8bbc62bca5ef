import { sendJson } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';

/** The Ollama version the wire server answers as: one whose API has tool calls, `format` schemas and `/api/embed`. */
export const OLLAMA_VERSION = '0.12.6';

/** `GET /api/tags`: the model ids scripted in the request's scope, as Ollama lists the models it has. */
export async function ollamaTags(context: WireContext): Promise<void> {
  const models = context.models().map((name) => ({
    name,
    model: name,
    modified_at: '1970-01-01T00:00:00Z',
    size: 0,
    digest: '',
    details: {
      format: 'standin',
      family: 'standin',
      families: ['standin'],
      parameter_size: '',
      quantization_level: '',
    },
  }));
  sendJson(context.response, 200, { models }, { 'x-request-id': context.responseId });
}

/** `GET /api/version`. */
export async function ollamaVersion(context: WireContext): Promise<void> {
  sendJson(context.response, 200, { version: OLLAMA_VERSION }, { 'x-request-id': context.responseId });
}
