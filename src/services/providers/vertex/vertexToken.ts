import { ProviderFailure } from '../../../errors/ProviderFailure.js';
import { StandinError } from '../../../errors/StandinError.js';
import { abortReason } from '../../clock/Clock.js';
import { untilAborted } from '../../dispatch/untilAborted.js';
import type { CallContext } from '../../spec/Provider.js';
import { capText } from '../http/capText.js';
import { describeError } from '../http/describeError.js';
import { DefaultCredentials, type AccessToken } from './googleAuth.js';
import type { VertexProviderSettings } from './VertexProviderSettings.js';

/** Ten minutes, as the vendors' own clients wait: the longest a token is waited for by default. */
const DEFAULT_TIMEOUT_MS = 600_000;

/** A token is asked for again this long before it expires, so none reaches Google in its last seconds. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The bearer tokens of one Vertex adapter: from its token function, else from application-default credentials. A token
 * whose source says when it expires is kept until shortly before then; one without an expiry is asked for each call.
 */
export class VertexTokens {
  readonly #settings: VertexProviderSettings;
  readonly #defaults = new DefaultCredentials();
  #kept: AccessToken | undefined;

  constructor(settings: VertexProviderSettings) {
    this.#settings = settings;
  }

  /** A token for one call, waited for at most the settings' `timeoutMs`, or the call's signal. */
  async token(context: CallContext, now: number = Date.now()): Promise<string> {
    const kept = this.#kept;
    if (kept?.expiresAt !== undefined && now < kept.expiresAt - EXPIRY_MARGIN_MS) return kept.token;
    const given = this.#settings.token;
    const source = (): Promise<string | AccessToken> =>
      given === undefined ? this.#defaults.token() : Promise.resolve().then(given);
    const what = given === undefined ? "Google's application-default credentials" : 'the token function';
    const timeoutMs = this.#settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const signal = AbortSignal.any([context.signal, deadline.signal]);
    const fail = (message: string, kind: 'auth' | 'timeout') =>
      new ProviderFailure(kind, `${context.provider}: ${message}`, { provider: context.provider });
    try {
      const got: unknown = await untilAborted(source(), signal);
      const token = typeof got === 'string' ? got : (got as AccessToken).token;
      if (typeof token !== 'string' || token === '')
        throw fail(`${what} gave no token (it must give an OAuth access token as a string).`, 'auth');
      if (typeof got !== 'string') this.#kept = got as AccessToken;
      return token;
    } catch (error) {
      if (context.signal.aborted) throw abortReason(context.signal);
      if (deadline.signal.aborted)
        throw fail(`${what} gave no token within ${timeoutMs} ms (the provider's timeoutMs).`, 'timeout');
      if (error instanceof ProviderFailure || error instanceof StandinError) throw error;
      throw fail(`${what} failed: ${capText(describeError(error))}`, 'auth');
    } finally {
      clearTimeout(timer);
    }
  }
}
