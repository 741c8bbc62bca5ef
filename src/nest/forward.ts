import type { Container, ServiceIdentifier } from 'inversify';
import { disposedError, isDisposed } from '../services/app/disposed.js';

/** What Nest asks of every provider when the application starts and closes: answered, never refused. */
const probes = new Set<PropertyKey>(['onModuleInit', 'onApplicationBootstrap', 'onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown', 'then']);

/**
 * A stand-in that resolves `token` from the container on every use, so a service rebound after
 * Nest injected it (a test's fake classifier) is what the Nest service calls next. A token that
 * is not bound reads as an empty object: Nest probes providers for lifecycle hooks. Once the
 * app is disposed, any use but those probes fails with `E0050`.
 */
export function forward<T extends object>(container: Container, token: ServiceIdentifier<T>): T {
  const resolve = (): Record<PropertyKey, unknown> => (container.get(token, { optional: true }) ?? {}) as Record<PropertyKey, unknown>;
  const alive = (property: PropertyKey): boolean => {
    if (!isDisposed(container)) return true;
    if (probes.has(property) || typeof property === 'symbol') return false;
    throw disposedError(`Nest's ${typeof token === 'symbol' ? (token.description ?? 'standin') : 'standin'} provider (.${property})`);
  };
  return new Proxy({} as T, {
    get(_, property) {
      if (!alive(property)) return undefined;
      const target = resolve();
      const value = target[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has(_, property) {
      if (!alive(property)) return false;
      return property in resolve();
    },
    // So `instanceof` sees the service the container holds now.
    getPrototypeOf() {
      return isDisposed(container) ? Object.prototype : (Object.getPrototypeOf(resolve()) as object | null);
    },
  });
}
