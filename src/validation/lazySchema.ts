/** The key under which a stand-in answers its real schema. */
const BUILT = Symbol('standin.lazySchema.built');

/**
 * A schema built the first time it is used, not when its module loads. Building a zod schema
 * costs far more than reading one: a module that declares many schemas at the top level makes
 * every `import('standin')` pay for checks the program may never run. The value stands for the
 * schema in every way a caller or zod itself reads it (properties, methods, `in`, `instanceof`).
 */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const real = (): T => (schema ??= build());
  // Methods are bound to the real schema once each, so `const { parse } = schema` works and a call
  // through the stand-in costs one lookup, not an allocation.
  const bound = new Map<PropertyKey, { readonly of: unknown; readonly fn: unknown }>();
  return new Proxy(Object.create(null) as T, {
    get(_, key) {
      const target = real();
      if (key === BUILT) return target;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const cached = bound.get(key);
      if (cached?.of === value) return cached.fn;
      const fn = (value as (...args: unknown[]) => unknown).bind(target);
      bound.set(key, { of: value, fn });
      return fn;
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in's own (empty) target holds none of these, so none may be reported as fixed.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
  });
}

/**
 * The real schema behind a {@link lazySchema} stand-in (built now if it was not), or `schema`
 * itself. A schema that holds another holds the real one, so each parse of it reads no stand-in.
 */
export function built<T extends object>(schema: T): T {
  return (schema as { readonly [BUILT]?: T })[BUILT] ?? schema;
}
