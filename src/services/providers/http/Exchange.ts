import { ProviderFailure, type ProviderFailureOptions } from '../../../errors/ProviderFailure.js';
import type { FailureKind } from '../../spec/failures.js';
import { StandinError } from '../../../errors/StandinError.js';
import { abortReason } from '../../clock/Clock.js';
import { capText } from './capText.js';
import { describeError } from './describeError.js';
import { bodyReport, errorReport, type ErrorReport } from './ErrorReport.js';
import { failureKind } from './failureKind.js';
import { LimitExceeded } from '../../../protocols/LimitExceeded.js';
import { WireFault } from '../../../protocols/WireFault.js';
import { failureKindOf } from '../../../protocols/failures.js';
import { decodeFailure, readBounded, readText } from './readBody.js';
import { retryAfterMs, shouldRetry } from './retryAfter.js';
import type { SseEvent } from '../../../protocols/sse.js';
import { sseBatches } from './sseBatches.js';
import { httpFailureMessage } from './httpFailureMessage.js';
import type { ExchangeOptions } from './ExchangeOptions.js';

export type { ExchangeOptions } from './ExchangeOptions.js';

/** How much of an error body is read: enough for any error message, bounded against a runaway body. */
const ERROR_BODY_LIMIT = 64 * 1024;

/**
 * One HTTP request and its response with the rules every adapter shares: one attempt (the engine retries); a
 * `timeoutMs` deadline over the whole exchange; a non-2xx status as a {@link ProviderFailure} of the kind {@link
 * failureKind} names, with its retry hints; every body bounded by the {@link Limits}; every configured secret out of
 * every message. Call {@link close} when done.
 */
export class Exchange {
  readonly #options: ExchangeOptions;
  readonly #controller = new AbortController();
  readonly #onAbort: () => void;
  readonly #timer: ReturnType<typeof setTimeout>;
  #timedOut = false;
  #status: number | undefined;
  #requestId: string | undefined;
  #report: ErrorReport | undefined;

