import type { Arbitrary } from 'fast-check';
import type { ZodType } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import type { FastCheck } from './loadFastCheck.js';

/** How big generated values get. */
export interface ValueBounds {
  /** The longest string, in characters, where the shape allows one this short. */
  readonly maxLength: number;
  /** The most items of a list (and entries of a record), where the shape allows this few. */
  readonly maxItems: number;
}

/** What a zod schema keeps of itself at run time, as far as the generator reads it. */
interface ZodInside {
  readonly _zod: { readonly def: Def };
}
interface Def {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: Check } }[];
  readonly format?: string;
  readonly [key: string]: unknown;
}
interface Check {
  readonly check: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly length?: number;
  readonly value?: number;
  readonly inclusive?: boolean;
  readonly format?: string;
  readonly pattern?: RegExp;
}

/** The largest number generated where the shape sets no bound: values a JSON reader keeps exactly. */
const OPEN = 1000;

/**
 * An arbitrary of JSON values that fit `shape`: objects (optional fields left out or given), strings (lengths, email,
 * uuid, url, regex formats), numbers (integers, bounds), booleans, enums, literals, lists, tuples, records, unions,
 * nullable and optional values, null. Each shrinks toward the smallest value that fits.
 *
 * @throws {StandinError} `T0112` for a part of the shape that has no JSON value to generate (a date, a function, a
 * transform, `never`), naming where it is.
 */
export function valuesOf(fc: FastCheck, shape: ZodType, bounds: ValueBounds, where: string): Arbitrary<unknown> {
  const made = make(fc, shape as unknown as ZodInside, bounds, where);
  // Checks the generator does not read (a refine, a trim before a length) are met by drawing again, a bounded number of
  // times in a row: a check no drawn value meets would otherwise hold the property forever.
  let missed = 0;
  return made.filter((value) => {
    if (shape.safeParse(value).success) {
      missed = 0;
      return true;
    }
    if (++missed < MAX_MISSES) return false;
    missed = 0;
    throw new StandinError(
      'T0112',
      `The arbitraries drew ${MAX_MISSES} values in a row for ${where} and none passed the shape's own checks (a ` +
        `refine, a transform, a check on a trimmed text): the generator cannot read them. Give the arbitraries a ` +
        `shape without that check (in the options' output or tools), or loosen the check.`,
    );
  });
}

/** How many drawn values in a row may fail a shape's own checks before the arbitrary gives up (`T0112`). */
const MAX_MISSES = 1000;

/** How deep a shape may nest before a recursive one must end: from there, optional, nullable and list parts end it. */
const MAX_DEPTH = 8;
/** How deep `make` is now: it recurses synchronously, so one counter serves every call. */
let depth = 0;

function make(fc: FastCheck, shape: ZodInside, bounds: ValueBounds, where: string): Arbitrary<unknown> {
  depth++;
  try {
    if (depth < MAX_DEPTH) return made(fc, shape, bounds, where);
    return ending(fc, shape, where) ?? made(fc, shape, bounds, where);
  } finally {
    depth--;
  }
}

/**
 * The value a part of a recursive shape ends with from {@link MAX_DEPTH} on: none, null or an empty list; undefined
 * for a part that cannot end it, which is made as usual until twice the depth, then refused with `T0112`.
 */
function ending(fc: FastCheck, shape: ZodInside, where: string): Arbitrary<unknown> | undefined {
  const type = shape._zod.def.type;
  if (type === 'optional') return fc.constant(undefined);
  if (type === 'nullable') return fc.constant(null);
  if (type === 'array' && !(shape as unknown as ZodType).safeParse([]).error) return fc.constant([]);
  if (depth <= 2 * MAX_DEPTH) return undefined;
  throw new StandinError(
    'T0112',
    `The arbitraries cannot make a value for ${where}: the shape nests deeper than ${2 * MAX_DEPTH} levels there, and ` +
      `a '${type}' cannot end it. A recursive shape must end in an optional, nullable or list part.`,
  );
}

