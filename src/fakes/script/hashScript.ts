import { createHash } from 'node:crypto';
import { StandinError } from '../../errors/StandinError.js';

/**
 * A stable hash of a script's content: equal content gives an equal hash in any process, on any
 * run. Object key order does not matter; types do (`1` and `'1'` differ, `[]` and `{}` differ).
 * The fakes' last-resort cursor identity, for calls made with neither a cursor handle nor a key.
 *
 * @throws {StandinError} `S0003` when the script holds a cycle.
 */
export function hashScript(script: unknown): string {
  return createHash('sha256').update(canonicalScript(script)).digest('base64url').slice(0, 22);
}

/**
 * The canonical text {@link hashScript} hashes: equal content gives equal text, whatever the key
 * order. For a map key where the content itself may serve, without the cost of a digest.
 *
 * @throws {StandinError} `S0003` when the value holds a cycle.
 */
export function canonicalScript(script: unknown): string {
  return canonical(script, []);
}

function canonical(value: unknown, trail: object[]): string {
  switch (typeof value) {
    case 'undefined':
      return 'u';
    case 'boolean':
      return value ? 'T' : 'F';
    case 'number':
      return `d${Object.is(value, -0) ? '-0' : String(value)};`;
    case 'bigint':
      return `i${value};`;
    case 'string':
      return `s${value.length}:${value}`;
    case 'symbol':
      return `y${canonical(Symbol.keyFor(value) ?? value.description ?? '', trail)}`;
    case 'function':
      return `f${canonical(value.name, trail)}${canonical(String(value), trail)}`;
    default:
      break;
  }
  if (value === null) return 'n';
  const object = value as object;
  if (trail.includes(object)) {
    throw new StandinError(
      'S0003',
      'Cannot hash a script that contains itself (a cycle). Remove the cycle, or give the fake an explicit cursor ' +
        '(startScriptCursor) or a cursorKey so it needs no hash.',
    );
  }
  trail.push(object);
  try {
    return composite(object, trail);
  } finally {
    trail.pop();
  }
}

function composite(object: object, trail: object[]): string {
  if (Array.isArray(object)) return `a${object.length}[${object.map((item) => canonical(item, trail)).join(',')}]`;
  if (object instanceof Date) return `t${object.getTime()};`;
  if (ArrayBuffer.isView(object))
    return `x${Buffer.from(object.buffer, object.byteOffset, object.byteLength).toString('hex')};`;
  if (object instanceof ArrayBuffer) return `x${Buffer.from(object).toString('hex')};`;
  if (object instanceof Map) {
    const entries = [...object].map(([k, v]) => `${canonical(k, trail)}=${canonical(v, trail)}`).sort();
    return `M{${entries.join(',')}}`;
  }
  if (object instanceof Set)
    return `S{${[...object]
      .map((item) => canonical(item, trail))
      .sort()
      .join(',')}}`;
  const own = object as Record<string, unknown>;
  const keys = Object.keys(own).sort();
  const fields = keys.map((key) => `${canonical(key, trail)}=${canonical(own[key], trail)}`);
  // Errors keep name and message off their enumerable keys; they are part of the content.
  if (object instanceof Error) fields.push(`!${canonical(object.name, trail)}${canonical(object.message, trail)}`);
  const kind = Object.getPrototypeOf(object)?.constructor?.name ?? '';
  return `o${canonical(kind === 'Object' ? '' : kind, trail)}{${fields.join(',')}}`;
}
