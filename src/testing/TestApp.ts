import { InstantClock } from '../fakes/clock/InstantClock.js';
import { RealCallGuard } from '../fakes/guard/RealCallGuard.js';
import { FakingApp } from './FakingApp.js';
import { sharedScriptsOf } from '../fakes/shared/bindSharedFakes.js';
import { Tokens } from '../tokens/Tokens.js';
import { bindCassette } from '../fakes/cassettes/bindCassette.js';
import type { Cassette } from '../fakes/cassettes/Cassette.js';
import type { CassetteSettings } from '../fakes/cassettes/cassetteSettings.js';
import { StandinError } from '../errors/StandinError.js';
import { assertAlive, isDisposed } from '../services/app/disposed.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import { bindQuota, type QuotaSettings } from '../fakes/quota/bindQuota.js';
import type { Quota } from '../fakes/quota/Quota.js';
import { shownGate } from '../fakes/gates/Gates.js';
import { slotsOf } from '../fakes/slot/Slots.js';
import { appTranscript, type TranscriptOptions } from './appTranscript.js';
import { pendingOf, resetSlots, verifySlots, type StandInFinding } from '../fakes/slot/verifySlots.js';
import { chaos, type Chaos, type ChaosSettings } from '../fakes/chaos/layChaos.js';

/**
 * An app for tests, made by `createTestApp`: its clock is instant and it calls no real provider
 * unless told to.
 *
 * @example
 * ```ts
 * const app = createTestApp(config);
 * app.allowRealCalls('openai'); // only in a test that means to
 * ```
 */
export class TestApp extends FakingApp {
  #cassette: Cassette | undefined;

  /** The app's instant clock: read `clock.slept` to see the delays retries waited. */
  get clock(): InstantClock {
    assertAlive(this.container, 'app.clock');
    return this.container.get(Tokens.Clock) as InstantClock;
  }

  /**
   * Connects the cursor store now and, in a Redis namespace, waits until every script this app
   * faked (`fake`, `fakeClassifier`) is published: await it before another process calls.
   * Rejects with the store's failure (`D0001` when Redis is unreachable, its URL's password
   * masked) or a publication's.
   *
   * @example
   * ```ts
   * app.fake('writer', [{ text: 'Hi' }]);
   * await app.ready(); // now any process of the namespace gets 'Hi'
   * ```
   */
  override async ready(): Promise<void> {
    await super.ready();
    await sharedScriptsOf(this.container)?.ready();
  }

  /**
   * Checks every stand-in of this app at once — every fake and scope fake of every model, the
   * classifier's fakes, the cassette, the namespace's scripts — and rejects with `T0049` listing
   * every answer never asked for, every entry never replayed and every test author's error a call
   * raised (even one the app caught), a real call the guard refused (`E0008`, `K0006`) among
   * them, grouped by stand-in and scope. One `await app.verify()` in
   * `afterEach` stands for a `verify()` per fake.
   *
   * @example
   * ```ts
   * afterEach(() => app.verify());
   * ```
   */
  async verify(): Promise<void> {
    assertAlive(this.container, 'app.verify()');
    const guard = this.container.get(Tokens.RealCallGuard, { optional: true });
    const refused = guard instanceof RealCallGuard ? guard.findings() : [];
    await verifySlots(
      slotsOf(this.container),
      refused.map((finding) => ({ ...finding, standIn: 'the real-call guard' })),
    );
  }

  /**
   * What every stand-in still holds unused: answers never asked for, script entries never taken,
   * cassette entries never replayed, each with the stand-in and scope it waits in.
   *
   * @example
   * ```ts
   * expect(await app.pending()).toEqual([]);
   * ```
   */
  async pending(): Promise<readonly StandInFinding[]> {
    assertAlive(this.container, 'app.pending()');
    return pendingOf(slotsOf(this.container));
  }

  /**
   * Every step the app's faked models took, as stable text for a snapshot: per scope, each run's
   * steps and each call in the order they were asked, with what each was asked, what it answered,
   * its tool calls and the tools' results, failures and retries. Step keys, ids, times and units
   * are left out, so the text changes only when behaviour does. Read from what the fakes record
   * (`sent`, and how each call ended), within the same limits.
   *
   * @throws {StandinError} `T0065` for options other than `{ scope? }`.
   * @example
   * ```ts
   * await app.run(helpdesk, 'How do I reset my password?');
   * expect(app.transcript()).toMatchSnapshot();
   * ```
   */
  transcript(options?: TranscriptOptions): string {
    assertAlive(this.container, 'app.transcript()');
    return appTranscript(this.container, options);
  }

