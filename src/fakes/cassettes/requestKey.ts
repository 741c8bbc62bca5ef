import { canonicalScript } from '../script/hashScript.js';

/** How deep the quick walk goes before it leaves the value to `canonicalScript`. */
const QUICK_DEPTH = 256;

/**
 * A request's canonical text, as {@link canonicalScript} writes it, in one pass to one flat string: a text built by `+`
 * stays a tree of pieces in memory, at three times the size, and a cassette keys every entry by it. Anything but plain
 * data is left to `canonicalScript`.
 */
export function requestKey(request: unknown): string {
  const pieces: string[] = [];
  return write(request, pieces, []) ? pieces.join('') : canonicalScript(request);
}

/** Adds `canonicalScript`'s text of plain data to `pieces`; false when `value` holds anything else. */
function write(value: unknown, pieces: string[], ancestors: object[]): boolean {
  switch (typeof value) {
    case 'string':
      pieces.push(`s${value.length}:`, value);
      return true;
    case 'number':
      pieces.push(`d${Object.is(value, -0) ? '-0' : String(value)};`);
      return true;
    case 'boolean':
      pieces.push(value ? 'T' : 'F');
      return true;
    case 'undefined':
      pieces.push('u');
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) {
    pieces.push('n');
    return true;
  }
  if (ancestors.length >= QUICK_DEPTH || ancestors.includes(value)) return false;
  ancestors.push(value);
  const written = Array.isArray(value) ? list(value, pieces, ancestors) : record(value, pieces, ancestors);
  ancestors.pop();
  return written;
}

function list(value: readonly unknown[], pieces: string[], ancestors: object[]): boolean {
  pieces.push(`a${value.length}[`);
  for (let i = 0; i < value.length; i++) {
    if (i > 0) pieces.push(',');
    // A hole is written as `map` and `join` write it: nothing.
    const item = value[i];
    if (!(item === undefined && !(i in value)) && !write(item, pieces, ancestors)) return false;
  }
  pieces.push(']');
  return true;
}

function record(value: object, pieces: string[], ancestors: object[]): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(value).sort();
  pieces.push('os0:{');
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    pieces.push(`${i === 0 ? '' : ','}s${key.length}:`, key, '=');
    if (!write((value as Record<string, unknown>)[key], pieces, ancestors)) return false;
  }
  pieces.push('}');
  return true;
}
