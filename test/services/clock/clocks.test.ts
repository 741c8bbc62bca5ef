import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../../src/services/clock/SystemClock.js';
import { InstantClock } from '../../../src/testing.js';

describe(SystemClock, () => {
  describe('.now', () => {
    it('reads the system time', () => {
      const before = Date.now();
      const now = new SystemClock().now();
      expect(now).toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(Date.now());
    });
  });

  describe('.sleep', () => {
    it('resolves after the time has passed', async () => {
      const start = performance.now();
      await new SystemClock().sleep(15);
      expect(performance.now() - start).toBeGreaterThanOrEqual(10);
    });

    it('rejects at once with the reason of an already aborted signal', async () => {
      const reason = new Error('stopped');
      await expect(new SystemClock().sleep(60_000, AbortSignal.abort(reason))).rejects.toBe(reason);
    });

    it('rejects as soon as the signal aborts, without waiting out the sleep', async () => {
      const controller = new AbortController();
      const sleeping = new SystemClock().sleep(60_000, controller.signal);
      controller.abort();
      await expect(sleeping).rejects.toMatchObject({ name: 'AbortError' });
    });
  });
});

describe(InstantClock, () => {
  describe('.sleep', () => {
    it('moves virtual time on without waiting', async () => {
      const clock = new InstantClock(1_000);
      const start = performance.now();
      await clock.sleep(30_000);
      expect(clock.now()).toBe(31_000);
      expect(performance.now() - start).toBeLessThan(1_000);
    });

    it('records every sleep in order', async () => {
      const clock = new InstantClock();
      await clock.sleep(500);
      await clock.sleep(1_000);
      expect(clock.slept).toEqual([500, 1_000]);
    });

    it('rejects at once when the signal is aborted, and does not move time', async () => {
      const clock = new InstantClock();
      await expect(clock.sleep(100, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
      expect(clock.now()).toBe(0);
      expect(clock.slept).toEqual([]);
    });

    it('treats a negative sleep as none', async () => {
      const clock = new InstantClock();
      await clock.sleep(-5);
      expect(clock.now()).toBe(0);
    });
  });

  describe('.clear', () => {
    it('forgets the sleeps it recorded, and the time stays where the sleeps moved it', async () => {
      const clock = new InstantClock();
      await clock.sleep(500);
      clock.clear();
      expect(clock.slept).toEqual([]);
      expect(clock.now()).toBe(500);
      await clock.sleep(200);
      expect(clock.slept).toEqual([200]);
    });
  });

  describe('.advance', () => {
    it('moves time on without recording a sleep', () => {
      const clock = new InstantClock();
      clock.advance(250);
      expect(clock.now()).toBe(250);
      expect(clock.slept).toEqual([]);
    });
  });
});
