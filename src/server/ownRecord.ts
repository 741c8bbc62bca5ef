/**
 * A record with no prototype, for names clients choose: `__proto__` or `constructor` is then an ordinary key, and no
 * assignment reaches `Object.prototype`.
 */
export function ownRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `record`'s own value at `key`, never an inherited one. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
