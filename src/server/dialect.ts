import { azureErrorBody } from './azureErrors.js';
import type { WireErrorDetails } from './WireError.js';

/** The error body styles the server answers in: one per provider family. */
export type Dialect = 'openai' | 'anthropic' | 'systemone' | 'azure';

/**
 * The provider's own error body: OpenAI's `{ error: { message, type, param, code } }`,
 * Anthropic's `{ type: 'error', error: { type, message }, request_id }`, TypeSafe's `{ detail }`, Azure
 * OpenAI's `{ error: { code, message, ... } }`.
 *
 * @example
 * ```ts
 * errorBody('openai', 'No such model.', { type: 'invalid_request_error', code: 'model_not_found', param: 'model' }, 'req_1');
 * ```
 */
export function errorBody(dialect: Dialect, message: string, details: WireErrorDetails, requestId: string): unknown {
  if (dialect === 'anthropic') return { type: 'error', error: { type: details.type, message }, request_id: requestId };
  if (dialect === 'systemone') return { detail: { message, error_type: details.code ?? details.type } };
  if (dialect === 'azure') return azureErrorBody(message, details);
  return { error: { message, type: details.type, param: details.param ?? null, code: details.code ?? null } };
}
