import type { Draws } from './draws.js';
import { NoFit } from './NoFit.js';
import { VARIANTS } from './scalars.js';
import { dependentNames, dependentSchemas, isObject, itemSchema, jsonKey } from './SchemaCheck.js';
import { own, type Schema } from './SchemaRefs.js';

type Keywords = Readonly<Record<string, unknown>>;

/** What lists and objects are made with: the maker of their parts (see `Maker`). */
export interface PartMaker {
  /** A value that fits every schema of `all`, at `depth` (its nesting) of at most `limit`. */
  make(all: readonly Schema[], path: string, depth: number, limit: number, draws: Draws | undefined): unknown;
  /** The draws to try a part again with, the same on every run. */
  fallback(path: string, attempt?: number): Draws;
  /** Whether every schema of `flat` leaves room for a property `name` (`additionalProperties`, `propertyNames`). */
  nameFits(flat: readonly Keywords[], name: string, path: string): boolean;
  /** The `k`th new property name to try for an object of `flat`. */
  propertyName(flat: readonly Keywords[], path: string, k: number): string | undefined;
  /** The schemas a property `name` of an object of `schema` must fit, or false when it has no room. */
  propertySchemas(schema: Keywords, name: string, path: string): unknown[] | false;
}

/** The most items of a list, and properties of an object, `fitting` makes. */
export const MAX_ITEMS = 1000;

/** How many more lists or objects are made when the first does not fit the schema (a `not`, a `oneOf`). */
const RETRIES = 3;

/**
 * The lists tried for an array of the schemas `flat`: as short as `minItems` and `minContains`
 * allow (with draws, a drawn length first), each item made from the schemas its place takes
 * (`prefixItems`, `items`, `contains` for the first ones), distinct under `uniqueItems`.
 *
 * @throws {NoFit} `T0141` for more than 1000 items; `T0140` when the lengths leave none, or an item cannot be made.
 */
export function* lists(
  maker: PartMaker,
  flat: readonly Keywords[],
  path: string,
  depth: number,
  limit: number,
  draws: Draws | undefined,
): Generator<unknown[]> {
  let [min, max, unique] = [0, Infinity, false];
  const contains: { readonly schema: Schema; readonly least: number }[] = [];
  for (const schema of flat) {
    const [least, most] = [own(schema, 'minItems'), own(schema, 'maxItems')];
    if (typeof least === 'number') min = Math.max(min, Math.ceil(least));
    if (typeof most === 'number') max = Math.min(max, Math.floor(most));
    if (own(schema, 'uniqueItems') === true) unique = true;
    if (Object.hasOwn(schema, 'contains')) {
      const count = own(schema, 'minContains');
      contains.push({ schema: own(schema, 'contains') as Schema, least: typeof count === 'number' ? count : 1 });
    }
  }
  const need = Math.max(min, ...contains.map((part) => part.least));
  if (need > MAX_ITEMS) throw new NoFit('T0141', path, `it needs ${need} items, past the ${MAX_ITEMS} fitting makes`);
  if (need > max) throw new NoFit('T0140', path, `it needs ${need} items, and maxItems is ${max}`);
  const build = (length: number, from: Draws | undefined): unknown[] => {
    const items: unknown[] = [];
    for (let i = 0; i < length; i++) {
      const where = `${path}[${i}]`;
      const parts = flat.map((schema) => itemSchema(schema, i)).filter((part) => part !== undefined) as Schema[];
      for (const part of contains) if (i < part.least) parts.push(part.schema);
      let item = maker.make(parts, where, depth + 1, limit, from);
      for (let k = 1; unique && holds(items, item); k++) {
        if (k > VARIANTS)
          throw new NoFit('T0140', where, 'uniqueItems: no item fitting makes differs from those before');
        item = maker.make(parts, where, depth + 1, limit, maker.fallback(where, k));
      }
      items.push(item);
    }
    return items;
  };
  if (draws !== undefined) {
    const drawn = tried(() => build(draws.int(need, Math.min(max, need + 3)), draws));
    if (drawn !== undefined) yield drawn;
  }
  yield build(need, undefined);
  for (let k = 1; k <= RETRIES; k++) {
    const again = tried(() => build(need, maker.fallback(path, k)));
    if (again !== undefined) yield again;
  }
}

