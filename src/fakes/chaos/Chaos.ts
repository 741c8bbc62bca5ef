import { randomUUID } from 'node:crypto';
import type { CallContext } from '../../services/spec/Provider.js';
import { SentLog } from '../script/SentLog.js';
import type { ChaosKind } from './chaosKinds.js';
import type { ChaosPlan, ChaosSettings } from './chaosSettings.js';
import type { ChaosStep } from './drawChaos.js';

/** One call a chaos layer disturbed: its scope, its model, its step (the index of the call there) and how. */
export interface Disturbance extends ChaosStep {
  readonly kind: ChaosKind;
}

/** How many disturbances `disturbed` keeps: the oldest are let go past it. */
export const DISTURBED_LIMIT = 10_000;

/**
 * A chaos layer, as `app.chaos(settings)` answers it: its settings, and which calls it disturbed and how. Its step
 * counters live in the app's cursor store, per scope and model, so `app.reset()` (which takes the layer off) starts
 * them again.
 *
 * @example
 * ```ts
 * const chaos = app.chaos({ seed: 7, rates: { rate_limit: 0.2 } });
 * await app.reply('writer', { messages: 'Hi' }).catch(() => undefined);
 * chaos.disturbed; // [{ scope: '', model: 'writer', step: 0, kind: 'rate_limit' }] or []
 * ```
 */
export class Chaos {
  /** The settings, as read. */
  readonly settings: ChaosSettings;
  /** @internal The settings, checked and ordered for the draws. */
  readonly plan: ChaosPlan;
  /** @internal The cursor store's script its step counters are kept under: a new one for each layer. */
  readonly script = `chaos\u0000${randomUUID()}`;
  /** @internal Told of each disturbance as it is drawn (the wire server marks the request's `sent` entry). */
  onDisturbed: ((disturbance: Disturbance, context: CallContext) => void) | undefined;
  readonly #disturbed = new SentLog<Disturbance>(DISTURBED_LIMIT);
  #stopped = false;

  /** @internal Use `app.chaos(settings)`. */
  constructor(plan: ChaosPlan) {
    this.plan = plan;
    this.settings = plan.settings;
  }

  /** The calls disturbed, in the order they were (the latest 10,000), across scopes: filter by `scope` for one. */
  get disturbed(): readonly Disturbance[] {
    return this.#disturbed.calls;
  }

  /** Whether the layer still disturbs calls: false once stopped (the wire server's chaos taken off). */
  get active(): boolean {
    return !this.#stopped;
  }

  /** Lets every call through from now on, as if the layer were gone. */
  stop(): void {
    this.#stopped = true;
  }

  /** @internal Lists a disturbance. */
  note(disturbance: Disturbance, context: CallContext): void {
    this.#disturbed.push(disturbance);
    this.onDisturbed?.(disturbance, context);
  }

  /** Forgets the disturbances listed, of `scope` or of every scope. */
  forget(scope?: string): void {
    const kept = scope === undefined ? [] : this.#disturbed.calls.filter((entry) => entry.scope !== scope);
    this.#disturbed.clear();
    for (const entry of kept) this.#disturbed.push(entry);
  }
}
