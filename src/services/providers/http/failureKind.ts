import type { FailureKind } from '../../spec/failures.js';
import type { ErrorReport } from './ErrorReport.js';

/** Words providers use when a prompt does not fit the model's context window. */
const contextWords = new RegExp(
  [
    'context[_ ]length',
    'context window',
    'maximum context',
    'prompt is too long',
    'too many tokens',
    'max_tokens_exceeded',
    'reduce the length of the messages',
    'input is too long',
  ].join('|'),
  'i',
);
/** Gemini's words for it: "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)." */
const tokenCountWords = /exceeds the maximum number of tokens/i;

/** The kinds an error event's type names, for errors that arrive inside a 200 stream. */
const eventKinds: Readonly<Record<string, FailureKind>> = {
  rate_limit_error: 'rate_limit',
  rate_limit_exceeded: 'rate_limit',
  requests: 'rate_limit',
  tokens: 'rate_limit',
  overloaded_error: 'server',
  api_error: 'server',
  server_error: 'server',
  service_unavailable: 'server',
  timeout_error: 'timeout',
  authentication_error: 'auth',
  permission_error: 'auth',
  invalid_api_key: 'auth',
  invalid_request_error: 'bad_request',
  not_found_error: 'bad_request',
  request_too_large: 'bad_request',
  // Google's RPC statuses, which Gemini's errors carry as `status`.
  RESOURCE_EXHAUSTED: 'rate_limit',
  UNAVAILABLE: 'server',
  INTERNAL: 'server',
  DEADLINE_EXCEEDED: 'timeout',
  UNAUTHENTICATED: 'auth',
  PERMISSION_DENIED: 'auth',
  INVALID_ARGUMENT: 'bad_request',
  FAILED_PRECONDITION: 'bad_request',
  NOT_FOUND: 'bad_request',
};

/**
 * Bedrock's error names (`x-amzn-errortype`, or an exception inside an event stream), which say more than the status.
 */
const awsKinds: Readonly<Record<string, FailureKind>> = {
  ThrottlingException: 'rate_limit',
  ServiceQuotaExceededException: 'rate_limit',
  ModelTimeoutException: 'timeout',
  ServiceUnavailableException: 'server',
  InternalServerException: 'server',
  ModelNotReadyException: 'server',
  ModelErrorException: 'server',
  ModelStreamErrorException: 'server',
  AccessDeniedException: 'auth',
  UnrecognizedClientException: 'auth',
  ExpiredTokenException: 'auth',
  InvalidSignatureException: 'auth',
  ValidationException: 'bad_request',
  ResourceNotFoundException: 'bad_request',
};

/**
 * The kind of a provider failure, from the HTTP status (undefined for an error event inside a
 * 200 stream) and what the provider said:
 *
 * - an exhausted quota or billing problem (`insufficient_quota`, `billing_error`, 402, "exceeded
 *   your current quota") is `auth`: the account cannot be used until someone acts, so retrying
 *   is useless even when it comes as a 429;
 * - `context_length_exceeded`, or a 400/413 that says the prompt does not fit, is `context_length`;
 * - `content_filter` / `content_policy_*` codes are `content_filter`;
 * - Gemini's "API key not valid" (a 400) is `auth`;
 * - 401/403 `auth`; 429 `rate_limit`; 408, 409, 5xx and 529 `server` (`timeout_error` is `timeout`);
 *   other 4xx `bad_request`; anything else `unknown`;
 * - an AWS error name (`ThrottlingException`, `ModelTimeoutException`, ...) is the kind {@link awsKinds} gives it;
 * - an error event is kind of its type (`overloaded_error` server, `rate_limit_error` rate_limit,
 *   ...; Gemini's `status`: `RESOURCE_EXHAUSTED` rate_limit, `UNAVAILABLE` server, ...), and `server` when the
 *   type is not known: the server broke off the answer.
 */
export function failureKind(status: number | undefined, report: ErrorReport): FailureKind {
  const tags = `${report.type ?? ''} ${report.code ?? ''}`;
  if (
    /insufficient_quota|billing_error/.test(tags) ||
    status === 402 ||
    /exceeded your current quota/i.test(report.message)
  )
    return 'auth';
  // AWS's name decides ("Too many tokens" is Bedrock's throttling), but a ValidationException may say the prompt is too long.
  const aws = Object.hasOwn(awsKinds, report.type ?? '') ? awsKinds[report.type!] : undefined;
  if (aws !== undefined && aws !== 'bad_request') return aws;
  // Gemini answers a key it does not know with 400 INVALID_ARGUMENT.
  if (/API key not valid/i.test(report.message)) return 'auth';
  if (/context_length_exceeded/.test(tags)) return 'context_length';
  if (
    (status === undefined || status === 400 || status === 413) &&
    (contextWords.test(report.message) || tokenCountWords.test(report.message))
  )
    return 'context_length';
  if (/content_filter|content_policy/.test(tags)) return 'content_filter';
  if (aws !== undefined) return aws;
  if (status === undefined) return eventKinds[report.type ?? ''] ?? eventKinds[report.code ?? ''] ?? 'server';
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 409) return 'server';
  if (status >= 500)
    return report.type === 'timeout_error' || report.type === 'DEADLINE_EXCEEDED' ? 'timeout' : 'server';
  if (status >= 400) return 'bad_request';
  return 'unknown';
}
