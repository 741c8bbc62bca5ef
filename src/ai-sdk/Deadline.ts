import { abortReason } from '../services/clock/Clock.js';

/** Aborts with the caller's signal or after `timeoutMs` (then `passed`); `clear()` lets go of both. */
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
