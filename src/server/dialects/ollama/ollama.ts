import { ollamaErrorBody, ollamaFailures } from '../../../protocols/ollama/ollamaFailures.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { ollamaEmbed } from './ollamaEmbed.js';
import { ollamaTags, ollamaVersion } from './ollamaModels.js';
import { ollamaRefusal } from './ollamaRefusal.js';
import { ollamaReply } from './ollamaReply.js';

/**
 * Ollama's native API: chat and generate (streamed as NDJSON by default, or whole), embed, and the model list and
 * version its client asks for. Its errors are `{ "error": "..." }`.
 */
export const ollama: Dialect = {
  name: 'ollama',
  routes: [
    { method: 'POST', path: '/api/chat', handle: (context) => ollamaReply(context, 'chat') },
    { method: 'POST', path: '/api/generate', handle: (context) => ollamaReply(context, 'generate') },
    { method: 'POST', path: '/api/embed', handle: ollamaEmbed },
    { method: 'GET', path: '/api/tags', handle: ollamaTags },
    { method: 'GET', path: '/api/version', handle: ollamaVersion },
  ],
  failures: ollamaFailures,
  internalType: '',
  errorBody: (message) => ollamaErrorBody(message),
  headers: (requestId) => ({ 'x-request-id': requestId }),
  notFound: (model, fix) =>
    new WireError('W0003', 404, `model "${model}" not found, try pulling it first. ${fix}`, { type: '', retry: false }),
  refused: ollamaRefusal,
};
