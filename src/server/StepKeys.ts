import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** How many recent requests the server remembers, to know a client's retry when it comes. */
export const DEFAULT_REMEMBERED_REQUESTS = 10_000;

/**
 * Gives each HTTP request the request id its engine call runs under, so that a client's retry of
 * a request is the same step: a request marked as a retry (`x-stainless-retry-count` above 0)
 * with the idempotency key, or else the body, of a request remembered in the same scope gets that
 * request's id, and the faked model's step replay hands it the answer its step got. Any other
 * request is a new step. The oldest of more than `limit` requests is forgotten.
 *
 * @example
 * ```ts
 * const keys = new StepKeys();
 * const first = keys.requestId('', '/v1/chat/completions', headers, body);
 * keys.requestId('', '/v1/chat/completions', { ...headers, 'x-stainless-retry-count': '1' }, body) === first; // true
 * ```
 */
export class StepKeys {
  readonly #seen = new Map<string, string>();
  readonly #limit: number;
  #count = 0;

  constructor(limit = DEFAULT_REMEMBERED_REQUESTS) {
    this.#limit = limit;
  }

  /** The request id for this request to `path`, in `scope`. */
  requestId(scope: string, path: string, headers: IncomingHttpHeaders, body: Buffer): string {
    const count = headers['x-stainless-retry-count'];
    const idempotency = headers['idempotency-key'];
    // A client that marks neither retries nor keys never sends a retry this could know: nothing to remember, nothing to hash.
    if (count === undefined && idempotency === undefined) return `wire-${++this.#count}`;
    const mark = typeof idempotency === 'string' && idempotency.length > 0 ? `key:${idempotency}` : `body:${createHash('sha256').update(body).digest('base64')}`;
    const key = `${scope}\u0000${path}\u0000${mark}`;
    const retry = Number(count ?? 0) > 0;
    if (retry) {
      const known = this.#seen.get(key);
      if (known !== undefined) return known;
    }
    const id = `wire-${++this.#count}`;
    this.#seen.delete(key);
    this.#seen.set(key, id);
    if (this.#seen.size > this.#limit) this.#seen.delete(this.#seen.keys().next().value!);
    return id;
  }

  /** Forgets every request remembered in `scope`, or all of them. */
  forget(scope?: string): void {
    if (scope === undefined) this.#seen.clear();
    else for (const key of this.#seen.keys()) if (key.startsWith(`${scope}\u0000`)) this.#seen.delete(key);
  }
}
