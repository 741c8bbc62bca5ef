/** Why a value is not plain data, and where. */
export interface PlainProblem {
  /** The path of the value, from the root. */
  readonly path: readonly (string | number)[];
  /** What was found, said the way a message says it: `a Date`, `a Map`, `an instance of Settings`. */
  readonly found: string;
  /**
   * `'shape'` for a value that is not plain data, `'name'` for a key that cannot be a name,
   * `'read'` for a value that threw when read, `'size'` for a list longer than {@link MAX_LIST_LENGTH}.
   */
  readonly kind: 'shape' | 'name' | 'read' | 'size';
  /** For `'read'`: what the read threw. */
  readonly thrown?: unknown;
}

/** Thrown by {@link plainCopy}: the first place the value is not plain data. */
export class NotPlain extends Error {
  constructor(readonly problem: PlainProblem) {
    super(`not plain data at ${problem.path.join('.')}: ${problem.found}`);
  }
}

/** How deep plain data may nest: past this, the value is taken for a cycle or an attack. */
const MAX_DEPTH = 64;

/**
 * The most entries a list may have: a sparse array (`fallback.length = 5e7`) or a proxy that
 * claims a huge length would otherwise be read entry by entry until memory ran out.
 */
export const MAX_LIST_LENGTH = 10_000;

/**
 * A copy of `value` made of plain objects (null prototype), arrays and primitives, read once: a getter runs once, a
 * proxy's traps run once, and what the copy holds cannot change later. Throws {@link NotPlain} at the first Date, Map,
 * class instance, function, cycle, key named `__proto__` (which a plain object cannot hold as data), list longer than
 * {@link MAX_LIST_LENGTH}, or a read that throws.
 */
export function plainCopy(value: unknown): unknown {
  return copy(value, [], new Set());
}

function copy(value: unknown, path: (string | number)[], open: Set<object>): unknown {
  if (typeof value === 'function') throw new NotPlain({ path: [...path], found: 'a function', kind: 'shape' });
  // JSON has neither: a BigInt would throw when sent, a symbol would vanish.
  if (typeof value === 'bigint')
    throw new NotPlain({
      path: [...path],
      found: 'a BigInt (JSON has no BigInt: pass a number or a string)',
      kind: 'shape',
    });
  if (typeof value === 'symbol') throw new NotPlain({ path: [...path], found: 'a symbol', kind: 'shape' });
  if (value === null || typeof value !== 'object') return value;
  if (open.has(value) || path.length > MAX_DEPTH)
    throw new NotPlain({ path: [...path], found: 'a cycle (an object that holds itself)', kind: 'shape' });
  let kind: 'array' | 'object';
  let keys: string[];
  try {
    kind = plainKind(value, path);
    keys = kind === 'array' ? [] : Object.keys(value);
  } catch (error) {
    if (error instanceof NotPlain) throw error;
    throw new NotPlain({ path: [...path], found: 'an object that threw when read', kind: 'read', thrown: error });
  }
  open.add(value);
  try {
    if (kind === 'array') return copyArray(value as unknown[], path, open);
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const key of keys) {
      if (key === '__proto__') throw new NotPlain({ path: [...path, key], found: "the key '__proto__'", kind: 'name' });
      out[key] = copy(read(value, key, path), [...path, key], open);
    }
    return out;
  } finally {
    open.delete(value);
  }
}

function copyArray(list: unknown[], path: (string | number)[], open: Set<object>): unknown[] {
  const length = read(list, 'length', path);
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
    throw new NotPlain({ path: [...path], found: 'a list whose length is not a whole number', kind: 'size' });
  }
  if (length > MAX_LIST_LENGTH)
    throw new NotPlain({ path: [...path], found: `a list of ${length} entries`, kind: 'size' });
  const out: unknown[] = [];
  for (let i = 0; i < length; i++) out.push(copy(read(list, i, path), [...path, i], open));
  return out;
}

function read(from: object, key: string | number, path: (string | number)[]): unknown {
  try {
    return (from as Record<string | number, unknown>)[key];
  } catch (error) {
    throw new NotPlain({ path: [...path, key], found: 'a value that threw when read', kind: 'read', thrown: error });
  }
}

function plainKind(value: object, path: (string | number)[]): 'array' | 'object' {
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) === Array.prototype) return 'array';
    throw new NotPlain({ path: [...path], found: 'an array of a subclass', kind: 'shape' });
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return 'object';
  throw new NotPlain({ path: [...path], found: describeObject(value, proto), kind: 'shape' });
}

/** `a Date`, `a Map`, `an instance of Settings`: what a non-plain object is, never its contents. */
export function describeObject(value: object, proto: unknown = Object.getPrototypeOf(value)): string {
  const name = constructorName(proto);
  if (name === undefined)
    return 'an object whose prototype is not Object.prototype (was it written with __proto__: in an object literal?)';
  if (
    [
      'Date',
      'Map',
      'Set',
      'RegExp',
      'Promise',
      'WeakMap',
      'WeakSet',
      'URL',
      'Error',
      'Buffer',
      'Uint8Array',
      'ArrayBuffer',
    ].includes(name)
  ) {
    return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
  }
  return `an instance of ${name}`;
}

function constructorName(proto: unknown): string | undefined {
  if (proto === null || typeof proto !== 'object') return undefined;
  const ctor = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value as unknown;
  if (typeof ctor !== 'function') return undefined;
  const name = (ctor as { name?: unknown }).name;
  return typeof name === 'string' && /^[\w$]{1,60}$/.test(name) ? name : undefined;
}

/**
 * What `value` is when it is not a plain object (`null`, `an array`, `a Date`…), or undefined
 * when it is one. Reads only its type and prototype, never its contents.
 */
export function notPlainObject(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value !== 'object') return /^[aeiou]/.test(typeof value) ? `an ${typeof value}` : `a ${typeof value}`;
  try {
    if (Array.isArray(value)) return 'an array';
    const proto: unknown = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null ? undefined : describeObject(value, proto);
  } catch {
    return 'an object that threw when read';
  }
}
