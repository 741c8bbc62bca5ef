import type { CursorStore } from '../../services/cursors/CursorStore.js';
import type { CursorSlot } from './CursorSlot.js';

/**
 * Calls on one cursor take its entries in call order, each waiting for the one before; nothing is held once they are
 * done.
 */
export class CursorQueue {
  /** The tail of the calls in flight on each cursor, per store. */
  readonly #queues = new WeakMap<CursorStore, Map<string, Promise<unknown>>>();

  /** Runs `fn` after every earlier call on the same cursor has settled. */
  run<T>(slot: CursorSlot, fn: () => Promise<T>): Promise<T> {
    let queues = this.#queues.get(slot.store);
    if (queues === undefined) {
      queues = new Map();
      this.#queues.set(slot.store, queues);
    }
    const key = `${slot.scope}\u0000${slot.script}`;
    const before = queues.get(key);
    const run = before === undefined ? fn() : before.then(fn);
    const tail = run.then(settled, settled);
    queues.set(key, tail);
    const owner = queues;
    void tail.then(() => {
      if (owner.get(key) === tail) owner.delete(key);
    });
    return run;
  }
}

function settled(): void {}