function made(fc: FastCheck, shape: ZodInside, bounds: ValueBounds, where: string): Arbitrary<unknown> {
  const def = shape._zod.def;
  const inner = (key: string, at = where): Arbitrary<unknown> => make(fc, def[key] as ZodInside, bounds, at);
  switch (def.type) {
    case 'string':
      return strings(fc, def, bounds, where);
    case 'number':
      return numbers(fc, def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as readonly unknown[]));
    case 'any':
    case 'unknown':
      return fc.constant(null);
    case 'optional':
      return inner('innerType');
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'lazy':
      return make(fc, (def.getter as () => ZodInside)(), bounds, where);
    case 'union':
      return fc.oneof(...(def.options as ZodInside[]).map((option) => make(fc, option, bounds, where)));
    case 'array': {
      const { min, max } = lengths(def, bounds.maxItems);
      return fc.array(inner('element', `${where}[]`), { minLength: min, maxLength: max });
    }
    case 'tuple':
      return fc.tuple(...(def.items as ZodInside[]).map((item, i) => make(fc, item, bounds, `${where}[${i}]`)));
    case 'record':
      return fc.dictionary(
        strings(fc, (def.keyType as ZodInside)._zod.def, bounds, `${where} key`) as Arbitrary<string>,
        inner('valueType', `${where}{}`),
        { maxKeys: bounds.maxItems, noNullPrototype: true },
      );
    case 'object':
      return objects(fc, def, bounds, where);
    default:
      throw new StandinError(
        'T0112',
        `The arbitraries cannot make a value for ${where}: its zod type '${def.type}' has no JSON value to generate. ` +
          'Give the arbitraries a shape of JSON types (objects, strings, numbers, booleans, enums, literals, lists, ' +
          'unions, nullable and optional fields).',
      );
  }
}

function objects(fc: FastCheck, def: Def, bounds: ValueBounds, where: string): Arbitrary<unknown> {
  const fields = Object.entries(def.shape as Record<string, ZodInside>);
  const record: Record<string, Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [name, field] of fields) {
    record[name] = make(fc, field, bounds, `${where}.${name}`);
    // An optional field is one that takes undefined: it may be left out.
    if (!(field as unknown as ZodType).safeParse(undefined).success) required.push(name);
  }
  return fc.record(record, { requiredKeys: required, noNullPrototype: true });
}

function lengths(def: Def, bound: number): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    if (check.check === 'max_length') max = Math.min(max, check.maximum ?? Infinity);
    if (check.check === 'length_equals') [min, max] = [check.length ?? 0, check.length ?? 0];
  }
  return { min, max: Math.max(min, Math.min(max, min + bound)) };
}

function strings(fc: FastCheck, def: Def, bounds: ValueBounds, where: string): Arbitrary<unknown> {
  if (def.type !== 'string') return make(fc, { _zod: { def } }, bounds, where);
  // A format is the schema's own (z.email()) or a check on a string (z.string().email()).
  const formats = [def as unknown as Check, ...(def.checks ?? []).map(({ _zod }) => _zod.def)];
  for (const check of formats) {
    if (check.format === 'email') {
      // Plain addresses: zod's email pattern refuses many that fast-check's emailAddress() makes.
      const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 8 });
      return fc.tuple(word, word).map(([name, domain]) => `${name}@${domain}.com`);
    }
    if (check.format === 'uuid' || check.format === 'guid') return fc.uuid();
    if (check.format === 'url') return fc.webUrl();
    if (check.format !== undefined && check.pattern instanceof RegExp) return fc.stringMatching(check.pattern);
  }
  const { min, max } = lengths(def, bounds.maxLength);
  return fc.string({ minLength: min, maxLength: max });
}

function numbers(fc: FastCheck, def: Def): Arbitrary<unknown> {
  let min = -OPEN;
  let max = OPEN;
  let minExcluded = false;
  let maxExcluded = false;
  let integer = def.format === 'safeint' || def.format === 'int32' || def.format === 'uint32';
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    const value = check.value ?? 0;
    if (check.check === 'number_format') integer ||= check.format !== 'float32' && check.format !== 'float64';
    if (check.check === 'greater_than' && value >= min) [min, minExcluded] = [value, check.inclusive !== true];
    if (check.check === 'less_than' && value <= max) [max, maxExcluded] = [value, check.inclusive !== true];
  }
  if (def.format === 'uint32') min = Math.max(min, 0);
  if (integer) {
    const low = minExcluded ? Math.floor(min) + 1 : Math.ceil(min);
    const high = maxExcluded ? Math.ceil(max) - 1 : Math.floor(max);
    return fc.integer({ min: low, max: Math.max(low, Math.min(high, low + 2 * OPEN)) });
  }
  // Hundredths: values a person reads in a printed script, written back the same by JSON.
  const low = Math.ceil(min * 100);
  const high = Math.floor(max * 100);
  if (low <= high) return fc.integer({ min: low, max: high }).map((hundredths) => hundredths / 100);
  return fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
}
