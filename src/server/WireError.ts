import type { Code } from '../errors/catalog.js';
import { StandinError } from '../errors/StandinError.js';

/** What a refused request is told, beside its status: the provider's error type, code and parameter. */
export interface WireErrorDetails {
  /** The provider's error type: `invalid_request_error`, `not_found_error`, ... */
  readonly type: string;
  /** OpenAI's `code`: `model_not_found`, `unsupported_parameter`, ... */
  readonly code?: string | undefined;
  /** The request field at fault. */
  readonly param?: string | undefined;
  /** Extra response headers, such as `retry-after`. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** `false` asks clients not to retry (`x-should-retry: false`). */
  readonly retry?: boolean | undefined;
  /** Anthropic's `error.details`, which its clients read beside the type (`{ error_code: '...' }`). */
  readonly errorDetails?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * A request the wire server refuses: a standin error with the HTTP status and the provider's
 * error type and code it is answered with, in the dialect of the endpoint that refused it.
 *
 * @example
 * ```ts
 * throw new WireError('W0004', 400, 'n: 2 is not supported; the server gives one choice. Send n: 1.', {
 *   type: 'invalid_request_error',
 *   code: 'unsupported_value',
 *   param: 'n',
 * });
 * ```
 */
export class WireError extends StandinError {
  /** The HTTP status. */
  readonly status: number;
  /** The provider's error type, code and parameter, and extra headers. */
  readonly details: WireErrorDetails;

  constructor(code: Code, status: number, message: string, details: WireErrorDetails) {
    super(code, message);
    this.status = status;
    this.details = details;
  }
}
