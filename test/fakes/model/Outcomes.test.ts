import { describe, expect, it } from 'vitest';
import { Outcomes } from '../../../src/fakes/model/Outcomes.js';

const where = (step: string) => ({ scope: '', step, attempt: 1 });

describe(Outcomes, () => {
  describe('.follow', () => {
    it('keeps how a call ended, and the order calls started in', async () => {
      const outcomes = new Outcomes(10);
      await outcomes.follow(
        where('a'),
        () => Promise.resolve(1),
        (result) => ({ result }),
      );
      await expect(
        outcomes.follow(
          where('b'),
          () => Promise.reject(new Error('x')),
          () => ({ result: 0 }),
        ),
      ).rejects.toThrow('x');
      expect(outcomes.of(where('a'))).toMatchObject({ result: 1 });
      expect(outcomes.of(where('b'))).toMatchObject({ failure: 'error' });
      expect(outcomes.of(where('a'))!.at).toBeLessThan(outcomes.of(where('b'))!.at);
    });

    it('keeps a call that throws before it returns a promise as a failure', async () => {
      const outcomes = new Outcomes(10);
      const thrown = () => {
        throw new Error('at once');
      };
      await expect(outcomes.follow(where('a'), thrown, () => ({ result: 0 }))).rejects.toThrow('at once');
      expect(outcomes.of(where('a'))).toMatchObject({ failure: 'error' });
    });
  });

  describe('.start', () => {
    it('keeps the latest calls within twice its limit, letting the oldest go', () => {
      const outcomes = new Outcomes(2);
      for (const step of ['a', 'b', 'c', 'd', 'e']) outcomes.start(where(step));
      expect(outcomes.of(where('a'))).toBeUndefined();
      expect(outcomes.of(where('b'))).toBeUndefined();
      expect(outcomes.of(where('d'))).toBeDefined();
      expect(outcomes.of(where('e'))).toBeDefined();
    });
  });
});
