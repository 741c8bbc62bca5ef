import { geminiStatus } from './geminiStatus.js';
import type { WireErrorDetails } from './WireError.js';

/** The error body styles the server answers in: one per provider family. */
export type Dialect = 'openai' | 'anthropic' | 'systemone' | 'gemini';

/**
 * The provider's own error body: OpenAI's `{ error: { message, type, param, code } }`,
 * Anthropic's `{ type: 'error', error: { type, message }, request_id }`, TypeSafe's `{ detail }`,
 * Gemini's `{ error: { code, message, status } }` (`code` the HTTP status, `status` Google's RPC status).
 *
 * @example
 * ```ts
 * errorBody('openai', 'No such model.', { type: 'invalid_request_error', code: 'model_not_found', param: 'model' }, 'req_1');
 * ```
 */
export function errorBody(
  dialect: Dialect,
  message: string,
  details: WireErrorDetails,
  requestId: string,
  status = 500,
): unknown {
  if (dialect === 'gemini') return { error: { code: status, message, status: geminiStatus(status, details.type) } };
  if (dialect === 'anthropic') return { type: 'error', error: { type: details.type, message }, request_id: requestId };
  if (dialect === 'systemone') return { detail: { message, error_type: details.code ?? details.type } };
  return { error: { message, type: details.type, param: details.param ?? null, code: details.code ?? null } };
}
