import type { Draws } from './draws.js';
import { formatTexts } from './formats.js';
import { NoFit } from './NoFit.js';
import { MAX_TEXT, type PatternText } from './patternText.js';
import { own } from './SchemaRefs.js';

type Keywords = Readonly<Record<string, unknown>>;

/** How many drawn values are tried after the first when it does not fit the rest of the schema. */
export const VARIANTS = 12;

/** The widest range numbers are drawn from where a schema sets no bound. */
const OPEN = 1000;

/**
 * The numbers tried for a number (`integer` when `whole`) of the schemas `all`, in order: with
 * `draws`, drawn ones first; the one nearest 0 inside every bound and on every `multipleOf`; then
 * drawn from `fallback`, for schemas the first ones do not fit (a `not`, `uniqueItems`). Drawn
 * numbers lie in the bounds (from -1000 to 1000 where they are open), in hundredths where no step is set.
 *
 * @throws {NoFit} `T0140` when the bounds leave no number.
 */
export function numbers(
  all: readonly Keywords[],
  whole: boolean,
  path: string,
  draws: Draws | undefined,
  fallback: Draws,
): number[] {
  let lo = -Infinity;
  let hi = Infinity;
  let loOut = false;
  let hiOut = false;
  const steps: number[] = whole ? [1] : [];
  for (const schema of all) {
    const at = (key: string) => own(schema, key);
    const [minimum, maximum, lowOut, highOut, step] = [
      at('minimum'),
      at('maximum'),
      at('exclusiveMinimum'),
      at('exclusiveMaximum'),
      at('multipleOf'),
    ];
    if (typeof minimum === 'number' && (minimum > lo || (minimum === lo && lowOut === true)))
      [lo, loOut] = [minimum, lowOut === true];
    if (typeof maximum === 'number' && (maximum < hi || (maximum === hi && highOut === true)))
      [hi, hiOut] = [maximum, highOut === true];
    if (typeof lowOut === 'number' && lowOut >= lo) [lo, loOut] = [lowOut, true];
    if (typeof highOut === 'number' && highOut <= hi) [hi, hiOut] = [highOut, true];
    if (typeof step === 'number' && step > 0) steps.push(step);
  }
  const inside = (n: number) => (loOut ? n > lo : n >= lo) && (hiOut ? n < hi : n <= hi) && Number.isFinite(n);
  const step = steps.length === 0 ? undefined : commonStep(steps, path);
  // Drawn from -1000 to 1000, or from the 2000 nearest them inside the bounds.
  let [a, b] = [Math.max(lo, -OPEN), Math.min(hi, OPEN)];
  if (a > b) [a, b] = lo > OPEN ? [lo, Math.min(hi, lo + 2 * OPEN)] : [Math.max(lo, hi - 2 * OPEN), hi];
  const drawn = (from: Draws): number[] =>
    Array.from({ length: VARIANTS }, () =>
      step === undefined
        ? from.int(Math.ceil(a * 100), Math.floor(b * 100)) / 100
        : snap(from.int(Math.ceil(a / step), Math.floor(b / step)) * step, step),
    );
  const nearest = nearestZero(lo, hi, loOut, hiOut, step);
  // Next to the nearest, for a schema that refuses it (a not): 1 when 0 will not do.
  const next =
    nearest === undefined ? [] : [nearest + (step ?? 1), nearest - (step ?? 1)].map((n) => snap(n, step ?? 1));
  const found = [...(draws === undefined ? [] : drawn(draws)), nearest, ...next, ...drawn(fallback)];
  const fitting = found.filter((n): n is number => n !== undefined && inside(n));
  if (fitting.length === 0) {
    const range = `${loOut ? '(' : '['}${lo}, ${hi}${hiOut ? ')' : ']'}`;
    const on = step === undefined ? '' : ` on a multiple of ${step}`;
    throw new NoFit('T0140', path, `no ${whole ? 'whole number' : 'number'} lies in ${range}${on}`);
  }
  return fitting;
}

function nearestZero(
  lo: number,
  hi: number,
  loOut: boolean,
  hiOut: boolean,
  step: number | undefined,
): number | undefined {
  const zeroIn = (loOut ? 0 > lo : 0 >= lo) && (hiOut ? 0 < hi : 0 <= hi);
  if (zeroIn) return 0;
  if (step !== undefined) {
    if (lo >= 0) {
      let k = Math.ceil(lo / step);
      if (loOut && snap(k * step, step) <= lo) k++;
      return snap(k * step, step);
    }
    let k = Math.floor(hi / step);
    if (hiOut && snap(k * step, step) >= hi) k--;
    return snap(k * step, step);
  }
  if (lo >= 0) {
    if (!loOut) return lo;
    const next = Math.floor(lo) + 1;
    return next < hi || (!hiOut && next === hi) ? next : (lo + hi) / 2;
  }
  if (!hiOut) return hi;
  const next = Math.ceil(hi) - 1;
  return next > lo || (!loOut && next === lo) ? next : (lo + hi) / 2;
}

