import type { Container, ServiceIdentifier } from 'inversify';

/**
 * A stand-in that resolves `token` from the container on every use, so a service rebound after
 * Nest injected it (a test's fake classifier) is what the Nest service calls next. A token that
 * is not bound reads as an empty object: Nest probes providers for lifecycle hooks.
 */
export function forward<T extends object>(container: Container, token: ServiceIdentifier<T>): T {
  const resolve = (): Record<PropertyKey, unknown> => (container.get(token, { optional: true }) ?? {}) as Record<PropertyKey, unknown>;
  return new Proxy({} as T, {
    get(_, property) {
      const target = resolve();
      const value = target[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has(_, property) {
      return property in resolve();
    },
    // So `instanceof` sees the service the container holds now.
    getPrototypeOf() {
      return Object.getPrototypeOf(resolve()) as object | null;
    },
  });
}
