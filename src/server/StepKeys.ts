import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** How many idempotency keys and bodies are remembered to know a client's retry. */
export const DEFAULT_REMEMBERED_REQUESTS = 10_000;

/** The header the official SDK clients count their retries in. */
export const RETRY_HEADER = 'x-stainless-retry-count';
/** The header a client names one operation in, across its retries. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The header the AWS SDK names one operation in, across its retries (`amz-sdk-request` counts them). */
export const INVOCATION_HEADER = 'amz-sdk-invocation-id';

/** The step a request runs as, and whether it looks like a retry its client did not mark. */
export interface StepKey {
  /** The request id its engine call runs under: a retry gets its first attempt's. */
  readonly id: string;
  /** Unmarked (no retry count, no idempotency key), with the path and body of a request remembered in its scope. */
  readonly unmarkedRepeat: boolean;
  /** Its scope, path and body as the keys remember them; undefined for a request an idempotency key names. */
  readonly key?: string | undefined;
}

/**
 * Gives each HTTP request the request id its engine call runs under, so that a client's retry of a request is the same
 * step, and the faked model's step replay hands it the answer its step got:
 *
 * - a request with an idempotency key (`Idempotency-Key`, or the AWS SDK's `amz-sdk-invocation-id`) is the step of the earlier request in
 *   its scope and path with that key, if any; the key decides alone;
 * - else a request marked as a retry (`x-stainless-retry-count` 1 or more) with the path and body
 *   of an earlier request in its scope (its last one, or one sent beside others in parallel) is
 *   the step of the latest such request, whether or not the first attempt was marked;
 * - else a request with the path and body of one whose failure its script served with tries left (`{ fail, times }`,
 *   {@link StepKeys.failed}), and whose step has not answered since, is that step's retry, marked or not: clients
 *   that retry without saying so (the AI SDK, LangChain, the Gemini clients) get the step's answer too;
 * - any other request is a new step.
 *
 * The keys of more than `limit` operations, and the bodies of more than `limit` requests, are forgotten oldest first.
 */
export class StepKeys {
  readonly #keyed = new Map<string, string>();
  readonly #bodies = new Map<string, string>();
  /** The requests whose step failed a try it answers later, by scope, path and body: the step each retries. */
  readonly #failing = new Map<string, string>();
  readonly #limit: number;
  #count = 0;

  constructor(limit = DEFAULT_REMEMBERED_REQUESTS) {
    this.#limit = limit;
  }

  /** The step of this request to `path`, in `scope`. */
  step(scope: string, path: string, headers: IncomingHttpHeaders, body: Buffer): StepKey {
    const idempotency = first(headers[IDEMPOTENCY_HEADER]) ?? first(headers[INVOCATION_HEADER]);
    if (idempotency !== undefined && idempotency.length > 0) {
      const key = `${scope}\u0000${path}\u0000${idempotency}`;
      const known = this.#keyed.get(key);
      if (known !== undefined) return { id: known, unmarkedRepeat: false };
      const id = this.#next();
      remember(this.#keyed, key, id, this.#limit);
      return { id, unmarkedRepeat: false };
    }
    const count = Number(first(headers[RETRY_HEADER]) ?? 0);
    const retry = Number.isFinite(count) && count >= 1;
    const key = `${scope}\u0000${path}\u0000${bodyKey(body)}`;
    const known = this.#bodies.get(key);
    if (retry && known !== undefined) return { id: known, unmarkedRepeat: false, key };
    const failing = this.#failing.get(key);
    if (failing !== undefined) return { id: failing, unmarkedRepeat: false, key };
    const id = this.#next();
    remember(this.#bodies, key, id, this.#limit);
    return { id, unmarkedRepeat: !retry && known !== undefined, key };
  }

  /** Notes a scripted `{ fail, times }` failure: the same request again retries that step until it answers. */
  failed(step: StepKey): void {
    if (step.key !== undefined) remember(this.#failing, step.key, step.id, this.#limit);
  }

  /** Notes that `step`'s request was answered: the same request again is a new step, unless marked as a retry. */
  answered(step: StepKey): void {
    if (step.key !== undefined && this.#failing.get(step.key) === step.id) this.#failing.delete(step.key);
  }

  /** Forgets every request remembered in `scope`, or all of them. */
  forget(scope?: string): void {
    if (scope === undefined) {
      this.#keyed.clear();
      this.#bodies.clear();
      this.#failing.clear();
      return;
    }
    for (const map of [this.#keyed, this.#bodies, this.#failing])
      for (const key of map.keys()) if (key.startsWith(`${scope}\u0000`)) map.delete(key);
  }

  #next(): string {
    return `wire-${++this.#count}`;
  }
}

/** Bodies up to this many bytes are remembered as they are: hashing one costs more than keeping it. */
const KEPT_BODY_BYTES = 512;

/** A body as a step key remembers it: a short one as its bytes, a longer one as its SHA-256 (marked apart). */
function bodyKey(body: Buffer): string {
  return body.length <= KEPT_BODY_BYTES ? `=${body.toString('latin1')}` : `#${hash('sha256', body, 'base64')}`;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Sets `key` as the newest entry of `map`, dropping the oldest past `limit`. */
function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value!);
}
