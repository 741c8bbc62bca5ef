import { formatTexts } from './formats.js';
import { NoFit, type Work } from './NoFit.js';
import type { Patterns } from './Patterns.js';
import { own, type Schema, type SchemaRefs } from './SchemaRefs.js';

/** How deep a check may go, references followed included: past it a schema refers to itself without end. */
const MAX_CHECK_DEPTH = 256;

/**
 * Whether a JSON value fits a JSON Schema as `fitting` reads schemas: every validation keyword, `$ref` included;
 * formats are names only (JSON Schema calls them annotations). Every part checked is a step of the value's work.
 */
export class SchemaCheck {
  readonly #refs: SchemaRefs;
  readonly #patterns: Patterns;
  readonly #work: Work;
  /** The schemas a `$ref` led to that are being checked now, with the values they are checked against. */
  readonly #following = new Map<Schema, unknown[]>();

  constructor(refs: SchemaRefs, patterns: Patterns, work: Work) {
    this.#refs = refs;
    this.#patterns = patterns;
    this.#work = work;
  }

  fits(schema: Schema, value: unknown, path: string, depth = 0): boolean {
    this.#work.tick(path);
    if (depth > MAX_CHECK_DEPTH) throw new NoFit('T0140', path, 'the schema refers to itself without end');
    if (schema === true) return true;
    if (schema === false) return false;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return true;
    const at = (key: string) => own(schema, key);
    const sub = (part: unknown, item: unknown, where = path) => this.fits(part as Schema, item, where, depth + 1);
    const ref = at('$ref');
    if (ref !== undefined && !this.#followed(this.#refs.resolve(ref, path), value, path, depth)) return false;
    if (!typeFits(at('type'), value)) return false;
    const choices = at('enum');
    if (Array.isArray(choices) && !choices.some((choice) => sameJson(choice, value))) return false;
    if (Object.hasOwn(schema, 'const') && !sameJson(at('const'), value)) return false;
    if (typeof value === 'number' && !numberFits(schema, value)) return false;
    if (typeof value === 'string' && !this.#stringFits(schema, value, path)) return false;
    if (Array.isArray(value) && !this.#listFits(schema, value, path, sub)) return false;
    if (isObject(value) && !this.#objectFits(schema, value, path, sub)) return false;
    const all = at('allOf');
    if (Array.isArray(all) && !all.every((part) => sub(part, value))) return false;
    const any = at('anyOf');
    if (Array.isArray(any) && !any.some((part) => sub(part, value))) return false;
    const one = at('oneOf');
    if (Array.isArray(one) && one.filter((part) => sub(part, value)).length !== 1) return false;
    if (Object.hasOwn(schema, 'not') && sub(at('not'), value)) return false;
    if (Object.hasOwn(schema, 'if')) {
      const branch = sub(at('if'), value) ? at('then') : at('else');
      if (branch !== undefined && !sub(branch, value)) return false;
    }
    return true;
  }

  /**
   * A `$ref` back to the same check of the same value is not met (the least reading of a recursive schema), so `{
   * anyOf: [{ $ref: '#' }, { type: 'null' }] }` takes null and no check loops.
   */
  #followed(schema: Schema, value: unknown, path: string, depth: number): boolean {
    const values = this.#following.get(schema) ?? [];
    if (values.includes(value)) return false;
    values.push(value);
    this.#following.set(schema, values);
    try {
      return this.fits(schema, value, path, depth + 1);
    } finally {
      values.pop();
    }
  }

  #stringFits(schema: Readonly<Record<string, unknown>>, value: string, path: string): boolean {
    const length = [...value].length;
    const min = own(schema, 'minLength');
    const max = own(schema, 'maxLength');
    if (typeof min === 'number' && length < min) return false;
    if (typeof max === 'number' && length > max) return false;
    const pattern = own(schema, 'pattern');
    if (typeof pattern !== 'string') return true;
    // A format fitting knows answers with its own valid texts: the pattern a schema writer adds beside it (zod's
    // `duration` one, with look-aheads) is the format's, and need not run on the linear engine.
    const format = own(schema, 'format');
    if (typeof format === 'string' && Object.hasOwn(formatTexts, format) && formatTexts[format]!.includes(value))
      return true;
    return this.#patterns.test(pattern, value, path);
  }

  #listFits(schema: Readonly<Record<string, unknown>>, value: readonly unknown[], path: string, sub: Sub): boolean {
    const at = (key: string) => own(schema, key);
    const min = at('minItems');
    const max = at('maxItems');
    if (typeof min === 'number' && value.length < min) return false;
    if (typeof max === 'number' && value.length > max) return false;
    for (let i = 0; i < value.length; i++) {
      const part = itemSchema(schema, i);
      if (part !== undefined && !sub(part, value[i], `${path}[${i}]`)) return false;
    }
    if (Object.hasOwn(schema, 'contains')) {
      const matching = value.filter((item, i) => sub(at('contains'), item, `${path}[${i}]`)).length;
      const least = at('minContains');
      const most = at('maxContains');
      if (matching < (typeof least === 'number' ? least : 1)) return false;
      if (typeof most === 'number' && matching > most) return false;
    }
    if (at('uniqueItems') === true) {
      const seen = new Set<string>();
      for (const item of value) {
        const key = jsonKey(item);
        if (seen.has(key)) return false;
        seen.add(key);
      }
    }
    return true;
  }

  #objectFits(schema: Readonly<Record<string, unknown>>, value: object, path: string, sub: Sub): boolean {
    const at = (key: string) => own(schema, key);
    const names = Object.keys(value);
    const required = at('required');
    if (Array.isArray(required) && !required.every((name) => typeof name !== 'string' || Object.hasOwn(value, name)))
      return false;
    const min = at('minProperties');
    const max = at('maxProperties');
    if (typeof min === 'number' && names.length < min) return false;
    if (typeof max === 'number' && names.length > max) return false;
    const nameSchema = at('propertyNames');
    for (const name of names) {
      const where = `${path}.${name}`;
      const item = (value as Record<string, unknown>)[name];
      if (nameSchema !== undefined && !sub(nameSchema, name, where)) return false;
      const parts = this.propertySchemas(schema, name, where);
      if (parts === false) return false;
      if (!parts.every((part) => sub(part, item, where))) return false;
    }
    const needs = dependentNames(schema);
    for (const [name, others] of needs) {
      if (Object.hasOwn(value, name) && !others.every((other) => Object.hasOwn(value, other))) return false;
    }
    for (const [name, part] of dependentSchemas(schema)) {
      if (Object.hasOwn(value, name) && !sub(part, value)) return false;
    }
    return true;
  }

