import { draws as seeded, type Draws } from './draws.js';
import { NoFit, Reasons, type Work } from './NoFit.js';
import { typesOf, type JsonType } from './schemaTypes.js';
import { PatternText } from './patternText.js';
import { numbers, texts } from './scalars.js';
import { isObject, type SchemaCheck } from './SchemaCheck.js';
import { own, type Schema, type SchemaRefs } from './SchemaRefs.js';
import { lists, objects, type PartMaker } from './collections.js';

type Keywords = Readonly<Record<string, unknown>>;

/** The most schemas one part of a value must fit at once, `allOf` and `$ref`s followed. */
const MAX_CONJUNCTION = 256;
/** The most choices made one inside another for one part of a value: past them a schema chooses itself without end. */
const MAX_CHOICES = 32;
/** How many names each `patternProperties` pattern gives a property before other names are tried. */
const NAME_ROUNDS = 53;
/** How many drawn values a choice is tried with after its first, when that fits the choice and not the rest. */
const RETRIES = 3;

/** What a {@link Maker} works with: the document's references, its check, its patterns and the work counted. */
export interface MakerParts {
  readonly refs: SchemaRefs;
  readonly check: SchemaCheck;
  readonly work: Work;
  readonly seed: number;
}

/**
 * Makes a JSON value fitting every schema of a list: the smallest without draws, a drawn one with them. Each part is
 * checked as made, and one that does not fit is made again from the next choice; `depthLimit` ends a recursive schema.
 */
export class Maker implements PartMaker {
  readonly #parts: MakerParts;
  readonly #texts: PatternText;
  /** Whether some part was given up for nesting deeper than the limit: a deeper limit may make it. */
  tooDeep = false;

  constructor(parts: MakerParts, path: string) {
    this.#parts = parts;
    this.#texts = new PatternText(path);
  }

  make(
    all: readonly Schema[],
    path: string,
    depth: number,
    limit: number,
    draws: Draws | undefined,
    choices = 0,
  ): unknown {
    this.#parts.work.tick(path);
    if (depth > limit) {
      this.tooDeep = true;
      throw new NoFit('T0140', path, `the value nests deeper than ${limit} levels there`);
    }
    if (choices > MAX_CHOICES) throw new NoFit('T0140', path, 'the schema chooses itself without end there');
    const flat = this.#flatten(all, path);
    const at = flat.findIndex((schema) => ['anyOf', 'oneOf', 'if'].some((key) => Object.hasOwn(schema, key)));
    if (at >= 0) return this.#choose(flat, at, path, depth, limit, draws, choices);
    return this.#plain(flat, path, depth, limit, draws);
  }

