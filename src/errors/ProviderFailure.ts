import type { FailureKind } from '../services/spec/failures.js';
import { StandinError, nameErrorClass } from './StandinError.js';

/** The kinds of provider failure, and whether the engine retries each. */
export const failureKinds = {
  server: true,
  rate_limit: true,
  timeout: true,
  network: true,
  auth: false,
  bad_request: false,
  context_length: false,
  content_filter: false,
  unknown: false,
} as const satisfies Record<FailureKind, boolean>;

/** The details a provider failure may carry besides its kind and message. */
export interface ProviderFailureOptions {
  /** How long the provider asked the caller to wait before trying again, in milliseconds. */
  readonly retryAfterMs?: number | undefined;
  /** The HTTP status, when there was one. */
  readonly status?: number | undefined;
  /** The provider's name, such as `'openai'`. */
  readonly provider?: string | undefined;
  /** The provider's request id, for its support desk. */
  readonly requestId?: string | undefined;
  /** The underlying error. Never a secret. */
  readonly cause?: unknown;
  /**
   * Whether the engine tries again, when the provider said so itself (`x-should-retry`); left out, the kind decides.
   */
  readonly retryable?: boolean | undefined;
  /**
   * With kind `content_filter`: what the model wrote as it declined to answer (OpenAI's `refusal`, the text before
   * Anthropic's `stop_reason: refusal`; `''` when it wrote nothing). Left out for a filter that is not the model's own
   * refusal.
   */
  readonly refusal?: string | undefined;
}

/**
 * A provider could not answer. Its `kind` decides what the engine does: `server`, `rate_limit`,
 * `timeout` and `network` are retried with backoff (honouring `retryAfterMs`); every kind then
 * falls back to the model's next fallback. Code `P0001`.
 *
 * @example
 * ```ts
 * throw new ProviderFailure('rate_limit', 'Too many requests', { retryAfterMs: 2000, status: 429 });
 * ```
 */
export class ProviderFailure extends StandinError {
  readonly kind: FailureKind;
  readonly retryAfterMs: number | undefined;
  readonly status: number | undefined;
  readonly provider: string | undefined;
  readonly requestId: string | undefined;
  /** The model's own refusal, when the failure is one: see {@link ProviderFailureOptions.refusal}. */
  readonly refusal: string | undefined;
  readonly #retryable: boolean | undefined;

  constructor(kind: FailureKind, message: string, options: ProviderFailureOptions = {}) {
    if (!Object.hasOwn(failureKinds, kind)) {
      throw new StandinError(
        'P0002',
        `'${String(kind)}' is not a kind of provider failure. Use one of: ${Object.keys(failureKinds).join(', ')}.`,
      );
    }
    super('P0001', message, 'cause' in options ? { cause: options.cause } : {});
    this.kind = kind;
    this.retryAfterMs = options.retryAfterMs;
    this.status = options.status;
    this.provider = options.provider;
    this.requestId = options.requestId;
    this.refusal = options.refusal;
    this.#retryable = options.retryable;
  }

  /** Whether the engine tries this failure again: as the provider said (`x-should-retry`), else as its kind is. */
  get retryable(): boolean {
    return this.#retryable ?? failureKinds[this.kind];
  }

  static {
    nameErrorClass(this, 'ProviderFailure');
  }
}
