import { z } from 'zod';
import { StandinError, nameErrorClass } from '../../errors/StandinError.js';
import { parseShape } from './shapeError.js';
import { lazySchema } from '../../validation/lazySchema.js';
import type { ClassificationReason } from '../spec/failures.js';

/**
 * Why a classifier could not answer, in the order the adapter contract lists them. The engine
 * retries `rate_limited`, `provider_unavailable`, `timeout` and `network_error`; the rest end the call.
 */
export const classificationReasons = [
  'authentication_failed',
  'rate_limited',
  'invalid_request',
  'context_length_exceeded',
  'provider_unavailable',
  'timeout',
  'network_error',
  'malformed_response',
  'unknown',
] as const satisfies readonly ClassificationReason[];

/** The reasons the engine retries. */
export const retryableClassificationReasons: ReadonlySet<ClassificationReason> = new Set([
  'rate_limited',
  'provider_unavailable',
  'timeout',
  'network_error',
]);

/** What a classification adapter error may carry besides its reason. */
export interface ClassificationAdapterErrorOptions {
  /** What happened, for a person. Left out (or empty), a message is made from the reason and provider. */
  readonly message?: string | undefined;
  /** The classifier's provider name, such as `'typesafe'` or `'fake'`. */
  readonly provider?: string | undefined;
  /** The HTTP status, when there was one. */
  readonly status?: number | undefined;
  /** How long the provider asked the caller to wait before trying again, in milliseconds. */
  readonly retryAfterMs?: number | undefined;
  /** The underlying cause, as plain data (never a secret). */
  readonly cause?: unknown;
  /** Details as plain data, such as `{ field: 'questions' }`. */
  readonly metadata?: Readonly<Record<string, unknown>> | undefined;
  /**
   * Whether the engine tries again, when the provider said so itself (`x-should-retry`); left out, the reason decides.
   */
  readonly retryable?: boolean | undefined;
}

/** The shape of {@link ClassificationAdapterErrorOptions}. */
export const classificationAdapterErrorOptionsSchema = lazySchema(() =>
  z.strictObject({
    message: z.string().optional(),
    provider: z.string().optional(),
    status: z.number().int().min(100).max(599).optional(),
    retryAfterMs: z.number().min(0).optional(),
    cause: z.unknown().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    retryable: z.boolean().optional(),
  }),
);

const expected: Readonly<Record<string, string>> = {
  message: 'a string',
  provider: "the provider's name as a string, such as 'typesafe'",
  status: 'an HTTP status (a whole number from 100 to 599)',
  retryAfterMs: 'a number of milliseconds, 0 or more',
  metadata: 'a record of plain data',
  retryable: 'true or false',
};

/**
 * A classifier could not answer: the only error a classification adapter rejects with. `reason` is one of the nine
 * {@link classificationReasons}; an unknown reason throws `K0009`, options of the wrong type `K0002`. Code `K0008`.
 *
 * @example
 * ```ts
 * const error = new ClassificationAdapterError('rate_limited', { provider: 'typesafe', status: 429, retryAfterMs: 2000 });
 * error.message;   // 'classification adapter error (typesafe): rate_limited'
 * error.retryable; // true
 * ```
 */
export class ClassificationAdapterError extends StandinError {
  /** Why the classifier could not answer. */
  readonly reason: ClassificationReason;
  /** The classifier's provider name, or null when the error did not come from one. */
  readonly provider: string | null;
  /** The HTTP status, or null. */
  readonly status: number | null;
  /** How long to wait before trying again, in milliseconds, or null. */
  readonly retryAfterMs: number | null;
  /** Details as plain data. */
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly #retryable: boolean | undefined;

  constructor(reason: ClassificationReason, options: ClassificationAdapterErrorOptions = {}) {
    if (!classificationReasons.includes(reason)) {
      throw new StandinError(
        'K0009',
        `unknown reason ${describe(reason)} for a ClassificationAdapterError. Use one of: ` +
          `${classificationReasons.join(', ')}.`,
      );
    }
    parseShape('K0002', 'options', classificationAdapterErrorOptionsSchema, options, expected);
    const provider = options.provider ?? null;
    const message =
      typeof options.message === 'string' && options.message.length > 0
        ? options.message
        : `classification adapter error${provider === null ? '' : ` (${provider})`}: ${reason}`;
    super('K0008', message, 'cause' in options ? { cause: options.cause } : {});
    this.reason = reason;
    this.provider = provider;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.metadata = options.metadata ?? {};
    this.#retryable = options.retryable;
  }

  /** Whether the engine tries the call again: as the provider said (`x-should-retry`), else as the reason is. */
  get retryable(): boolean {
    return this.#retryable ?? retryableClassificationReasons.has(this.reason);
  }

  static {
    nameErrorClass(this, 'ClassificationAdapterError');
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : `of type ${value === null ? 'null' : typeof value}`;
}