  /** Whether `value` fits every schema of `all`. */
  fitsAll(all: readonly Schema[], value: unknown, path: string): boolean {
    return all.every((schema) => this.#parts.check.fits(schema, value, path));
  }

  /** The draws to try a part again with, after the first choices did not fit: the same on every run. */
  fallback(path: string, attempt = 0): Draws {
    return seeded(this.#parts.seed, `${path}\u0000${attempt}`);
  }

  nameFits(flat: readonly Keywords[], name: string, path: string): boolean {
    return flat.every((schema) => {
      if (this.#parts.check.propertySchemas(schema, name, path) === false) return false;
      const names = own(schema, 'propertyNames');
      return names === undefined || this.#parts.check.fits(names as Schema, name, path);
    });
  }

  propertySchemas(schema: Keywords, name: string, path: string): unknown[] | false {
    return this.#parts.check.propertySchemas(schema, name, path);
  }

  /**
   * The `k`th name tried for a new property: texts its patterns match, then texts `propertyNames` fits, then `a` to
   * `z`, `a26`, ...
   */
  propertyName(flat: readonly Keywords[], path: string, k: number): string | undefined {
    const patterns = flat.flatMap((schema) => {
      const table = own(schema, 'patternProperties');
      return isObject(table) ? Object.keys(table) : [];
    });
    const where = `${path} (a property name)`;
    if (k < NAME_ROUNDS * patterns.length) {
      // The shortest text each pattern matches, then with a letter after it, then before it: b, xb, bx, xc, cx, ...
      const text = this.#texts.make(this.#texts.tree(patterns[k % patterns.length]!, where), 1);
      const round = Math.floor(k / patterns.length);
      const letter = String.fromCharCode(97 + (Math.ceil(round / 2) % 26));
      return round === 0 ? text : round % 2 === 1 ? text + letter : letter + text;
    }
    const j = k - NAME_ROUNDS * patterns.length;
    const names = flat.map((schema) => own(schema, 'propertyNames')).filter((names) => names !== undefined);
    if (names.length > 0 && j < 8) {
      try {
        const made = this.make(
          [...(names as Schema[]), { type: 'string', minLength: 1 }],
          where,
          0,
          8,
          this.fallback(where, j),
        );
        return typeof made === 'string' ? made : undefined;
      } catch (error) {
        if (error instanceof NoFit) return undefined;
        throw error;
      }
    }
    const n = names.length > 0 ? j - 8 : j;
    const letter = String.fromCharCode(97 + (n % 26));
    return n < 26 ? letter : `${letter}${n}`;
  }

  /** `all` with `true`s dropped and every `allOf` and `$ref` followed into it; `false` fits nothing. */
  #flatten(all: readonly Schema[], path: string): Keywords[] {
    const flat: Keywords[] = [];
    const seen = new Set<Keywords>();
    const queue = [...all];
    while (queue.length > 0) {
      const schema = queue.shift()!;
      if (schema === false) throw new NoFit('T0140', path, 'the schema is false there: no value fits it');
      if (!isObject(schema)) continue;
      if (seen.has(schema)) continue;
      seen.add(schema);
      if (seen.size > MAX_CONJUNCTION) {
        throw new NoFit('T0140', path, `the value must fit more than ${MAX_CONJUNCTION} schemas at once there`);
      }
      const ref = own(schema, '$ref');
      const every = own(schema, 'allOf');
      // Kept without the parts it was followed into, so a list made from it again does not follow them again.
      flat.push(ref === undefined && every === undefined ? schema : without(schema, ['$ref', 'allOf']));
      if (ref !== undefined) queue.push(this.#parts.refs.resolve(ref, path));
      if (Array.isArray(every)) queue.push(...(every as Schema[]));
    }
    return flat;
  }

  /** One choice of the first `anyOf`, `oneOf` or `if` among `flat` after another, until a value fits them all. */
  #choose(
    flat: Keywords[],
    at: number,
    path: string,
    depth: number,
    limit: number,
    draws: Draws | undefined,
    choices: number,
  ): unknown {
    const schema = flat[at]!;
    const rest = flat.filter((_, i) => i !== at);
    const key = ['anyOf', 'oneOf', 'if'].find((name) => Object.hasOwn(schema, name))!;
    const base = without(schema, key === 'if' ? ['if', 'then', 'else'] : [key]);
    const options: Schema[][] =
      key === 'if'
        ? [
            [own(schema, 'if') as Schema, (own(schema, 'then') ?? true) as Schema],
            [(own(schema, 'else') ?? true) as Schema],
          ]
        : (Array.isArray(own(schema, key)) ? (own(schema, key) as Schema[]) : []).map((option) => [option]);
    const start = draws === undefined || options.length === 0 ? 0 : draws.int(0, options.length - 1);
    const why = new Reasons();
    for (let i = 0; i < options.length; i++) {
      const option = options[(start + i) % options.length]!;
      const named = `choice ${(start + i) % options.length}`;
      // A value that fits the choice and not the rest (a oneOf's other choice, a not) is drawn again a few times.
      for (let attempt = 0; attempt <= RETRIES; attempt++) {
        const from = attempt === 0 ? draws : this.fallback(path, attempt);
        try {
          const value = this.make([...rest, base, ...option], path, depth, limit, from, choices + 1);
          if (this.fitsAll(flat, value, path)) return value;
          why.add(`${named}: its value fits the choice and not the rest`);
        } catch (error) {
          if (!(error instanceof NoFit)) throw error;
          why.add(`${named}: ${error.why}${error.path === path ? '' : ` at ${error.path}`}`, error.code);
          break;
        }
      }
    }
    throw new NoFit(why.code, path, `no choice of its ${key} fits (${why.text('it has none')})`);
  }

  /** A value for schemas without choices left: an `enum` or `const` member, else one of each type they allow. */
  #plain(flat: Keywords[], path: string, depth: number, limit: number, draws: Draws | undefined): unknown {
    const fixed = flat.find((schema) => Object.hasOwn(schema, 'const') || Array.isArray(own(schema, 'enum')));
    if (fixed !== undefined) {
      const members = Object.hasOwn(fixed, 'const') ? [own(fixed, 'const')] : (own(fixed, 'enum') as unknown[]);
      const start = draws === undefined || members.length === 0 ? 0 : draws.int(0, members.length - 1);
      for (let i = 0; i < members.length; i++) {
        const member = members[(start + i) % members.length];
        if (this.fitsAll(flat, member, path)) return structuredClone(member);
      }
      throw new NoFit(
        'T0140',
        path,
        `no value of its ${Object.hasOwn(fixed, 'const') ? 'const' : 'enum'} fits the rest`,
      );
    }
    const why = new Reasons();
    const types = typesOf(flat, path);
    for (const type of types) {
      try {
        for (const value of this.#candidates(type, flat, path, depth, limit, draws)) {
          if (this.fitsAll(flat, value, path)) return value;
        }
        why.add(`no ${type} made fits`);
      } catch (error) {
        if (!(error instanceof NoFit)) throw error;
        // With one type to try, the part that failed deeper down says it best, at its own path.
        if (types.length === 1) throw error;
        why.add(error.path === path ? error.why : `${error.why} at ${error.path}`, error.code);
      }
    }
    throw new NoFit(why.code, path, why.text('no type is left'));
  }

  #candidates(
    type: JsonType,
    flat: Keywords[],
    path: string,
    depth: number,
    limit: number,
    draws: Draws | undefined,
  ): Iterable<unknown> {
    switch (type) {
      case 'null':
        return [null];
      case 'boolean':
        return draws !== undefined && draws.next() < 0.5 ? [true, false] : [false, true];
      case 'integer':
      case 'number':
        return numbers(flat, type === 'integer', path, draws, this.fallback(path));
      case 'string':
        return texts(flat, path, draws, this.fallback(path), this.#texts);
      case 'array':
        return lists(this, flat, path, depth, limit, draws);
      case 'object':
        return objects(this, flat, path, depth, limit, draws);
    }
  }
}

/** `schema` without `keys`: the rest a choice is made with. */
function without(schema: Keywords, keys: readonly string[]): Keywords {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(schema))
    if (!keys.includes(key)) Object.defineProperty(rest, key, { value: schema[key], enumerable: true });
  return rest;
}
