import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortGate, neverAborted } from '../../../src/services/dispatch/untilAborted.js';

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

describe('abortGate', () => {
  describe('.race', () => {
    it('settles as the promise does while the signal stands', async () => {
      const gate = abortGate(new AbortController().signal);
      await expect(gate.race(Promise.resolve('part'))).resolves.toBe('part');
      await expect(gate.race(Promise.reject(new Error('broken part')))).rejects.toThrow('broken part');
      gate.close();
    });

    it("rejects with the signal's reason as soon as it aborts, though the promise never settles", async () => {
      const controller = new AbortController();
      const gate = abortGate(controller.signal);
      const raced = gate.race(never());
      controller.abort(new Error('client went away'));
      await expect(raced).rejects.toThrow('client went away');
      gate.close();
    });

    it('rejects at once on a signal aborted before the gate was made', async () => {
      const controller = new AbortController();
      controller.abort(new Error('too late'));
      const gate = abortGate(controller.signal);
      await expect(gate.race(Promise.resolve('part'))).rejects.toThrow('too late');
      gate.close();
    });

    it('hands the promise back as it is on a signal that never aborts', () => {
      const promise = Promise.resolve(1);
      expect(abortGate(neverAborted()).race(promise)).toBe(promise);
    });
  });

  describe('.close', () => {
    it('adds one listener to a signal for any number of gates and races; a closed gate is no longer aborted', async () => {
      const controller = new AbortController();
      const closed = abortGate(controller.signal);
      for (let i = 0; i < 100; i++) {
        const gate = abortGate(controller.signal);
        await gate.race(Promise.resolve(i));
        gate.close();
      }
      closed.close();
      const open = abortGate(controller.signal);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
      const raced = open.race(never());
      controller.abort(new Error('connection closed'));
      await expect(raced).rejects.toThrow('connection closed');
      open.close();
    });
  });
});
