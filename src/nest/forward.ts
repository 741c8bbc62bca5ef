import type { Container, ServiceIdentifier } from 'inversify';
import { disposedError, isDisposed } from '../services/app/disposed.js';
import type { Classifier } from '../services/spec/Classifier.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import { Tokens } from '../tokens/Tokens.js';

/** What Nest asks of every provider when the application starts and closes: answered, never refused. */
const probes = new Set<PropertyKey>([
  'onModuleInit',
  'onApplicationBootstrap',
  'onModuleDestroy',
  'beforeApplicationShutdown',
  'onApplicationShutdown',
  'then',
]);

/**
 * Resolves `token` on every use, so a service rebound after Nest injected it is what Nest calls next (for the
 * classifier, a test's fake on the caller's scope). An unbound token reads as an empty object, as Nest probes for
 * lifecycle hooks; after dispose, any other use is `E0050`.
 */
export function forward<T extends object>(container: Container, token: ServiceIdentifier<T>): T {
  const bound = (): T | undefined => container.get(token, { optional: true });
  // The classifier a call reaches is the stand-in on its slot, when one takes the caller's scope.
  const current: () => T | undefined =
    token === Tokens.Classifier
      ? () => {
          const standIns = container.get(Tokens.StandIns).standIns;
          if (standIns === undefined) return bound();
          const scope = container.get(Tokens.Scopes).active ?? DEFAULT_SCOPE;
          return standIns.classifier(0, scope, bound as () => Classifier | undefined) as T | undefined;
        }
      : bound;
  // Nest's lifecycle probes read what the container binds: a probe runs in no scope a test faked.
  const resolve = (property?: PropertyKey): Record<PropertyKey, unknown> =>
    ((property !== undefined && (probes.has(property) || typeof property === 'symbol') ? bound() : current()) ??
      {}) as Record<PropertyKey, unknown>;
  const alive = (property: PropertyKey): boolean => {
    if (!isDisposed(container)) return true;
    if (probes.has(property) || typeof property === 'symbol') return false;
    throw disposedError(
      `Nest's ${typeof token === 'symbol' ? (token.description ?? 'standin') : 'standin'} provider (.${property})`,
    );
  };
  return new Proxy({} as T, {
    get(_, property) {
      if (!alive(property)) return undefined;
      const target = resolve(property);
      const value = target[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has(_, property) {
      if (!alive(property)) return false;
      return property in resolve(property);
    },
    // So `instanceof` sees the service the container holds now.
    getPrototypeOf() {
      return isDisposed(container) ? Object.prototype : (Object.getPrototypeOf(resolve()) as object | null);
    },
  });
}
