import { CallFailed, ClassificationAdapterError, type StandinError } from 'standin';

/** How the help desk answers a request that a standin error ended. */
export interface HttpError {
  readonly status: 502 | 503 | 504;
  /** Seconds the client should wait before trying again, when the AI service said. */
  readonly retryAfterSeconds?: number;
  readonly body: {
    readonly statusCode: number;
    readonly error: string;
    /** standin's error code (docs/errors.md lists them). */
    readonly code: string;
    readonly message: string;
  };
}

const names = { 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' } as const;

/** Codes that mean the AI services are not set up to serve this call: no such model, no provider, a real call in a test app, no classifier, no scope. */
const notSetUp = new Set(['E0001', 'E0002', 'E0004', 'E0008', 'K0005', 'S0001', 'S0002', 'S0003']);

/**
 * The HTTP error for a standin error: the AI service behind the help desk failed, so the status
 * is a gateway's. A timeout is 504; a rate limit or an unavailable service is 503 (with
 * Retry-After when the service said how long); AI services that are not set up for the call are
 * 503; anything else — a call that failed on every model, a classifier that could not answer, an
 * answer the help desk cannot use, a scripted fake's mistake — is 502. The body carries the code
 * and a message saying what happened; never a stack.
 *
 * @example
 * ```ts
 * httpErrorOf(new ClassificationAdapterError('timeout')).status; // 504
 * ```
 */
export function httpErrorOf(error: StandinError): HttpError {
  if (error instanceof CallFailed) {
    const tried = error.failures.map((f) => `${f.model} attempt ${f.attempt}: ${f.kind}`).join(', ');
    const message = `The ${error.model} model could not answer (${tried}).`;
    if (error.kind === 'timeout') return make(504, error.code, message);
    if (error.kind === 'rate_limit')
      return make(503, error.code, `${message} Try again later.`, retryAfterOf(error.cause));
    return make(502, error.code, message);
  }
  if (error instanceof ClassificationAdapterError) {
    const message = `The classifier could not classify the ticket: ${error.reason}.`;
    if (error.reason === 'timeout') return make(504, error.code, message);
    if (error.reason === 'rate_limited' || error.reason === 'provider_unavailable') {
      return make(503, error.code, `${message} Try again later.`, error.retryAfterMs ?? undefined);
    }
    return make(502, error.code, message);
  }
  if (notSetUp.has(error.code))
    return make(503, error.code, `The help desk's AI services are not set up for this call: ${error.message}`);
  return make(502, error.code, `The help desk's AI service failed: ${error.message}`);
}

function retryAfterOf(cause: unknown): number | undefined {
  const ms = (cause as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
  return typeof ms === 'number' && ms > 0 ? ms : undefined;
}

function make(status: HttpError['status'], code: string, message: string, retryAfterMs?: number): HttpError {
  const body = { statusCode: status, error: names[status], code, message };
  return retryAfterMs === undefined || retryAfterMs <= 0
    ? { status, body }
    : { status, body, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
}