  /** The schemas property `name` must fit; `false` when `additionalProperties: false` leaves no room for it. */
  propertySchemas(schema: Readonly<Record<string, unknown>>, name: string, path: string): unknown[] | false {
    const found: unknown[] = [];
    const properties = own(schema, 'properties');
    if (isObject(properties) && Object.hasOwn(properties, name)) found.push(own(properties, name));
    const patterns = own(schema, 'patternProperties');
    if (isObject(patterns)) {
      for (const pattern of Object.keys(patterns)) {
        if (this.#patterns.test(pattern, name, path)) found.push(own(patterns, pattern));
      }
    }
    if (found.length > 0) return found;
    const extra = own(schema, 'additionalProperties');
    if (extra === false) return false;
    return extra === undefined ? [] : [extra];
  }
}

type Sub = (part: unknown, item: unknown, where?: string) => boolean;

/** The schema item `i` of a list must fit, in any draft's words; undefined for none. */
export function itemSchema(schema: Readonly<Record<string, unknown>>, i: number): unknown {
  const prefix = own(schema, 'prefixItems');
  const items = own(schema, 'items');
  if (Array.isArray(prefix)) return i < prefix.length ? prefix[i] : items;
  if (Array.isArray(items)) return i < items.length ? items[i] : own(schema, 'additionalItems');
  return items;
}

/** `dependentRequired` and the list form of `dependencies`: name -> the names it needs. */
export function dependentNames(schema: Readonly<Record<string, unknown>>): [string, string[]][] {
  const found: [string, string[]][] = [];
  for (const key of ['dependentRequired', 'dependencies']) {
    const table = own(schema, key);
    if (!isObject(table)) continue;
    for (const name of Object.keys(table)) {
      const needs = own(table, name);
      if (Array.isArray(needs)) found.push([name, needs.filter((need): need is string => typeof need === 'string')]);
    }
  }
  return found;
}

/** `dependentSchemas` and the schema form of `dependencies`: name -> the schema its object must also fit. */
export function dependentSchemas(schema: Readonly<Record<string, unknown>>): [string, unknown][] {
  const found: [string, unknown][] = [];
  for (const key of ['dependentSchemas', 'dependencies']) {
    const table = own(schema, key);
    if (!isObject(table)) continue;
    for (const name of Object.keys(table)) {
      const part = own(table, name);
      if (!Array.isArray(part)) found.push([name, part]);
    }
  }
  return found;
}

function typeFits(type: unknown, value: unknown): boolean {
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  return types.some((name) => typeOf(value, name));
}

/** Whether `value` is of JSON Schema type `name` (`integer` is a number without a fraction). */
export function typeOf(value: unknown, name: unknown): boolean {
  switch (name) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return false;
  }
}

function numberFits(schema: Readonly<Record<string, unknown>>, value: number): boolean {
  const at = (key: string) => own(schema, key);
  const minimum = at('minimum');
  const maximum = at('maximum');
  const lowOut = at('exclusiveMinimum');
  const highOut = at('exclusiveMaximum');
  if (typeof minimum === 'number' && (lowOut === true ? value <= minimum : value < minimum)) return false;
  if (typeof maximum === 'number' && (highOut === true ? value >= maximum : value > maximum)) return false;
  if (typeof lowOut === 'number' && value <= lowOut) return false;
  if (typeof highOut === 'number' && value >= highOut) return false;
  const step = at('multipleOf');
  return typeof step !== 'number' || step <= 0 || isMultiple(value, step);
}

/** Whether `value` is a whole multiple of `step`, within the rounding of decimal fractions. */
export function isMultiple(value: number, step: number): boolean {
  const ratio = value / step;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9 * Math.max(1, Math.abs(ratio));
}

export function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two JSON values are equal: numbers by value, objects by their keys, whatever their order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return jsonKey(a) === jsonKey(b);
}

/** A JSON value as one text, its keys sorted: equal values give equal texts. */
export function jsonKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonKey).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${jsonKey(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
