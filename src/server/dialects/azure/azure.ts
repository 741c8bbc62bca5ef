import { azureFailures } from '../../../protocols/azure/azureFailures.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { openaiChat } from '../openai/openaiChat.js';
import { openaiEmbeddings } from '../openai/openaiEmbeddings.js';
import { openaiRefusal } from '../openai/openaiRefusal.js';
import { openaiResponses } from '../openai/openaiResponses.js';
import { azureErrorBody } from './azureErrors.js';

const at = (path: string): RegExp => new RegExp(`^/openai/deployments/(?<deployment>[^/]+)/${path}$`);

/** Azure OpenAI: OpenAI's chat, responses and embeddings on a deployment's paths, with Azure's errors. */
export const azure: Dialect = {
  name: 'azure',
  routes: [
    { method: 'POST', path: at('chat/completions'), handle: openaiChat },
    { method: 'POST', path: at('responses'), handle: openaiResponses },
    { method: 'POST', path: at('embeddings'), handle: openaiEmbeddings },
  ],
  failures: azureFailures,
  mistakeType: 'server_error',
  errorBody: (message, details) => azureErrorBody(message, details),
  headers: (requestId) => ({ 'x-request-id': requestId, 'request-id': requestId }),
  notFound: (model, fix) =>
    new WireError('W0003', 404, `The API deployment \`${model}\` for this resource does not exist. ${fix}`, {
      type: 'invalid_request_error',
      code: 'DeploymentNotFound',
      retry: false,
    }),
  refused: openaiRefusal,
};
