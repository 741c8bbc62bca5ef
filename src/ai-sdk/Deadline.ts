import { abortReason } from '../services/clock/Clock.js';

/**
 * A signal that aborts with the caller's signal (and its reason), or when `timeoutMs` pass; then
 * `passed` is true. `clear()` stops the timer and lets go of the caller's signal.
 */
export class Deadline {
  readonly #controller = new AbortController();
  readonly #outer: AbortSignal;
  readonly #onAbort: () => void;
  readonly #timer: ReturnType<typeof setTimeout>;
  #passed = false;

  constructor(outer: AbortSignal, timeoutMs: number) {
    this.#outer = outer;
    this.#onAbort = () => this.#controller.abort(abortReason(outer));
    if (outer.aborted) this.#controller.abort(abortReason(outer));
    else outer.addEventListener('abort', this.#onAbort, { once: true });
    this.#timer = setTimeout(() => {
      this.#passed = !this.#controller.signal.aborted;
      this.#controller.abort(new DOMException(`No complete answer within ${timeoutMs} ms.`, 'TimeoutError'));
    }, timeoutMs);
    this.#timer.unref?.();
  }

  /** The signal to hand the AI SDK model. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Whether the deadline passed before the call ended or was aborted. */
  get passed(): boolean {
    return this.#passed;
  }

  clear(): void {
    clearTimeout(this.#timer);
    this.#outer.removeEventListener('abort', this.#onAbort);
  }
}