  /**
   * Takes every stand-in off: every fake, scope fake, classifier fake, cassette and namespace
   * layer. Their cursors are cleared and their `sent` emptied, the clock's `slept` and the calls
   * the real-call guard refused are forgotten, so a call afterwards reaches what
   * the container binds — in a test app, the real-call guard — and the same script faked again
   * starts from its first answer. A cassette is not saved: save it first. The app stays usable.
   *
   * @example
   * ```ts
   * afterEach(async () => {
   *   await app.verify();
   *   await app.reset();
   * });
   * ```
   */
  async reset(): Promise<void> {
    assertAlive(this.container, 'app.reset()');
    this.#cassette = undefined;
    const guard = this.container.get(Tokens.RealCallGuard, { optional: true });
    if (guard instanceof RealCallGuard) guard.forget();
    const clock = this.container.get(Tokens.Clock);
    if (clock instanceof InstantClock) clock.clear();
    await resetSlots(slotsOf(this.container), this.container.get(Tokens.CursorStore));
  }

  /**
   * Plays a provider's limits on the app's clock over `models` (one, a list sharing them, undefined for all): a call
   * past a limit gets the provider's `rate_limit` with the `retryAfterMs` the window implies. See {@link bindQuota}.
   * @example
   * ```ts
   * const quota = app.quota('writer', { requestsPerMinute: 3, concurrent: 2 });
   * ```
   */
  quota(models: string | readonly string[] | undefined, settings: QuotaSettings): Quota {
    return bindQuota(this.container, models, settings);
  }

  /**
   * Lets one stream held at gate `gate` on — in the scope the caller runs in (inside
   * `app.scope(id, fn)`, that scope; outside any, the default scope): the stream that has waited
   * there longest, or, when none waits yet, the next one to reach the gate (a release is never lost).
   * `app.scope(id).release(gate)` names the scope.
   *
   * @throws {StandinError} `T0070` for a gate no answer of the app names; `T0073` for a name that is not a gate name.
   * @example
   * ```ts
   * app.fake('writer', [{ parts: ['Hel', { hold: 'mid' }, 'lo'] }]);
   * const stream = app.stream('writer', { messages: 'Hi' });
   * await stream.next(); // 'Hel'
   * app.release('mid');
   * await stream.next(); // 'lo'
   * ```
   */
  release(gate: string): void {
    assertAlive(this.container, 'app.release(...)');
    const scope = this.container.get(Tokens.Scopes).active ?? DEFAULT_SCOPE;
    slotsOf(this.container).gates.release(gate, scope, `app.release(${shownGate(gate)})`);
  }

  /**
   * Ends every stream held at a gate (`T0072`), then releases the container (see `App.dispose`).
   *
   * @example
   * ```ts
   * afterAll(() => app.dispose());
   * ```
   */
  override async dispose(): Promise<void> {
    if (!isDisposed(this.container))
      slotsOf(this.container).gates.end('app.dispose() released the app', { closed: true });
    await super.dispose();
  }

  /**
   * Lays seeded chaos over the models (`settings.models`, else all) and their stand-ins: each call draws from the seed
   * by scope, model and step whether it fails or misbehaves (`T0090`-`T0096`). Again replaces it; `reset()` ends it.
   *
   * @example
   * ```ts
   * const chaos = app.chaos({ seed: 7, rates: { rate_limit: 0.1, invalid_json: 0.05 } });
   * ```
   */
  chaos(settings: ChaosSettings): Chaos {
    return chaos(this, settings);
  }

  /** Lets calls reach the real adapters of the named providers, or of every provider when none is named. */
  allowRealCalls(...providers: string[]): void {
    assertAlive(this.container, 'app.allowRealCalls(...)');
    (this.container.get(Tokens.RealCallGuard) as RealCallGuard).allow(...providers);
  }

  /**
   * Puts a cassette on this app: every configured model and the classifier are answered from
   * the file at `path` (`mode: 'replay'`, the default), or through the real adapters with every
   * exchange recorded (`'record'`, `'record-missing'`). `STANDIN_CASSETTES` overrides the mode
   * for a run. Faking a model or the classifier afterwards takes its place from the cassette.
   * With `tools: true` every tool run is kept too, beside the reply that asked for it.
   *
   * @throws {StandinError} `V0002` for bad settings, `V0001` for a file that is not a cassette, `V0007` for a second
   * cassette.
   * @example
   * ```ts
   * const cassette = app.cassette('test/cassettes/helpdesk.json');
   * afterAll(() => cassette.save());
   * ```
   */
  cassette(path: string | URL, settings?: CassetteSettings): Cassette {
    assertAlive(this.container, 'app.cassette(...)');
    if (this.#cassette !== undefined) {
      throw new StandinError(
        'V0007',
        `This app already has the cassette ${this.#cassette.path}: one cassette per app. Make another app for ` +
          `${String(path)}.`,
      );
    }
    this.#cassette = bindCassette(this.container, path, settings);
    return this.#cassette;
  }
}