/**
 * The objects tried for an object of the schemas `flat`: its required properties (and those `dependentRequired` adds),
 * in the order `properties` lists them, and as many more as `minProperties` needs (the next of `properties`, then new
 * names `additionalProperties`, `patternProperties` and `propertyNames` allow); with draws, each other property of
 * `properties` too, one time in two. A property's value fits every schema that speaks of it.
 *
 * @throws {NoFit} `T0140` when a required property has no room, the counts leave none, or a value cannot be made.
 */
export function* objects(
  maker: PartMaker,
  flat: readonly Keywords[],
  path: string,
  depth: number,
  limit: number,
  draws: Draws | undefined,
): Generator<unknown> {
  let [min, max] = [0, Infinity];
  const listed: string[] = [];
  const required: string[] = [];
  for (const schema of flat) {
    const [least, most, properties, needed] = ['minProperties', 'maxProperties', 'properties', 'required'].map((key) =>
      own(schema, key),
    );
    if (typeof least === 'number') min = Math.max(min, Math.ceil(least));
    if (typeof most === 'number') max = Math.min(max, Math.floor(most));
    if (isObject(properties)) for (const name of Object.keys(properties)) if (!listed.includes(name)) listed.push(name);
    if (Array.isArray(needed)) for (const name of needed) if (typeof name === 'string') required.push(name);
  }
  if (min > MAX_ITEMS) throw new NoFit('T0141', path, `minProperties ${min} is past the ${MAX_ITEMS} fitting makes`);
  const ordered = [
    ...listed.filter((name) => required.includes(name)),
    ...required.filter((name) => !listed.includes(name)),
  ];
  const build = (from: Draws | undefined): unknown => {
    const names: string[] = [];
    const add = (name: string) => {
      if (names.includes(name)) return;
      if (!maker.nameFits(flat, name, `${path}.${name}`)) {
        throw new NoFit(
          'T0140',
          `${path}.${name}`,
          `the property '${name}' is needed, and the schema leaves no room for it`,
        );
      }
      names.push(name);
      for (const schema of flat)
        for (const [named, needs] of dependentNames(schema)) if (named === name) needs.forEach(add);
    };
    // An optional property joins where the schemas leave room for it and for what it needs.
    const join = (name: string) => {
      if (names.includes(name) || !maker.nameFits(flat, name, `${path}.${name}`)) return;
      const before = names.length;
      try {
        add(name);
      } catch (error) {
        if (!(error instanceof NoFit)) throw error;
        names.length = before;
      }
    };
    ordered.forEach(add);
    for (const name of listed) if (from !== undefined && names.length < max && from.next() < 0.5) join(name);
    for (const name of listed) if (names.length < min) join(name);
    for (let k = 0; names.length < min; k++) {
      if (k > min + 100) throw new NoFit('T0140', path, `no more property names fit; minProperties is ${min}`);
      const name = maker.propertyName(flat, path, k);
      if (name !== undefined && !names.includes(name) && maker.nameFits(flat, name, `${path}.${name}`))
        names.push(name);
    }
    if (names.length > max)
      throw new NoFit('T0140', path, `it needs ${names.length} properties, and maxProperties is ${max}`);
    const more = flat.flatMap((schema) =>
      dependentSchemas(schema)
        .filter(([name, part]) => names.includes(name) && isObject(part) && !flat.includes(part))
        .map(([, part]) => part as Schema),
    );
    // A property present brings its dependent schema in: the object is made again with it.
    if (more.length > 0) return maker.make([...flat, ...more], path, depth, limit, from);
    const made: Record<string, unknown> = {};
    for (const name of names) {
      const where = `${path}.${name}`;
      const parts = flat.flatMap((schema) => (maker.propertySchemas(schema, name, where) || []) as Schema[]);
      // defineProperty: a property named __proto__ stays an own property, never the object's prototype.
      Object.defineProperty(made, name, {
        value: maker.make(parts, where, depth + 1, limit, from),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return made;
  };
  if (draws !== undefined) {
    const drawn = tried(() => build(draws));
    if (drawn !== undefined) yield drawn;
  }
  yield build(undefined);
  for (let k = 1; k <= RETRIES; k++) {
    const again = tried(() => build(maker.fallback(path, k)));
    if (again !== undefined) yield again;
  }
}

/** Whether a list of made values holds `value` already (by JSON, keys in any order). */
function holds(made: readonly unknown[], value: unknown): boolean {
  const key = jsonKey(value);
  return made.some((item) => jsonKey(item) === key);
}

/** What `make` makes, or undefined when it finds no fit: one try of several. */
function tried<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch (error) {
    if (error instanceof NoFit) return undefined;
    throw error;
  }
}
