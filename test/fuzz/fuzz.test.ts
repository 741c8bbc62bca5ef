import { describe, expect, it } from 'vitest';
import { fuzzRuns, fuzzSurface } from './fuzzHarness.js';
import { surfaces } from './surfaces.js';

/**
 * 1,000 cases a surface by default; `STANDIN_FUZZ_RUNS` changes it, `STANDIN_FUZZ_SEED` replays a run. Bounded by
 * the count of cases, not by time: each case is awaited to its end (one that never ends is stopped by the test's timeout).
 */
const runs = fuzzRuns(1_000);
const seed = Number(process.env.STANDIN_FUZZ_SEED ?? 20_261_201);

describe('generated input on every public surface', () => {
  it.each(surfaces.map((surface) => [surface.name, surface] as const))(
    '%s: every refusal is a StandinError with a catalog code, no garbage is accepted, nothing hangs',
    async (_, surface) => {
      const tally = await fuzzSurface(surface, runs, seed);
      expect(tally.faults).toEqual([]);
      expect(tally).toMatchObject({ untyped: 0, hung: 0, garbageAccepted: 0 });
      expect(tally.typed + tally.accepted).toBe(runs);
      // Both outcomes occur: the inputs reach past the first check, and garbage is generated.
      expect(tally.typed).toBeGreaterThan(0);
      expect(tally.accepted).toBeGreaterThan(0);
    },
    120_000,
  );
});
