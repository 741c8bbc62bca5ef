import type { Dialect } from './dialect.js';
import { anthropicMessages } from './anthropicMessages.js';
import { openaiTranscription, openaiSpeech } from './openaiAudio.js';
import { openaiChat } from './openaiChat.js';
import { openaiDecisions } from './openaiDecisions.js';
import { openaiEmbeddings } from './openaiEmbeddings.js';
import { openaiModels } from './openaiModels.js';
import { openaiResponses } from './openaiResponses.js';
import { typesafeSystemone } from './typesafeSystemone.js';
import type { WireContext } from './WireContext.js';

/** One endpoint: its method, the dialect its errors speak, and its handler. */
export interface Route {
  readonly method: 'GET' | 'POST';
  readonly dialect: Dialect;
  readonly handle: (context: WireContext) => Promise<void>;
}

/**
 * The endpoints the wire server answers, by path.
 *
 * @example
 * ```ts
 * const route = routes.get('/v1/chat/completions');
 * ```
 */
export const routes: ReadonlyMap<string, Route> = new Map<string, Route>([
  ['/v1/chat/completions', { method: 'POST', dialect: 'openai', handle: openaiChat }],
  ['/v1/responses', { method: 'POST', dialect: 'openai', handle: openaiResponses }],
  ['/v1/embeddings', { method: 'POST', dialect: 'openai', handle: openaiEmbeddings }],
  ['/v1/audio/transcriptions', { method: 'POST', dialect: 'openai', handle: openaiTranscription }],
  ['/v1/audio/speech', { method: 'POST', dialect: 'openai', handle: openaiSpeech }],
  ['/v1/models', { method: 'GET', dialect: 'openai', handle: openaiModels }],
  ['/v1/messages', { method: 'POST', dialect: 'anthropic', handle: anthropicMessages }],
  ['/v1/systemone', { method: 'POST', dialect: 'systemone', handle: typesafeSystemone }],
  ['/v1/decisions', { method: 'POST', dialect: 'openai', handle: openaiDecisions }],
]);
