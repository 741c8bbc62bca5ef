import { isPlainObject } from './shapeError.js';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` survives `JSON.stringify` and back unchanged (an `undefined` property is left out, so allowed). */
export function isJsonEncodable(value: unknown): boolean {
  try {
    return encodable(value, []);
  } catch {
    // A getter that throws, a revoked proxy: whatever cannot be read cannot be encoded.
    return false;
  }
}

function encodable(value: unknown, trail: object[]): boolean {
  switch (typeof value) {
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'string':
      return !loneSurrogate.test(value);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (trail.includes(value)) return false;
  if (Array.isArray(value)) {
    trail.push(value);
    for (let i = 0; i < value.length; i++) {
      if (!(i in value) || !encodable(value[i], trail)) return false;
    }
    trail.pop();
    return true;
  }
  if (!isPlainObject(value)) return false;
  trail.push(value);
  for (const key of Object.keys(value)) {
    const inner = value[key];
    if (inner !== undefined && !encodable(inner, trail)) return false;
    if (loneSurrogate.test(key)) return false;
  }
  trail.pop();
  return true;
}
