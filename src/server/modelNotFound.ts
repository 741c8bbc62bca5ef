import type { Dialect } from './dialect.js';
import { WireError } from './WireError.js';

/**
 * The provider's own 404 for a model no script serves, listing the scripted models (`W0003`).
 *
 * @example
 * ```ts
 * throw modelNotFound('openai', 'gpt-5', ['gpt-4.1-mini']);
 * ```
 */
export function modelNotFound(dialect: Dialect, model: unknown, scripted: readonly string[]): WireError {
  const name = typeof model === 'string' ? model : JSON.stringify(model);
  const list = scripted.length > 0 ? scripted.join(', ') : 'none';
  const fix = `The wire server scripts these models here: ${list}. Script '${name}' (server.fake, or PUT /__standin/scripts), or call one of them.`;
  if (dialect === 'anthropic') return new WireError('W0003', 404, `model: ${name}. ${fix}`, { type: 'not_found_error', retry: false });
  return new WireError('W0003', 404, `The model \`${name}\` does not exist or you do not have access to it. ${fix}`, {
    type: 'invalid_request_error',
    code: 'model_not_found',
    param: 'model',
    retry: false,
  });
}
