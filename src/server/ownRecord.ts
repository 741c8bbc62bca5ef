/**
 * An empty record with no prototype, for results keyed by names clients and scripts choose (scopes, models, servers,
 * tools): a name such as `__proto__` or `constructor` is then an ordinary key, never the prototype nor one of its
 * methods, and an assignment never reaches `Object.prototype`.
 */
export function ownRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * The value `record` holds under `key` as its own, never one it inherits: `constructor` of a plain object is
 * undefined here.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
