import type { Dialect } from './dialect.js';
import { anthropicMessages } from './anthropicMessages.js';
import { openaiChat } from './openaiChat.js';
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
  ['/v1/messages', { method: 'POST', dialect: 'anthropic', handle: anthropicMessages }],
]);
