import { azureErrorBody } from './azureErrors.js';
import { geminiStatus } from './geminiStatus.js';
import type { WireErrorDetails } from './WireError.js';

/** The error body styles the server answers in: one per provider family. */
export type Dialect = 'openai' | 'anthropic' | 'systemone' | 'azure' | 'bedrock' | 'gemini';

/**
 * The provider's own error body: OpenAI's `{ error: { message, type, param, code } }`,
 * Anthropic's `{ type: 'error', error: { type, message }, request_id }`, TypeSafe's `{ detail }`, Azure
 * OpenAI's `{ error: { code, message, ... } }`, Bedrock's `{ message }` (its type goes in a header:
 * {@link errorHeaders}), Gemini's `{ error: { code, message, status } }` (`code` the HTTP status, `status`
 * Google's RPC status).
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
  if (dialect === 'anthropic') {
    const error = { type: details.type, message, ...(details.errorDetails && { details: details.errorDetails }) };
    return { type: 'error', error, request_id: requestId };
  }
  if (dialect === 'systemone') return { detail: { message, error_type: details.code ?? details.type } };
  if (dialect === 'azure') return azureErrorBody(message, details);
  if (dialect === 'bedrock') return { message };
  return { error: { message, type: details.type, param: details.param ?? null, code: details.code ?? null } };
}

/** The AWS error shape of each status Bedrock answers, for an error raised in another dialect's words. */
const awsTypes: Readonly<Record<number, string>> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  429: 'ThrottlingException',
  503: 'ServiceUnavailableException',
};

/**
 * The headers that carry an error beside its body: for Bedrock, `x-amzn-errortype` naming its AWS
 * shape (`ThrottlingException`, ...; by the status when the error names none) and
 * `x-amzn-requestid`, as the AWS SDK reads them; none for the other dialects.
 *
 * @example
 * ```ts
 * errorHeaders('bedrock', 429, { type: 'ThrottlingException' }, 'req_1');
 * // { 'x-amzn-errortype': 'ThrottlingException', 'x-amzn-requestid': 'req_1' }
 * ```
 */
export function errorHeaders(
  dialect: Dialect,
  status: number,
  details: WireErrorDetails,
  requestId: string,
): Record<string, string> {
  if (dialect !== 'bedrock') return {};
  const type = details.type.endsWith('Exception')
    ? details.type
    : (awsTypes[status] ?? (status >= 500 ? 'InternalServerException' : 'ValidationException'));
  return { 'x-amzn-errortype': type, 'x-amzn-requestid': requestId };
}
