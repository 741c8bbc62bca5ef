import { azureErrorBody } from '../../../protocols/azure/azureErrors.js';
import { azureFailures } from '../../../protocols/azure/azureFailures.js';
import { versionRefusal } from '../../../protocols/azure/apiVersion.js';
import { azureFilters } from '../../../protocols/azure/contentFilter.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';
import type { Dialect, Route } from '../Dialect.js';
import { openaiSpeech, openaiTranscription } from '../openai/openaiAudio.js';
import { chatEndpoint } from '../openai/openaiChat.js';
import { openaiEmbeddings } from '../openai/openaiEmbeddings.js';
import { openaiImages } from '../openai/openaiImages.js';
import { openaiModels } from '../openai/openaiModels.js';
import { openaiRefusal } from '../openai/openaiRefusal.js';
import { openaiResponses } from '../openai/openaiResponses.js';

type Handle = (context: WireContext) => Promise<void>;

/** An endpoint that answers only a request whose `api-version` Azure takes on its paths. */
const versioned =
  (handle: Handle, paths: 'deployment' | 'v1'): Handle =>
  (context) => {
    const refusal = versionRefusal(context.query, paths);
    if (refusal === undefined) return handle(context);
    const fix =
      paths === 'v1'
        ? 'The /openai/v1/ paths take no api-version, or v1, preview or latest.'
        : "The deployment paths take ?api-version= with a dated version, such as 2024-10-21 (the openai client's " +
          'AzureOpenAI sends it).';
    throw new WireError(refusal.status === 404 ? 'W0005' : 'W0002', refusal.status, `${refusal.message}. ${fix}`, {
      type: refusal.code,
      code: refusal.code,
      retry: false,
    });
  };

/** The endpoints Azure serves both on a deployment's paths and on the v1 paths (the model in the body). */
const endpoints: readonly (readonly [path: string, handle: Handle])[] = [
  ['chat/completions', chatEndpoint(azureFilters)],
  ['responses', openaiResponses],
  ['embeddings', openaiEmbeddings],
  ['audio/transcriptions', openaiTranscription],
  ['audio/speech', openaiSpeech],
  ['images/generations', openaiImages],
];

const deployment = (path: string): RegExp => new RegExp(`^/openai/deployments/(?<deployment>[^/]+)/${path}$`);

/**
 * Azure OpenAI: OpenAI's endpoints on a deployment's paths and the v1 paths (where `@ai-sdk/azure` goes), with Azure's
 * `api-version` check, errors and content filter.
 */
export const azure: Dialect = {
  name: 'azure',
  routes: [
    ...endpoints.map(([path, handle]): Route => ({
      method: 'POST',
      path: deployment(path),
      handle: versioned(handle, 'deployment'),
    })),
    { method: 'POST', path: '/openai/responses', handle: versioned(openaiResponses, 'deployment') },
    ...endpoints.map(([path, handle]): Route => ({
      method: 'POST',
      path: `/openai/v1/${path}`,
      handle: versioned(handle, 'v1'),
    })),
    { method: 'GET', path: '/openai/v1/models', handle: versioned(openaiModels, 'v1') },
  ],
  failures: azureFailures,
  internalType: 'server_error',
  errorBody: (message, details) =>
    azureErrorBody(message, {
      code: details.code ?? details.type,
      type: details.code !== undefined && details.type !== details.code ? details.type : undefined,
      param: details.param,
    }),
  headers: (requestId) => ({ 'x-request-id': requestId, 'apim-request-id': requestId }),
  notFound: (model, fix) =>
    new WireError('W0003', 404, `The API deployment \`${model}\` for this resource does not exist. ${fix}`, {
      type: 'invalid_request_error',
      code: 'DeploymentNotFound',
      retry: false,
    }),
  refused: openaiRefusal,
};