/** The least step every step divides: their least common multiple, in the decimals they are written with. */
function commonStep(steps: readonly number[], path: string): number {
  const decimals = Math.max(...steps.map((step) => (String(step).split('.')[1] ?? '').length));
  if (decimals > 12 || steps.some((step) => String(step).includes('e'))) {
    if (steps.length === 1) return steps[0]!;
    throw new NoFit('T0140', path, `the multipleOf steps ${steps.join(', ')} have no common multiple fitting can find`);
  }
  const scale = 10 ** decimals;
  let multiple = 1;
  for (const step of steps) {
    const whole = Math.round(step * scale);
    multiple = (multiple / gcd(multiple, whole)) * whole;
    if (multiple > Number.MAX_SAFE_INTEGER) {
      throw new NoFit('T0140', path, `the multipleOf steps ${steps.join(', ')} have no common multiple below 2^53`);
    }
  }
  return multiple / scale;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** `n` rounded to the decimals of `step`, so 0.1 * 3 is 0.3. */
function snap(n: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return decimals === 0 || decimals > 12 ? n : Number(n.toFixed(decimals));
}

/**
 * The texts tried for a string of the schemas `all`, in order: with `draws`, drawn ones first; a
 * text of each `format` named; for a `pattern`, the shortest text it matches (stretched to
 * `minLength`), else the shortest run of `a`s; then texts drawn from `fallback`, for schemas the
 * first ones do not fit (a lookaround, a `not`). Each is checked against every schema after.
 *
 * @throws {NoFit} `T0140` when the lengths leave no text; `T0141` for a `minLength` past 10,000; `T0142` for a pattern
 * it cannot read.
 */
export function texts(
  all: readonly Keywords[],
  path: string,
  draws: Draws | undefined,
  fallback: Draws,
  maker: PatternText,
): string[] {
  let min = 0;
  let max = Infinity;
  const patterns: string[] = [];
  const formats: string[] = [];
  for (const schema of all) {
    const [least, most, pattern, format] = ['minLength', 'maxLength', 'pattern', 'format'].map((key) =>
      own(schema, key),
    );
    if (typeof least === 'number') min = Math.max(min, Math.ceil(least));
    if (typeof most === 'number') max = Math.min(max, Math.floor(most));
    if (typeof pattern === 'string') patterns.push(pattern);
    if (typeof format === 'string') formats.push(format);
  }
  if (min > MAX_TEXT)
    throw new NoFit('T0141', path, `minLength ${min} is past the ${MAX_TEXT} characters fitting makes`);
  if (max < min) throw new NoFit('T0140', path, `maxLength ${max} is below minLength ${min}`);
  const top = Math.min(max, min + 8);
  const tree = patterns.length === 0 ? undefined : maker.tree(patterns[0]!, path);
  const drawn = (from: Draws): string[] => {
    const made: string[] = [];
    for (let i = 0; i < VARIANTS; i++) {
      const length = from.int(min, top);
      if (tree === undefined) {
        made.push(Array.from({ length }, () => String.fromCharCode(97 + from.int(0, 25))).join(''));
        continue;
      }
      try {
        made.push(maker.make(tree, length, from));
      } catch (error) {
        // A drawn text past the limits is one fewer to try; the shortest text says why none can be made.
        if (!(error instanceof NoFit)) throw error;
      }
    }
    return made;
  };
  // A format's own texts come first even when drawing: a text drawn from its pattern alone may be no valid one.
  const known = formats.flatMap((format) => (Object.hasOwn(formatTexts, format) ? formatTexts[format]! : []));
  const found = [...known, ...(draws === undefined || known.length > 0 ? [] : drawn(draws))];
  if (tree === undefined) found.push('a'.repeat(min), ...(min < max ? ['a'.repeat(min + 1)] : []));
  else {
    const text = maker.make(tree, min);
    const short = min - [...text].length;
    found.push(text, ...(short > 0 ? [text + 'a'.repeat(short), 'a'.repeat(short) + text] : []));
  }
  return [...found, ...drawn(fallback)];
}
