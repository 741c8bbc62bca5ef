import { plainJsonLength } from './estimateUnits.js';

/** JSON lengths worked out once per object: a fake sees the same messages and tools on every step of a run. */
export function jsonLengths(): (value: unknown) => number {
  const lengths = new WeakMap<object, number>();
  return (value) => {
    if (value === null || typeof value !== 'object') return plainJsonLength(value);
    let length = lengths.get(value);
    if (length === undefined) {
      length = plainJsonLength(value);
      lengths.set(value, length);
    }
    return length;
  };
}