  constructor(options: ExchangeOptions) {
    this.#options = options;
    const { signal } = options;
    this.#onAbort = () => this.#controller.abort(abortReason(signal));
    if (signal.aborted) this.#controller.abort(abortReason(signal));
    else signal.addEventListener('abort', this.#onAbort, { once: true });
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#controller.abort(new DOMException(`No complete answer within ${options.timeoutMs} ms.`, 'TimeoutError'));
    }, options.timeoutMs);
  }

  /** The provider's request id, once the response headers came. */
  get requestId(): string | undefined {
    return this.#requestId;
  }

  /** What the provider said in its error body, once a status that is not 2xx came: its message, type and code. */
  get report(): ErrorReport | undefined {
    return this.#report;
  }

  /** Sends the request; answers the response when its status is 2xx, throws a failure otherwise. */
  async send(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      // A redirect is not followed: it would carry the key (x-api-key is not dropped across
      // origins) to wherever the server points. It fails, naming where it pointed.
      response = await this.#options.fetch(url, { ...init, redirect: 'manual', signal: this.#controller.signal });
    } catch (error) {
      throw this.fail(error);
    }
    this.#status = response.status;
    this.#requestId = this.#tag(response.headers.get(this.#options.requestIdHeader) ?? undefined);
    if (response.ok) return response;
    let body: string;
    try {
      body = await readText(response, ERROR_BODY_LIMIT);
    } catch (error) {
      if (this.#controller.signal.aborted) throw this.fail(error);
      // The status already says what went wrong; a body that breaks off or does not decompress adds nothing to it.
      throw this.#httpFailure(response, undefined, decodeFailure(error) ?? describeError(error));
    }
    throw this.#httpFailure(response, body);
  }

  /** The response body as JSON; a body that is not JSON is a malformed response. */
  async json(response: Response): Promise<unknown> {
    return this.#parsed(new TextDecoder().decode(await this.bytes(response)));
  }

  /** The response body's bytes, at most `maxBodyBytes` of them. */
  async bytes(response: Response): Promise<Uint8Array> {
    try {
      return await readBounded(response, this.#options.limits.maxBodyBytes);
    } catch (error) {
      throw this.fail(error);
    }
  }

  /**
   * The body as server-sent events, a batch per network chunk; a JSON body in place of a stream fails as the error it
   * reports.
   */
  async *events(response: Response): AsyncGenerator<SseEvent[], void, undefined> {
    // Some gateways answer a streamed request with a 200 JSON error; others ignore `stream: true`.
    if (response.headers.get('content-type')?.includes('application/json')) {
      await this.wholeText(response);
      throw this.malformed('the server answered JSON instead of an event stream (does it support `stream: true`?)');
    }
    const reader = response.body?.getReader();
    if (reader === undefined) throw this.malformed('the response has no body');
    yield* sseBatches(reader, this.#options.limits, (error) => this.fail(error));
  }

  /** A JSON answer's text, at most `maxBodyBytes`: an error it reports (a gateway's 200 error) thrown as that failure. */
  async wholeText(response: Response): Promise<string> {
    const text = new TextDecoder().decode(await this.bytes(response));
    const body = this.#parsed(text);
    if (errorReport(body) !== undefined) throw this.reported(body, 'the server answered an error instead of a stream');
    return text;
  }

  #parsed(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      throw this.malformed(`the body is not JSON (it began ${JSON.stringify(text.slice(0, 60))})`);
    }
  }

  /** Turns what a fetch or a body read threw into what the adapter throws. */
  fail(error: unknown): unknown {
    if (this.#options.signal.aborted) return abortReason(this.#options.signal);
    if (this.#timedOut) {
      return this.failure(
        'timeout',
        `no complete answer within ${this.#options.timeoutMs} ms (the provider's timeoutMs).`,
      );
    }
    if (error instanceof StandinError) return error;
    if (error instanceof LimitExceeded) return this.#overLimit(error);
    const decode = decodeFailure(error);
    if (decode !== undefined)
      return this.malformed(`the body does not decompress as its content-encoding says (${decode})`);
    const said = describeError(error);
    const cause = this.#safe(error);
    if (error instanceof TypeError && error.cause === undefined && error.message !== 'fetch failed') {
      return this.failure('bad_request', `the request could not be sent: ${said}`, { cause });
    }
    return this.failure('network', `the connection failed: ${said}`, { cause });
  }

  /** A failure of this exchange: the provider's name, status and request id on it, the key out of its message. */
  failure(
    kind: FailureKind,
    message: string,
    options: Omit<ProviderFailureOptions, 'provider' | 'status' | 'requestId'> = {},
  ): ProviderFailure {
    return new ProviderFailure(kind, this.clean(`${this.#options.provider}: ${message}`), {
      ...options,
      provider: this.#options.provider,
      status: this.#status,
      requestId: this.#requestId,
    });
  }

  /**
   * A response that breaks the wire protocol: kind `server` on the first attempt, so the engine tries once more (while
   * no part was handed on), `unknown` after, so a server that keeps sending garbage is not asked again.
   */
  malformed(what: string): ProviderFailure {
    const failure = this.failure(this.#options.attempt <= 1 ? 'server' : 'unknown', `malformed response: ${what}`);
    this.#malformed.add(failure);
    return failure;
  }

  /** Whether `error` is a failure {@link malformed} made: the body broke the protocol, not the provider's state. */
  isMalformed(error: unknown): boolean {
    return error instanceof ProviderFailure && this.#malformed.has(error);
  }

  readonly #malformed = new WeakSet<ProviderFailure>();

  /** The failure of this exchange for what the protocol found wrong in a reply; anything else is thrown as it is. */
  readFault(error: unknown): unknown {
    if (!(error instanceof WireFault)) return error;
    const fault = error.fault;
    switch (fault.kind) {
      case 'malformed':
        return this.malformed(fault.what);
      case 'failed':
        return this.failure(
          fault.failure,
          capText(fault.message),
          fault.refusal === undefined ? {} : { refusal: fault.refusal },
        );
      case 'reported':
        return this.reported(fault.body, fault.fallback);
      default:
        return this.malformed(error.message);
    }
  }

  /** A failure reported by the provider itself: an error body, or an error event inside a stream. */
  reported(body: unknown, fallback: string): ProviderFailure {
    const report = errorReport(body) ?? { message: 'the error carried no message' };
    const kind = this.#kindOf(undefined, report, body);
    const label = report.code ?? report.type;
    this.#requestId ??= this.#tag(report.requestId);
    return this.failure(kind, `${fallback}${label ? ` (${label})` : ''}: ${report.message}`);
  }

  /** A text the server gave (a value quoted in a message), with every configured secret taken out. */
  clean(text: string): string {
    return this.#options.redactor.clean(text);
  }

  /** Ends the exchange: stops the deadline and closes the connection if a body is still open. */
  close(): void {
    clearTimeout(this.#timer);
    this.#options.signal.removeEventListener('abort', this.#onAbort);
    if (!this.#controller.signal.aborted)
      this.#controller.abort(new DOMException('The exchange is over.', 'AbortError'));
  }

  #httpFailure(response: Response, body: string | undefined, unread?: string): ProviderFailure {
    const said: { -readonly [K in keyof ErrorReport]: ErrorReport[K] } =
      body === undefined
        ? { message: `the error body could not be read (${unread ?? 'it broke off'})` }
        : bodyReport(body);
    // AWS services name the error in a header (`ThrottlingException:http://internal.amazon.com/...`), not the body.
    const awsType = response.headers.get('x-amzn-errortype')?.split(':')[0];
    if (said.type === undefined && awsType) said.type = awsType;
    // What a server said is kept only clean: the report's fields end up in metadata and logs.
    const report: ErrorReport = {
      ...said,
      message: this.clean(said.message),
      ...(said.type === undefined ? {} : { type: this.#tag(said.type)! }),
      ...(said.code === undefined ? {} : { code: this.#tag(said.code)! }),
    };
    this.#report = report;
    const kind = this.#kindOf(response.status, report, body);
    this.#requestId ??= this.#tag(report.requestId);
    const message = httpFailureMessage(response, report, this.#options.provider, this.#options.key !== undefined);
    const retry = shouldRetry(response.headers);
    const retryable = retry ?? (kind === 'rate_limit' || kind === 'server' || kind === 'timeout');
    const wait = retryable
      ? retryAfterMs(response.headers, Date.now(), this.#options.limits.maxRetryAfterMs)
      : undefined;
    return this.failure(kind, message, { retryAfterMs: wait, ...(retry === undefined ? {} : { retryable: retry }) });
  }

  /**
   * The kind of an error: the protocol's own reading of its body (a body as text is parsed for it), else its row's in
   * the protocol's failure table, else what its status and words say.
   */
  #kindOf(status: number | undefined, report: ErrorReport, body: unknown): FailureKind {
    const read = this.#options.readFailure;
    const own = read === undefined ? undefined : read(status, typeof body === 'string' ? parsed(body) : body);
    if (own !== undefined) return own;
    const table = this.#options.failures;
    return (
      (table === undefined ? undefined : failureKindOf(table, { status, ...report })) ?? failureKind(status, report)
    );
  }

  /** A short value a server gave (a request id, an error type), cut to 200 characters and clean of secrets. */
  #tag(value: string | undefined): string | undefined {
    return value === undefined ? undefined : this.clean(capText(value, 200));
  }

  /** A body past one of the bounds: not retried (the same server sends the same body), named with its setting. */
  #overLimit(error: LimitExceeded): ProviderFailure {
    const name = /^[A-Za-z_$][\w$]*$/.test(this.#options.provider)
      ? `.${this.#options.provider}`
      : `[${JSON.stringify(this.#options.provider)}]`;
    return this.failure(
      'unknown',
      `${error.what} passed ${error.bytes} bytes, the ${error.limit} bound; the connection was closed. ` +
        `If this server's answers are really that large, raise config.providers${name}.${error.limit} (or ` +
        `${error.limit} in the adapter's settings).`,
    );
  }

  /** The cause to keep on a failure: dropped when any message along its chain holds a secret. */
  #safe(error: unknown): unknown {
    const redactor = this.#options.redactor;
    if (redactor.empty) return error;
    for (let at: unknown = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
      if (redactor.finds(at.message)) return undefined;
    }
    return error;
  }
}

/** A body's JSON, or undefined when it is none. */
function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
