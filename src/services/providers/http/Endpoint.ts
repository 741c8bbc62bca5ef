import type { FailureReader, FailureTable } from '../../../protocols/failures.js';
import type { CallContext } from '../../spec/Provider.js';
import { apiKey } from './apiKey.js';
import type { Exchange } from './Exchange.js';
import type { HttpProviderSettings } from './HttpSettings.js';
import { limitsOf, type Limits } from './limits.js';
import { Redactor } from './redact.js';

/** How one vendor's HTTP API is reached. */
export interface EndpointOptions {
  /** The adapter's parsed settings. */
  readonly settings: HttpProviderSettings;
  /** The vendor's own base URL, used when the settings give none. */
  readonly defaultURL: string;
  /** The environment variable of the vendor's key. */
  readonly keyVariable: string;
  /** The response header that holds the vendor's request id. */
  readonly requestIdHeader: string;
  /** The header(s) that carry the key. */
  readonly auth: (key: string) => Readonly<Record<string, string>>;
  /** The protocol's failure table, read before the words every provider's errors share. */
  readonly failures?: FailureTable;
  /** The protocol's own reading of its error bodies, asked before the table. */
  readonly readFailure?: FailureReader;
  /** Headers the protocol needs on every request (a version header). */
  readonly protocolHeaders?: Readonly<Record<string, string>>;
  /** The API needs no key (a local server): one is sent only when given, and no environment variable is read. */
  readonly keyless?: boolean;
}

/** Ten minutes, as the vendors' own clients wait. */
const DEFAULT_TIMEOUT_MS = 600_000;

/** One call's exchange and the headers to send with it. */
export interface OpenCall {
  readonly exchange: Exchange;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * A vendor's HTTP API as an adapter sees it; each call gets its key and a fresh {@link Exchange} that masks every
 * secret.
 */
export class Endpoint {
  readonly #options: EndpointOptions;
  readonly #base: string;
  readonly #ownURL: boolean;
  readonly #fetch: typeof globalThis.fetch;
  readonly #limits: Limits;
  readonly #headerSecrets: readonly string[];
  /** The redactor of the last key a call used: most adapters use one key for every call. */
  #redactor: { readonly key: string | undefined; readonly redactor: Redactor } | undefined;

  constructor(options: EndpointOptions) {
    this.#options = options;
    this.#limits = limitsOf(options.settings);
    // Any configured header may carry a secret (a gateway key, a session token): each value is masked like the key.
    this.#headerSecrets = Object.values(options.settings.headers ?? {});
    this.#base = (options.settings.baseURL ?? options.defaultURL).replace(/\/+$/, '');
    this.#ownURL = this.#base === options.defaultURL.replace(/\/+$/, '');
    this.#fetch = options.settings.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** The full URL of `path` (which starts with `/`). */
  url(path: string): string {
    return this.#base + path;
  }

  /**
   * Opens one call (`P0003` when the vendor's own URL would get no key). The HTTP code loads here, so a program that
   * never calls a vendor never reads it.
   */
  async open(
    context: Pick<CallContext, 'provider' | 'apiKey' | 'signal' | 'attempt'>,
    contentType: string | undefined,
    accept: string,
  ): Promise<OpenCall> {
    const key = apiKey({
      provider: context.provider,
      given: context.apiKey ?? this.#options.settings.apiKey,
      variable: this.#options.keyVariable,
      ownURL: this.#ownURL && this.#options.keyless !== true,
    });
    const headers: Record<string, string> = { accept, ...this.#options.protocolHeaders };
    for (const [name, value] of Object.entries(this.#options.settings.headers ?? {}))
      headers[name.toLowerCase()] = value;
    // The body's type is the adapter's to say: a multipart body (no type here) sets its own, with its boundary.
    if (contentType !== undefined) headers['content-type'] = contentType;
    else delete headers['content-type'];
    if (key !== undefined) Object.assign(headers, this.#options.auth(key));
    const { Exchange } = await import('./Exchange.js');
    const exchange = new Exchange({
      provider: context.provider,
      signal: context.signal,
      timeoutMs: this.#options.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      key,
      redactor: this.#redactorFor(key),
      limits: this.#limits,
      fetch: this.#fetch,
      requestIdHeader: this.#options.requestIdHeader,
      attempt: context.attempt,
      failures: this.#options.failures,
      readFailure: this.#options.readFailure,
    });
    return { exchange, headers };
  }

  #redactorFor(key: string | undefined): Redactor {
    if (this.#redactor?.key !== key || this.#redactor === undefined)
      this.#redactor = { key, redactor: new Redactor([key, ...this.#headerSecrets]) };
    return this.#redactor.redactor;
  }
}
