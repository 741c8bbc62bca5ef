import { describe, expect, it } from 'vitest';
import { SentLog } from '../../../src/fakes/script/SentLog.js';

describe(SentLog, () => {
  describe('.calls', () => {
    it('lists the calls in order, the list and each call frozen', () => {
      const log = new SentLog<{ n: number }>();
      log.push({ n: 1 });
      log.push({ n: 2 });
      expect(log.calls).toEqual([{ n: 1 }, { n: 2 }]);
      expect(Object.isFrozen(log.calls)).toBe(true);
      expect(Object.isFrozen(log.calls[0])).toBe(true);
    });

    it('keeps the latest calls up to its limit', () => {
      const log = new SentLog<{ n: number }>(3);
      for (let n = 0; n < 20; n++) log.push({ n });
      expect(log.calls.map((call) => call.n)).toEqual([17, 18, 19]);
    });

    it('hands out the same list until a call is pushed', () => {
      const log = new SentLog<{ n: number }>();
      log.push({ n: 1 });
      const first = log.calls;
      expect(log.calls).toBe(first);
      log.push({ n: 2 });
      expect(log.calls).not.toBe(first);
    });
  });

  describe('.clear', () => {
    it('forgets every call', () => {
      const log = new SentLog<{ n: number }>(2);
      log.push({ n: 1 });
      log.clear();
      expect(log.calls).toEqual([]);
      log.push({ n: 2 });
      expect(log.calls).toEqual([{ n: 2 }]);
    });
  });
});
