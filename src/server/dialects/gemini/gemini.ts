import { geminiFailures } from '../../../protocols/gemini/geminiFailures.js';
import { WireError } from '../../WireError.js';
import type { Dialect, Route } from '../Dialect.js';
import { plainRefusal } from '../plainRefusal.js';
import { geminiEmbed } from './geminiEmbed.js';
import { geminiGenerate } from './geminiGenerate.js';
import { geminiStatus } from './geminiStatus.js';

const method = (name: string, handle: Route['handle']): Route => ({
  method: 'POST',
  path: new RegExp(`^/(?:v1|v1beta|v1alpha)/models/(?<model>[^/:]+):${name}$`),
  handle,
});

/** Google's Gemini API: generate (whole and streamed) and embed, on the model's path. */
export const gemini: Dialect = {
  name: 'gemini',
  routes: [
    method('generateContent', (context) => geminiGenerate(context, false)),
    method('streamGenerateContent', (context) => geminiGenerate(context, true)),
    method('embedContent', (context) => geminiEmbed(context, false)),
    method('batchEmbedContents', (context) => geminiEmbed(context, true)),
  ],
  failures: geminiFailures,
  internalType: 'INTERNAL',
  errorBody: (message, details, _requestId, status) => ({
    error: { code: status, message, status: geminiStatus(status, details.type) },
  }),
  headers: (requestId) => ({ 'x-request-id': requestId, 'request-id': requestId }),
  notFound: (model, fix) =>
    new WireError('W0003', 404, `models/${model} is not found for API version v1beta. ${fix}`, {
      type: 'NOT_FOUND',
      retry: false,
    }),
  refused: plainRefusal,
};
