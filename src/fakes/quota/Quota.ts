import { ProviderFailure } from '../../errors/ProviderFailure.js';
import type { Clock } from '../../services/clock/Clock.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { CallContext, Capability } from '../../services/spec/Provider.js';
import {
  QuotaLedger,
  isRefusal,
  WINDOW_MS,
  type Admitted,
  type LedgerRefusal,
  type QuotaLimit,
  type QuotaUsage,
} from './QuotaLedger.js';
import type { QuotaLimits } from './quotaSettings.js';

/**
 * One call a quota refused.
 *
 * @example
 * ```ts
 * const [first]: readonly QuotaRefusal[] = quota.refused;
 * first?.retryAfterMs; // 30000
 * ```
 */
export interface QuotaRefusal {
  /** The scope the call ran in (`''` outside any scope). */
  readonly scope: string;
  /** The model called (after fallback, the model tried). */
  readonly model: string;
  /** The capability called: `reply`, `embed`, ... */
  readonly call: Capability;
  /** When, on the app's clock. */
  readonly at: number;
  /** The wait the rate limit asked for; undefined when time alone does not make room (`concurrent`, a call over the limit). */
  readonly retryAfterMs: number | undefined;
  /** The limit that refused it. */
  readonly limit: QuotaLimit;
}

/** How many scopes' ledgers a quota holds before it lets go of the idle ones. */
const SWEEP_AT = 1000;

/** The most refusals a quota keeps: the oldest are let go past it. */
const KEPT = 1000;

/**
 * A provider's limits played on an app's clock, over the models `app.quota(models, settings)` named: a call past them
 * fails as the provider's rate limit does (a `ProviderFailure` of kind `rate_limit`, status 429) with the
 * `retryAfterMs` the window implies, so what a test checks is the application's own pacing and backoff. The models
 * listed together share the limits, as models behind one API key do.
 *
 * @example
 * ```ts
 * const quota = app.quota('writer', { requestsPerMinute: 3 });
 * quota.refused; // [{ scope: '', model: 'writer', call: 'reply', at: 0, retryAfterMs: 60000, limit: 'requestsPerMinute' }]
 * ```
 */
export class Quota {
  /** The models the quota covers. */
  readonly models: readonly string[];
  /** What the test wrote, for messages. */
  readonly label: string;
  readonly #limits: QuotaLimits;
  readonly #clock: Clock;
  readonly #ledgers = new Map<string, QuotaLedger>();
  #refused: QuotaRefusal[] = [];

  constructor(models: readonly string[], limits: QuotaLimits, clock: Clock, label: string) {
    this.models = models;
    this.#limits = limits;
    this.#clock = clock;
    this.label = label;
  }

  /** The limits the quota plays. */
  get limits(): QuotaLimits {
    return this.#limits;
  }

  /** Every call the quota refused, oldest first: at least the last 1000, the older let go in one trim past 2000. */
  get refused(): readonly QuotaRefusal[] {
    return this.#refused;
  }

  /**
   * What the window holds now: for the whole app, or with `per: 'scope'` for `scope` (the
   * default scope, `''`, when left out).
   *
   * @example
   * ```ts
   * quota.usage(); // { requests: 2, tokens: 180, inFlight: 1 }
   * ```
   */
  usage(scope: string = DEFAULT_SCOPE): QuotaUsage {
    const ledger = this.#ledgers.get(this.#key(scope));
    return ledger === undefined ? { requests: 0, tokens: 0, inFlight: 0 } : ledger.usage(this.#clock.now());
  }

  /**
   * Admits a call of `capability` estimated at `tokens`, or throws the rate limit it hits.
   *
   * @throws {ProviderFailure} kind `rate_limit`, status 429.
   */
  admit(capability: Capability, tokens: number, context: CallContext): Admitted {
    const key = this.#key(context.scope);
    let ledger = this.#ledgers.get(key);
    const now = this.#clock.now();
    if (ledger === undefined) {
      if (this.#ledgers.size >= SWEEP_AT) this.#sweep(now);
      ledger = new QuotaLedger(this.#limits);
      this.#ledgers.set(key, ledger);
    }
    const answer = ledger.admit(now, tokens);
    if (!isRefusal(answer)) return answer;
    const refusal: QuotaRefusal = {
      scope: context.scope,
      model: context.modelName,
      call: capability,
      at: now,
      retryAfterMs: answer.retryAfterMs,
      limit: answer.limit,
    };
    this.#refused.push(refusal);
    if (this.#refused.length > 2 * KEPT) this.#refused = this.#refused.slice(-KEPT);
    const over = answer.limit === 'tokensPerMinute' && answer.asked > this.#limits.tokensPerMinute!;
    throw new ProviderFailure(
      'rate_limit',
      `Rate limit reached for model '${context.modelName}' by ${this.label}: ${this.#why(answer)}`,
      {
        status: 429,
        provider: context.provider,
        retryAfterMs: answer.retryAfterMs,
        ...(over ? { retryable: false } : {}),
      },
    );
  }

  /** Forgets every call it counted and refused: `app.reset()` took it off. */
  forget(): void {
    this.#ledgers.clear();
    this.#refused = [];
  }

  /** What the limit is, what the window holds, and when to try again. */
  #why(refusal: LedgerRefusal): string {
    const limit = this.#limits[refusal.limit]!;
    const { used, asked } = refusal;
    const seconds = WINDOW_MS / 1000;
    const held =
      refusal.limit === 'requestsPerMinute'
        ? `${used} call${used === 1 ? '' : 's'} started in the last ${seconds} s`
        : refusal.limit === 'tokensPerMinute'
          ? `the calls of the last ${seconds} s used ${used} tokens, and this one asks for ${asked}`
          : `${used} call${used === 1 ? ' is' : 's are'} in flight`;
    const wait =
      refusal.retryAfterMs !== undefined
        ? `Try again in ${refusal.retryAfterMs} ms, when the window has room.`
        : refusal.limit === 'concurrent'
          ? 'Try again once a call in flight has ended.'
          : 'The request alone is larger than the limit: no wait makes room for it.';
    return `${refusal.limit} is ${limit}, and ${held}. ${wait}`;
  }

  #key(scope: string): string {
    return this.#limits.per === 'scope' ? scope : '';
  }

  /** Lets go of the ledgers of scopes that have nothing in the window or in flight, so a server's many request scopes do not pile up. */
  #sweep(now: number): void {
    for (const [key, ledger] of this.#ledgers) {
      ledger.usage(now);
      if (ledger.idle) this.#ledgers.delete(key);
    }
  }
}
