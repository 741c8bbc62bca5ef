import { StandinError } from '../../errors/StandinError.js';

/**
 * `value` as plain JSON for a cassette's file: bytes as `{ $base64 }`, a `Date` as ISO text, `undefined` fields left
 * out; a value with no JSON form is `V0006` naming `where`. Every string passes through `text`, so secrets are scrubbed
 * in the same pass.
 */
export function plainJson(value: unknown, where: string, text: (text: string) => string = same): unknown {
  return copy(value, where, [], text);
}

/** Deeper values are taken for a mistake, and would overflow the stack of what walks them. */
export const MAX_DEPTH = 256;

/** Whether `value` nests deeper than `max`, recursing at most `max` deep whatever the value. */
export function nestedDeeper(value: unknown, max: number = MAX_DEPTH): boolean {
  return value !== null && typeof value === 'object' && deeper(value, 0, max);
}

/** Whether object `at`, `depth` deep, is `max` deep or holds an object that is. */
function deeper(at: object, depth: number, max: number): boolean {
  if (depth >= max) return true;
  if (Array.isArray(at)) {
    for (const item of at) if (item !== null && typeof item === 'object' && deeper(item, depth + 1, max)) return true;
    return false;
  }
  for (const key in at) {
    if (!Object.hasOwn(at, key)) continue;
    const item: unknown = (at as Record<string, unknown>)[key];
    if (item !== null && typeof item === 'object' && deeper(item, depth + 1, max)) return true;
  }
  return false;
}

function same(text: string): string {
  return text;
}

function copy(value: unknown, where: string, trail: object[], text: (text: string) => string): unknown {
  switch (typeof value) {
    case 'string':
      return text(value);
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw unstorable(where, `the number ${String(value)}`);
      return value;
    case 'undefined':
      return undefined;
    case 'object':
      break;
    default:
      throw unstorable(where, `a ${typeof value}`);
  }
  if (value === null) return null;
  if (value instanceof Uint8Array)
    return { $base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof ArrayBuffer) return { $base64: Buffer.from(value).toString('base64') };
  if (value instanceof Date) return text(value.toISOString());
  if (trail.includes(value)) throw unstorable(where, 'a cycle (a value that contains itself)');
  if (trail.length >= MAX_DEPTH) throw unstorable(where, `a value nested more than ${MAX_DEPTH} deep`);
  trail.push(value);
  try {
    if (Array.isArray(value)) return value.map((item) => copy(item, where, trail, text) ?? null);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = copy((value as Record<string, unknown>)[key], where, trail, text);
      if (item !== undefined) setOwn(out, text(key), item);
    }
    return out;
  } finally {
    trail.pop();
  }
}

function unstorable(where: string, what: string): StandinError {
  return new StandinError(
    'V0006',
    `A cassette cannot store ${where}: it holds ${what}, which JSON cannot hold. Make it plain JSON (objects, ` +
      `arrays, strings, finite numbers, booleans, null, bytes), or leave this call out of the cassette.`,
  );
}

/** Sets an own field, `__proto__` included (a plain assignment would set the prototype instead). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
