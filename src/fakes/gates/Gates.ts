import { describeType } from '../../validation/formatPath.js';
import { StandinError } from '../../errors/StandinError.js';
import { abortReason } from '../../services/clock/Clock.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { MAX_GATE_LENGTH } from './holdPart.js';

/** How many gates, across scopes, may keep releases no stream has reached yet. */
export const MAX_KEPT_GATES = 10_000;

/**
 * A gate name for a message, cut to 100 characters; never read through, as a proxy or a throwing `toString` is no text.
 */
export function shownGate(gate: unknown): string {
  return typeof gate === 'string' ? `'${gate.slice(0, 100)}'` : describeType(gate);
}

/** A stream held at a gate: how to let it on, or end it. */
interface Held {
  readonly pass: () => void;
  readonly end: (error: unknown) => void;
}

/** One hold of one stream: where it waits, and for how long at most. */
export interface HoldAt {
  /** The gate's name, as the answer's `{ hold }` part gives it. */
  readonly gate: string;
  /** The scope the call runs in: only a release in that scope lets it on. */
  readonly scope: string;
  /** The longest wait, in ms on the system clock, before the stream fails with `T0071`. */
  readonly timeoutMs: number;
  /** The call's signal: its abort ends the hold. */
  readonly signal: AbortSignal;
  /** Where the hold is, for messages: `app.fake('writer', answers): answers[0]`. */
  readonly where: string;
}

function scopeName(scope: string): string {
  return scope === DEFAULT_SCOPE ? 'the default scope' : `scope '${scope}'`;
}

/**
 * The gates streams hold at, per scope and name. A release lets on the longest waiting stream, or is kept for the next,
 * so a release that comes first is never lost. `end` fails every held stream and forgets every release.
 */
export class Gates {
  readonly #waiting = new Map<string, Held[]>();
  readonly #kept = new Map<string, number>();
  /** The gate names the answers of the fakes declare, with who declared them. */
  readonly #known = new Map<string, string>();
  /** How many fakes answer with a function, whose answers may name any gate. */
  #open = 0;
  /** Why no stream may hold any more, once the owner is gone. */
  #closed: string | undefined;

