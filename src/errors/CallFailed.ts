import type { ProviderFailure } from './ProviderFailure.js';
import type { FailureKind } from '../services/spec/failures.js';
import { StandinError, nameErrorClass } from './StandinError.js';

/** One failed attempt at one model. */
export interface Attempt {
  /** The model name tried. */
  readonly model: string;
  /** The attempt's number at that model, from 1. */
  readonly attempt: number;
  /** Why it failed. */
  readonly kind: FailureKind;
  /** The provider's message. */
  readonly message: string;
}

/**
 * A call failed on every model it was allowed to try: the model called and its fallbacks, each
 * after its retries. `failures` lists every attempt; `kind` and `cause` are the last one's. Code `E0005`.
 *
 * @example
 * ```ts
 * try { await app.reply('writer', request); }
 * catch (e) { if (e instanceof CallFailed) console.log(e.failures.map((f) => `${f.model}: ${f.kind}`)); }
 * ```
 */
export class CallFailed extends StandinError {
  /** The model the application called. */
  readonly model: string;
  /** Every failed attempt, in order. */
  readonly failures: readonly Attempt[];
  /** The kind of the last failure. */
  readonly kind: FailureKind;

  constructor(model: string, failures: readonly Attempt[], last: ProviderFailure, note = '') {
    super('E0005', `${summary(model, failures)}${note}`, { cause: last });
    this.model = model;
    this.failures = failures;
    this.kind = last.kind;
  }

  static {
    nameErrorClass(this, 'CallFailed');
  }
}

function summary(model: string, failures: readonly Attempt[]): string {
  const byModel = new Map<string, Attempt[]>();
  for (const failure of failures) byModel.set(failure.model, [...(byModel.get(failure.model) ?? []), failure]);
  const tried = [...byModel].map(([name, attempts]) => {
    const reasons = attempts.map((a) => `${a.kind}: ${a.message}`).join('; ');
    return `${name} (${attempts.length} attempt${attempts.length === 1 ? '' : 's'}: ${reasons})`;
  });
  return `Model '${model}' failed. Tried ${tried.join(', then ')}.`;
}
