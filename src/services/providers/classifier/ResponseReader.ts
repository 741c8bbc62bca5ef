import { ClassificationAdapterError } from '../../classification/ClassificationAdapterError.js';
import type { ClassificationReason } from '../../spec/failures.js';
import type { ClassificationUsage } from '../../classification/ClassificationResponse.js';
import { show } from '../../classification/shapeError.js';
import { formatPath } from '../../../validation/formatPath.js';
import { quoted } from './quoted.js';

/** A path inside a response body: `['answers', 'team', 'choice']` is `body.answers.team.choice`. */
export type BodyPath = readonly (string | number)[];

/** Where a response came from, for the errors its reader throws. */
export interface ResponseSource {
  /** The classifier's provider name. */
  readonly provider: string;
  /** The HTTP status of the response (a 2xx). */
  readonly status: number;
  /** The provider's request id, from its header. */
  readonly providerRequestId: string | undefined;
  /** The caller's request id. */
  readonly requestId: string | undefined;
  /** Takes the key (and anything like one) out of a text the server gave. */
  readonly clean: (text: string) => string;
}

/**
 * Reads a classification API's 2xx body, field by field: each reading either answers the value
 * in the type the contract wants, or throws a `malformed_response`
 * {@link ClassificationAdapterError} naming the exact path in the body, what it held and what
 * it should hold. A response that does not fit its questions is never half-read into answers.
 *
 * @example
 * ```ts
 * const reader = new ResponseReader(source);
 * reader.probability(body.answers.refund.noul, ['answers', 'refund', 'noul']); // 0.63, or throws
 * ```
 */
export class ResponseReader {
  readonly #source: ResponseSource;

  constructor(source: ResponseSource) {
    this.#source = source;
  }

  /** Throws the `malformed_response` error for `path`: `problem` says what is wrong there. */
  fail(path: BodyPath, problem: string, question?: string): never {
    const where = formatPath('body', path);
    throw this.error(
      'malformed_response',
      `malformed response: ${where} ${problem}`,
      question === undefined ? { path: where } : { path: where, question },
    );
  }

  /**
   * An error about this response with `reason`: the message after the provider's name, clean of
   * the key; `metadata` with the status and both request ids added.
   */
  error(
    reason: ClassificationReason,
    message: string,
    metadata: Readonly<Record<string, unknown>>,
  ): ClassificationAdapterError {
    const { provider, status, providerRequestId, requestId, clean } = this.#source;
    const all: Record<string, unknown> = { status, ...metadata };
    if (providerRequestId !== undefined) all.providerRequestId = providerRequestId;
    if (requestId !== undefined) all.requestId = requestId;
    return new ClassificationAdapterError(reason, {
      message: clean(`${provider}: ${message}`),
      provider,
      status,
      metadata: all,
    });
  }

  /** A plain JSON object. */
  record(value: unknown, path: BodyPath, question?: string): Record<string, unknown> {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    return this.fail(path, `should be an object, got ${shown(value)}`, question);
  }

  /** A JSON list. */
  list(value: unknown, path: BodyPath, question?: string): readonly unknown[] {
    if (Array.isArray(value)) return value;
    return this.fail(path, `should be a list, got ${shown(value)}`, question);
  }

  /** A string. */
  string(value: unknown, path: BodyPath, question?: string): string {
    if (typeof value === 'string') return value;
    return this.fail(path, `should be a string, got ${shown(value)}`, question);
  }

  /** A number from `min` to `max`, coerced to a float (JSON numbers already are; `-0` becomes `0`). */
  number(value: unknown, path: BodyPath, min: number, max: number, question?: string): number {
    if (typeof value !== 'number' || !Number.isFinite(value))
      return this.fail(path, `should be a number from ${min} to ${max}, got ${shown(value)}`, question);
    if (value < min || value > max)
      return this.fail(path, `is ${value}, out of range: it should be from ${min} to ${max}`, question);
    return value + 0;
  }

  /** A probability: a number from 0 to 1. */
  probability(value: unknown, path: BodyPath, question?: string): number {
    return this.number(value, path, 0, 1, question);
  }

  /** Fails unless `keys` are exactly `wanted` (in any order), naming the ones missing and the ones extra. */
  sameKeys(keys: readonly string[], wanted: readonly string[], path: BodyPath, what: string, question?: string): void {
    const known = new Set(keys);
    const asked = new Set(wanted);
    const missing = wanted.filter((key) => !known.has(key));
    const extra = keys.filter((key) => !asked.has(key));
    if (missing.length === 0 && extra.length === 0 && known.size === keys.length) return;
    const twice = keys.filter((key, i) => keys.indexOf(key) !== i);
    const said = [
      missing.length > 0 ? `lacks ${quoted(missing)}` : '',
      extra.length > 0 ? `has ${quoted(extra)} too` : '',
      twice.length > 0 ? `has ${quoted(twice)} twice` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    this.fail(path, `should be keyed by exactly the ${what} (${quoted(wanted)}), and it ${said}`, question);
  }

  /**
   * Token counts: `input_tokens` and `output_tokens` when each is a whole number of 0 or more
   * (null otherwise, never an error: usage is informative), and the total, the provider's own
   * `total_tokens` when it gives a whole number, else the sum when both counts are known.
   */
  usage(value: unknown): ClassificationUsage {
    const usage = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const inputTokens = count(usage.input_tokens);
    const outputTokens = count(usage.output_tokens);
    const total = count(usage.total_tokens);
    return {
      inputTokens,
      outputTokens,
      totalTokens: total ?? (inputTokens !== null && outputTokens !== null ? inputTokens + outputTokens : null),
    };
  }
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function shown(value: unknown): string {
  return value === undefined ? 'nothing' : show(value);
}