  /** Notes the gates a fake's answers name, so a release of any other name is a mistake (`T0070`). */
  declare(names: Iterable<string>, owner: string): void {
    for (const name of names) if (!this.#known.has(name)) this.#known.set(name, owner);
  }

  /** Notes a fake whose function answers may name gates not known before the call. */
  declareAny(): void {
    this.#open++;
  }

  /**
   * Lets one stream on past gate `gate` in `scope`, or keeps the release for the next stream to reach it.
   *
   * @throws {StandinError} `T0070` for a name no answer gives; `T0072` after `end('dispose')`; `T0073` for a
   * name that is not a gate name, or past {@link MAX_KEPT_GATES} gates with releases kept.
   */
  release(gate: unknown, scope: string, what: string): void {
    if (this.#closed !== undefined) throw new StandinError('T0072', `${what}: ${this.#closed}, so no stream holds.`);
    if (typeof gate !== 'string' || gate.length === 0 || gate.length > MAX_GATE_LENGTH) {
      throw new StandinError(
        'T0073',
        `${what}: a gate name is a string of 1 to ${MAX_GATE_LENGTH} characters, as in { hold: 'mid' }; got ` +
          `${typeof gate === 'string' ? `a string of ${gate.length}` : describeType(gate)}.`,
      );
    }
    if (!this.#known.has(gate) && this.#open === 0) {
      const known = [...this.#known.keys()].map((name) => `'${name}'`);
      throw new StandinError(
        'T0070',
        `${what}: no answer holds at a gate named '${gate}'. ` +
          (known.length > 0 ? `The answers' gates are ${known.join(', ')}.` : 'No answer of this app has a gate.') +
          ` Release a gate an answer names with { hold: '${gate}' } in its parts, or add that part.`,
      );
    }
    const key = `${scope}\u0000${gate}`;
    const queue = this.#waiting.get(key);
    const first = queue?.shift();
    if (first !== undefined) {
      if (queue!.length === 0) this.#waiting.delete(key);
      first.pass();
      return;
    }
    if (!this.#kept.has(key) && this.#kept.size >= MAX_KEPT_GATES) {
      throw new StandinError(
        'T0073',
        `${what}: ${MAX_KEPT_GATES} gates already keep releases no stream has reached. Release a gate once per ` +
          `stream that holds there, and reset the app between tests.`,
      );
    }
    this.#kept.set(key, (this.#kept.get(key) ?? 0) + 1);
  }

  /**
   * Waits for a release in the hold's scope. Rejects on abort, with `T0071` after `timeoutMs` on a real timer (so a
   * plain program ends with that error rather than hang or exit silently), and `T0072` when the gates end.
   */
  hold(at: HoldAt): Promise<void> {
    if (this.#closed !== undefined)
      return Promise.reject(new StandinError('T0072', `${at.where}: ${this.#closed}, so the stream cannot hold.`));
    if (at.signal.aborted) return Promise.reject(abortReason(at.signal));
    const key = `${at.scope}\u0000${at.gate}`;
    const kept = this.#kept.get(key);
    if (kept !== undefined) {
      if (kept === 1) this.#kept.delete(key);
      else this.#kept.set(key, kept - 1);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        at.signal.removeEventListener('abort', onAbort);
        const queue = this.#waiting.get(key);
        const i = queue?.indexOf(held) ?? -1;
        if (i >= 0) queue!.splice(i, 1);
        if (queue?.length === 0) this.#waiting.delete(key);
      };
      const held: Held = {
        pass: () => {
          done();
          resolve();
        },
        end: (error) => {
          done();
          reject(error);
        },
      };
      const onAbort = (): void => held.end(abortReason(at.signal));
      const timer = setTimeout(() => held.end(late(at)), at.timeoutMs);
      at.signal.addEventListener('abort', onAbort, { once: true });
      const queue = this.#waiting.get(key);
      if (queue === undefined) this.#waiting.set(key, [held]);
      else queue.push(held);
    });
  }

  /** How many streams hold now, in every scope: for tests and for the docs' examples. */
  get holding(): number {
    let count = 0;
    for (const queue of this.#waiting.values()) count += queue.length;
    return count;
  }

  /** Fails the streams held in `scope` (or all) with `T0072` and forgets its releases; names too unless `keepNames`. */
  end(
    why: string,
    options: { readonly scope?: string; readonly keepNames?: boolean; readonly closed?: boolean } = {},
  ): void {
    const { scope } = options;
    const inScope = (key: string): boolean => scope === undefined || key.startsWith(`${scope}\u0000`);
    const held: Held[] = [];
    for (const [key, queue] of this.#waiting) if (inScope(key)) held.push(...queue);
    for (const key of [...this.#waiting.keys(), ...this.#kept.keys()].filter(inScope)) {
      this.#waiting.delete(key);
      this.#kept.delete(key);
    }
    if (options.keepNames !== true) {
      this.#known.clear();
      this.#open = 0;
    }
    if (options.closed === true) this.#closed = why;
    for (const each of held) each.end(new StandinError('T0072', `A stream held at a gate was ended: ${why}.`));
  }
}
function late(at: HoldAt): StandinError {
  return new StandinError(
    'T0071',
    `${at.where}: the stream held at gate '${at.gate}' in ${scopeName(at.scope)} for ${at.timeoutMs} ms and was ` +
      `never released. Call release('${at.gate}') in that scope (app.release, app.scope(id).release, or POST ` +
      `/__standin/release?gate=${at.gate}), or give the hold a longer timeoutMs: { hold: '${at.gate}', timeoutMs }.`,
  );
}
