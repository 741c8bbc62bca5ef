import { openaiErrorBody, openaiFailures } from '../../../protocols/openai/openaiErrors.js';
import { WireError } from '../../WireError.js';
import type { Dialect } from '../Dialect.js';
import { openaiTranscription, openaiSpeech } from './openaiAudio.js';
import { openaiChat } from './openaiChat.js';
import { openaiEmbeddings } from './openaiEmbeddings.js';
import { openaiImages } from './openaiImages.js';
import { openaiModels } from './openaiModels.js';
import { openaiRefusal } from './openaiRefusal.js';
import { openaiRerank } from './openaiRerank.js';
import { openaiResponses } from './openaiResponses.js';

/**
 * OpenAI's API: chat completions, responses, embeddings, audio, images and the model list, under `/v1`; and the
 * Jina/Cohere `/v1/rerank` OpenAI-compatible servers add beside them.
 */
export const openai: Dialect = {
  name: 'openai',
  routes: [
    { method: 'POST', path: '/v1/chat/completions', handle: openaiChat },
    { method: 'POST', path: '/v1/responses', handle: openaiResponses },
    { method: 'POST', path: '/v1/embeddings', handle: openaiEmbeddings },
    { method: 'POST', path: '/v1/audio/transcriptions', handle: openaiTranscription },
    { method: 'POST', path: '/v1/audio/speech', handle: openaiSpeech },
    { method: 'POST', path: '/v1/images/generations', handle: openaiImages },
    { method: 'POST', path: '/v1/rerank', handle: openaiRerank },
    { method: 'GET', path: '/v1/models', handle: openaiModels },
  ],
  failures: openaiFailures,
  internalType: 'server_error',
  errorBody: (message, details) => openaiErrorBody(message, details),
  headers: (requestId) => ({ 'x-request-id': requestId, 'request-id': requestId }),
  notFound: (model, fix) =>
    new WireError('W0003', 404, `The model \`${model}\` does not exist or you do not have access to it. ${fix}`, {
      type: 'invalid_request_error',
      code: 'model_not_found',
      param: 'model',
      retry: false,
    }),
  refused: openaiRefusal,
};
