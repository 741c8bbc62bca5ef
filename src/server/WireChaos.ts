import { Chaos } from '../fakes/chaos/Chaos.js';
import { readChaosSettings, type ChaosSettings } from '../fakes/chaos/chaosSettings.js';
import { layPlan } from '../fakes/chaos/layChaos.js';
import { slotsOf } from '../fakes/slot/Slots.js';
import { readGuard } from '../validation/readGuard.js';
import type { TestApp } from '../testing/TestApp.js';
import type { SentLog } from './SentLog.js';

/**
 * A wire server's chaos: `app.chaos`'s layer on each app the server makes, its counters in the server's cursor store,
 * so a request draws as the same call in process does. Disturbed requests are marked in `sent`.
 */
export class WireChaos {
  readonly #sent: SentLog;
  #current: Chaos | undefined;

  constructor(sent: SentLog) {
    this.#sent = sent;
  }

  /** The chaos laid now; undefined when none is. */
  get current(): Chaos | undefined {
    return this.#current;
  }

  /**
   * Lays chaos with `settings` in place of the chaos laid before, or with undefined takes it off; answers the chaos laid.
   *
   * @throws {StandinError} `T0090`-`T0094` for bad settings, the settings named as `where`.
   */
  set(settings: ChaosSettings | undefined, where = 'server.chaos(settings)'): Chaos | undefined {
    const made =
      settings === undefined ? undefined : new Chaos(readGuard(where, () => readChaosSettings(settings, where)));
    this.#current?.stop();
    this.#current = made;
    if (made !== undefined)
      made.onDisturbed = (disturbance, context) => this.#sent.mark(context.requestId, disturbance.kind);
    return made;
  }

  /** Lays the chaos on `app` when it is not on it yet: before each request the app answers. */
  ready(app: TestApp): void {
    const current = this.#current;
    if (current === undefined || !current.active) return;
    if (
      slotsOf(app.container)
        .layers()
        .some((layer) => layer.source === current)
    )
      return;
    layPlan(app.container, current, true);
  }

  /** Forgets the disturbances listed, of `scope` or of every scope (the server's reset). */
  forget(scope?: string): void {
    this.#current?.forget(scope);
  }
}
