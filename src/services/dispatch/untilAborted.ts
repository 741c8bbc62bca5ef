import { abortReason } from '../clock/Clock.js';

let never: AbortSignal | undefined;

/** A signal that never aborts, made on first use, so a program that makes no call never loads AbortController. */
export function neverAborted(): AbortSignal {
  return (never ??= new AbortController().signal);
}

/** Settles as `promise` does, or rejects with the signal's reason as soon as it aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal === never) return promise;
  if (signal.aborted) {
    // The abort wins; whatever the dropped promise settles with must not surface as unhandled.
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort!));
}

/** Races promises against one signal with one listener: {@link untilAborted} for a loop of awaits. */
export interface AbortGate {
  /** Settles as `promise` does, or rejects with the signal's reason as soon as it aborts. */
  race<T>(promise: Promise<T>): Promise<T>;
  /** Removes the gate's listener from the signal; call it once the loop is over. */
  close(): void;
}

const open: AbortGate = { race: (promise) => promise, close: () => undefined };

/**
 * One listener per signal for all its open gates: a keep-alive connection's signal serves request after request, and a
 * listener per request costs more than the request's own work.
 */
const gates = new WeakMap<AbortSignal, Set<SignalGate>>();

function watch(signal: AbortSignal, gate: SignalGate): Set<SignalGate> {
  let open = gates.get(signal);
  if (open === undefined) {
    const watched = new Set<SignalGate>();
    gates.set(signal, watched);
    signal.addEventListener(
      'abort',
      () => {
        for (const each of watched) each.abort();
        watched.clear();
      },
      { once: true },
    );
    open = watched;
  }
  open.add(gate);
  return open;
}

/**
 * A race keeps only its own reject: racing one long-lived promise would add a reaction to it per part, and an endless
 * stream would hold every part it ever sent.
 */
class SignalGate implements AbortGate {
  readonly #signal: AbortSignal;
  readonly #open: Set<SignalGate>;
  /** The rejects of the races still running; emptied as each settles. */
  readonly #running = new Set<(reason: unknown) => void>();

  constructor(signal: AbortSignal) {
    this.#signal = signal;
    this.#open = watch(signal, this);
  }

  /** Rejects every race still running: the signal aborted. */
  abort(): void {
    const reason = abortReason(this.#signal);
    for (const reject of this.#running) reject(reason);
    this.#running.clear();
  }

  race<T>(promise: Promise<T>): Promise<T> {
    if (this.#signal.aborted) {
      // The abort wins; whatever the dropped promise settles with must not surface as unhandled.
      promise.catch(() => undefined);
      return Promise.reject(abortReason(this.#signal));
    }
    return new Promise<T>((resolve, reject) => {
      this.#running.add(reject);
      promise.then(
        (value) => {
          this.#running.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          this.#running.delete(reject);
          reject(error);
        },
      );
    });
  }

  close(): void {
    this.#open.delete(this);
  }
}

/** An {@link AbortGate} on `signal`: a loop that awaits many parts adds one abort listener, not one per part. */
export function abortGate(signal: AbortSignal): AbortGate {
  return signal === never ? open : new SignalGate(signal);
}
