import { COUNT_METHOD } from '../../../protocols/gemini/countTokens.js';
import { geminiErrorBody, rpcStatus } from '../../../protocols/gemini/geminiErrors.js';
import { geminiFailures } from '../../../protocols/gemini/geminiFailures.js';
import { WireError } from '../../WireError.js';
import type { Dialect, Route } from '../Dialect.js';
import { geminiCountTokens } from './geminiCountTokens.js';
import { geminiEmbed } from './geminiEmbed.js';
import { geminiGenerate } from './geminiGenerate.js';
import { geminiPredict } from './geminiPredict.js';
import { geminiRefusal } from './geminiRefusal.js';

const method = (name: string, handle: Route['handle']): Route => ({
  method: 'POST',
  path: new RegExp(`^/(?:v1|v1beta|v1alpha)/models/(?<model>[^/:]+):${name}$`),
  handle,
});

/** Google's Gemini API: generate (whole and streamed), embed (one and a batch), an Imagen model's predict, and counting tokens. */
export const gemini: Dialect = {
  name: 'gemini',
  routes: [
    method('generateContent', (context) => geminiGenerate(context, false)),
    method('streamGenerateContent', (context) => geminiGenerate(context, true)),
    method('embedContent', (context) => geminiEmbed(context, false)),
    method('batchEmbedContents', (context) => geminiEmbed(context, true)),
    method('predict', geminiPredict),
    method(COUNT_METHOD, geminiCountTokens),
  ],
  failures: geminiFailures,
  internalType: 'INTERNAL',
  errorBody: (message, details, _requestId, status) => {
    const seconds = Number(details.headers?.['retry-after']);
    return geminiErrorBody(status, rpcStatus(status, details.type), message, {
      field: status === 400 ? details.param : undefined,
      retrySeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
    });
  },
  headers: (requestId) => ({ 'x-request-id': requestId, 'request-id': requestId }),
  notFound: (model, fix) =>
    new WireError(
      'W0003',
      404,
      `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ` +
        `ListModels to see the list of available models and their supported methods. ${fix}`,
      { type: 'NOT_FOUND', retry: false },
    ),
  refused: geminiRefusal,
};
