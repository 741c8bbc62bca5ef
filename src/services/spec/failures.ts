/**
 * What went wrong at a provider, as a `ProviderFailure`'s `kind`: `server`, `rate_limit`,
 * `timeout` and `network` are retried by the engine; `auth`, `bad_request`, `context_length`,
 * `content_filter` and `unknown` end the call (`failureKinds` holds which).
 *
 * @example
 * ```ts
 * const kind: FailureKind = 'rate_limit'; // a 429
 * ```
 */
export type FailureKind =
  | 'server'
  | 'rate_limit'
  | 'timeout'
  | 'network'
  | 'auth'
  | 'bad_request'
  | 'context_length'
  | 'content_filter'
  | 'unknown';

/**
 * Why a classifier could not answer, as a `ClassificationAdapterError`'s `reason`, in the order
 * the adapter contract lists them: `rate_limited`, `provider_unavailable`, `timeout` and
 * `network_error` are retried by the engine; the rest end the call.
 *
 * @example
 * ```ts
 * const reason: ClassificationReason = 'rate_limited'; // a 429
 * ```
 */
export type ClassificationReason =
  | 'authentication_failed'
  | 'rate_limited'
  | 'invalid_request'
  | 'context_length_exceeded'
  | 'provider_unavailable'
  | 'timeout'
  | 'network_error'
  | 'malformed_response'
  | 'unknown';

/**
 * The one mapping between model failure kinds and classifier reasons: the reason a classifier
 * gives for a failure of each kind (a real classifier's HTTP failure, a classify answer scripted
 * with a model's failure word). One word works in model and classifier scripts alike. The nine
 * reasons have no content filter: it is neither retried nor the caller's request shape, so it is
 * `unknown`; `malformed_response` has no kind (a model's broken answer is the engine's E0007).
 *
 * @example
 * ```ts
 * type Limited = ReasonOfKind['rate_limit']; // 'rate_limited'
 * ```
 */
export interface ReasonOfKind {
  readonly auth: 'authentication_failed';
  readonly rate_limit: 'rate_limited';
  readonly bad_request: 'invalid_request';
  readonly context_length: 'context_length_exceeded';
  readonly server: 'provider_unavailable';
  readonly timeout: 'timeout';
  readonly network: 'network_error';
  readonly content_filter: 'unknown';
  readonly unknown: 'unknown';
}
