/**
 * Runs generated inputs through one public surface and sorts each outcome: `typed` (a
 * StandinError whose code is in the catalog), `accepted`, `untyped` (anything else thrown) or,
 * when a time limit is given, `hung` (no outcome within it). A case generated as garbage must not be accepted.
 */
import fc from 'fast-check';
import { StandinError } from '../../src/index.js';
import { catalog } from '../../src/conformance.js';

/** One generated input, and whether every reading of the surface must refuse it. */
export interface Case<I> {
  readonly input: I;
  readonly garbage: boolean;
}

/** A public entry point under fuzz: what it is fed, and how one input is tried. */
export interface Surface<I> {
  readonly name: string;
  readonly cases: fc.Arbitrary<Case<I>>;
  /** Resolves when the surface accepted the input; throws or rejects when it refused it. */
  readonly attempt: (input: I) => unknown;
}

/** What happened to the cases of one surface, with a few examples of each fault. */
export interface Tally {
  readonly surface: string;
  typed: number;
  accepted: number;
  untyped: number;
  hung: number;
  garbageAccepted: number;
  readonly faults: string[];
}

/**
 * Tries `runs` inputs of `surface`, generated from `seed`, one after another. With `limitMs`, a
 * case with no outcome within it counts as hung (`npm run fuzz`); without, a case is awaited to
 * its end: the count of cases bounds the work, never the wall clock (`npm test`).
 *
 * @example
 * ```ts
 * const tally = await fuzzSurface(configSurface, 1000, 42);
 * expect(tally.untyped).toBe(0);
 * ```
 */
export async function fuzzSurface<I>(
  surface: Surface<I>,
  runs: number,
  seed: number,
  limitMs?: number,
): Promise<Tally> {
  const tally: Tally = {
    surface: surface.name,
    typed: 0,
    accepted: 0,
    untyped: 0,
    hung: 0,
    garbageAccepted: 0,
    faults: [],
  };
  const note = (text: string): void => void (tally.faults.length < 5 && tally.faults.push(text));
  for (const { input, garbage } of fc.sample(surface.cases, { numRuns: runs, seed })) {
    const outcome = await within(limitMs, async () => surface.attempt(input));
    if (outcome.kind === 'hung') {
      tally.hung++;
      note(`hung: ${show(input)}`);
    } else if (outcome.kind === 'accepted') {
      tally.accepted++;
      if (garbage) {
        tally.garbageAccepted++;
        note(`garbage accepted: ${show(input)}`);
      }
    } else if (
      outcome.error instanceof StandinError &&
      Object.hasOwn(catalog, outcome.error.code) &&
      outcome.error.message.startsWith(`${outcome.error.code}: `)
    ) {
      tally.typed++;
    } else {
      tally.untyped++;
      note(
        `untyped ${outcome.error instanceof Error ? `${outcome.error.name}: ${outcome.error.message.slice(0, 160)}` : typeof outcome.error}: ${show(input)}`,
      );
    }
  }
  return tally;
}

type Outcome = { kind: 'accepted' } | { kind: 'refused'; error: unknown } | { kind: 'hung' };

async function within(limitMs: number | undefined, run: () => Promise<unknown>): Promise<Outcome> {
  const done = run().then(
    (): Outcome => ({ kind: 'accepted' }),
    (error: unknown): Outcome => ({ kind: 'refused', error }),
  );
  if (limitMs === undefined) return done;
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<Outcome>((resolve) => (timer = setTimeout(() => resolve({ kind: 'hung' }), limitMs)));
  try {
    return await Promise.race([done, hung]);
  } finally {
    clearTimeout(timer);
  }
}

function show(input: unknown): string {
  try {
    return fc.stringify(input).slice(0, 300);
  } catch {
    return typeof input;
  }
}

/** How many cases a surface runs: `STANDIN_FUZZ_RUNS`, else `fallback`. */
export function fuzzRuns(fallback: number): number {
  const given = Number(process.env.STANDIN_FUZZ_RUNS);
  return Number.isInteger(given) && given > 0 ? given : fallback;
}
