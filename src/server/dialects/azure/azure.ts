import { azureFailures } from '../../../protocols/azure/azureFailures.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { openaiSpeech, openaiTranscription } from '../openai/openaiAudio.js';
import { openaiChat } from '../openai/openaiChat.js';
import { openaiEmbeddings } from '../openai/openaiEmbeddings.js';
import { openaiImages } from '../openai/openaiImages.js';
import { openaiModels } from '../openai/openaiModels.js';
import { openaiRefusal } from '../openai/openaiRefusal.js';
import { openaiResponses } from '../openai/openaiResponses.js';
import { azureErrorBody } from './azureErrors.js';

const at = (path: string): RegExp => new RegExp(`^/openai/deployments/(?<deployment>[^/]+)/${path}$`);
const v1 = (path: string): RegExp => new RegExp(`^/openai/v1/${path}$`);

/**
 * Azure OpenAI: OpenAI's endpoints with Azure's errors, on a deployment's paths (the deployment as the
 * model id), at `/openai/responses` (where the `AzureOpenAI` client sends a response), and on the v1
 * API under `/openai/v1/` (where `@ai-sdk/azure`'s default URLs and the OpenAI client with the base URL
 * `…/openai/v1/` go, the deployment as the body's model).
 */
export const azure: Dialect = {
  name: 'azure',
  routes: [
    { method: 'POST', path: at('chat/completions'), handle: openaiChat },
    { method: 'POST', path: at('responses'), handle: openaiResponses },
    { method: 'POST', path: at('embeddings'), handle: openaiEmbeddings },
    { method: 'POST', path: /^\/openai\/responses$/, handle: openaiResponses },
    { method: 'POST', path: v1('chat/completions'), handle: openaiChat },
    { method: 'POST', path: v1('responses'), handle: openaiResponses },
    { method: 'POST', path: v1('embeddings'), handle: openaiEmbeddings },
    { method: 'POST', path: v1('images/generations'), handle: openaiImages },
    { method: 'POST', path: v1('audio/transcriptions'), handle: openaiTranscription },
    { method: 'POST', path: v1('audio/speech'), handle: openaiSpeech },
    { method: 'GET', path: v1('models'), handle: openaiModels },
  ],
  failures: azureFailures,
  internalType: 'server_error',
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
