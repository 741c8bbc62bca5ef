import type { QuotaLimits } from './quotaSettings.js';

/** How long a call stays in a quota's window: a provider's minute. */
export const WINDOW_MS = 60_000;

/**
 * Which limit refused a call.
 *
 * @example
 * ```ts
 * const limit: QuotaLimit = quota.refused[0]!.limit; // 'requestsPerMinute'
 * ```
 */
export type QuotaLimit = 'requestsPerMinute' | 'tokensPerMinute' | 'concurrent';

/** Why a ledger refused a call: the limit, and when the call would fit (undefined when time alone cannot tell). */
export interface LedgerRefusal {
  readonly limit: QuotaLimit;
  /** How long until the window frees enough room; undefined for `concurrent` or a call larger than the limit. */
  readonly retryAfterMs: number | undefined;
  /** What the window holds now, for the message: requests, tokens or calls in flight. */
  readonly used: number;
  /** What the call asked for: 1 request, its estimated tokens, 1 call. */
  readonly asked: number;
}

/**
 * What a quota's window holds now.
 *
 * @example
 * ```ts
 * const { requests, tokens, inFlight }: QuotaUsage = quota.usage();
 * ```
 */
export interface QuotaUsage {
  /** Calls started in the last 60 s. */
  readonly requests: number;
  /** Tokens of the calls started in the last 60 s: estimates for those still going, units for those that ended. */
  readonly tokens: number;
  /** Calls going on now. */
  readonly inFlight: number;
}

/** One admitted call, in the window until `at + WINDOW_MS`. */
interface Entry {
  readonly at: number;
  tokens: number;
}

/** An admitted call: `settle` says it ended, with the units it reported when it reported any. */
export interface Admitted {
  settle(units?: { readonly tokensIn: number; readonly tokensOut: number }): void;
}

/** One key's calls of the last 60 s and in flight, in start order (the clock never goes back). */
export class QuotaLedger {
  readonly #limits: QuotaLimits;
  #entries: Entry[] = [];
  #inFlight = 0;

  constructor(limits: QuotaLimits) {
    this.#limits = limits;
  }

  /** Whether the ledger holds nothing: a scope's ledger is let go then. */
  get idle(): boolean {
    return this.#entries.length === 0 && this.#inFlight === 0;
  }

  /** What the ledger holds at `now`. */
  usage(now: number): QuotaUsage {
    this.#prune(now);
    let tokens = 0;
    for (const entry of this.#entries) tokens += entry.tokens;
    return { requests: this.#entries.length, tokens, inFlight: this.#inFlight };
  }

  /**
   * Admits a call or answers why not; of two refusing limits, the one whose room comes later, as the call fits only
   * then.
   */
  admit(now: number, tokens: number): Admitted | LedgerRefusal {
    const { requestsPerMinute: rpm, tokensPerMinute: tpm, concurrent } = this.#limits;
    this.#prune(now);
    const entries = this.#entries;
    if (concurrent !== undefined && this.#inFlight >= concurrent)
      return { limit: 'concurrent', retryAfterMs: undefined, used: this.#inFlight, asked: 1 };
    let refusal: LedgerRefusal | undefined;
    if (rpm !== undefined && entries.length >= rpm) {
      // The call fits once all but rpm - 1 of the calls in the window have left it.
      const leaving = entries[entries.length - rpm]!;
      refusal = {
        limit: 'requestsPerMinute',
        retryAfterMs: leaving.at + WINDOW_MS - now,
        used: entries.length,
        asked: 1,
      };
    }
    if (tpm !== undefined) {
      const refused = this.#tokensRefusal(now, tokens, tpm);
      if (
        refused !== undefined &&
        (refusal === undefined || (refused.retryAfterMs ?? Infinity) > refusal.retryAfterMs!)
      )
        refusal = refused;
    }
    if (refusal !== undefined) return refusal;
    const entry: Entry = { at: now, tokens };
    // A call that counts for no limit kept in the window is not kept.
    if (rpm !== undefined || (tpm !== undefined && tokens > 0)) entries.push(entry);
    this.#inFlight++;
    let settled = false;
    return {
      settle: (units) => {
        if (settled) return;
        settled = true;
        this.#inFlight--;
        if (units !== undefined) entry.tokens = units.tokensIn + units.tokensOut;
      },
    };
  }

  #tokensRefusal(now: number, tokens: number, tpm: number): LedgerRefusal | undefined {
    let used = 0;
    for (const entry of this.#entries) used += entry.tokens;
    if (used + tokens <= tpm) return undefined;
    const refusal = { limit: 'tokensPerMinute', used, asked: tokens } as const;
    if (tokens > tpm) return { ...refusal, retryAfterMs: undefined };
    let left = used;
    for (const entry of this.#entries) {
      left -= entry.tokens;
      if (left + tokens <= tpm) return { ...refusal, retryAfterMs: entry.at + WINDOW_MS - now };
    }
    return { ...refusal, retryAfterMs: undefined };
  }

  /** Lets go of the calls that left the window by `now`. */
  #prune(now: number): void {
    const entries = this.#entries;
    let gone = 0;
    while (gone < entries.length && entries[gone]!.at + WINDOW_MS <= now) gone++;
    if (gone > 0) this.#entries = entries.slice(gone);
  }
}

/** Whether a ledger's answer is a refusal. */
export function isRefusal(answer: Admitted | LedgerRefusal): answer is LedgerRefusal {
  return 'limit' in answer;
}
