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
  describe('.settle', () => {
    it('keeps how a call ended beside it, with its place', () => {
      const log = new SentLog<{ n: number }>();
      const call = { n: 1 };
      log.push(call, 7);
      expect(log.endOf(log.indexOf(call))).toEqual({ at: 7, end: 0, value: undefined });
      log.settle(call, 2, 'done');
      expect(log.endOf(log.indexOf(call))).toEqual({ at: 7, end: 2, value: 'done' });
    });

    it('forgets the end with its call when the ring cuts the call off', () => {
      const log = new SentLog<{ n: number }>(1);
      const first = { n: 1 };
      log.push(first, 1);
      log.settle(first, 1, 'a');
      log.push({ n: 2 }, 2);
      log.push({ n: 3 }, 3);
      expect(log.indexOf(first)).toBe(-1);
      expect(log.endOf(log.indexOf({ n: 3 }))).toBeUndefined();
      expect(log.endOf(log.held.length - 1)).toEqual({ at: 3, end: 0, value: undefined });
    });

    it('keeps the ends of the calls a drop leaves, in their order', () => {
      const log = new SentLog<{ n: number }>();
      const [a, b, c] = [{ n: 1 }, { n: 2 }, { n: 3 }];
      for (const [i, call] of [a, b, c].entries()) log.push(call, i);
      log.settle(c, 3, 'c');
      log.drop((call) => call === b);
      expect(log.endOf(log.indexOf(c))).toEqual({ at: 2, end: 3, value: 'c' });
      expect(log.endOf(log.indexOf(a))).toEqual({ at: 0, end: 0, value: undefined });
    });
  });
});
