import { AsyncLocalStorage } from 'node:async_hooks';
import { inject, injectable } from 'inversify';
import type { StandinConfig } from '../../config/configSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import { Tokens } from '../../tokens/Tokens.js';

/** The name of the container's default partition, used outside any scope. */
export const DEFAULT_SCOPE = '';

/**
 * The cursor scopes of one container: an AsyncLocalStorage owned by the container (never a
 * module-level one), so a scope entered in one container means nothing to another.
 * Entering a scope costs about as much as a function call, not a child container.
 *
 * @example
 * ```ts
 * const scopes = container.get(Tokens.Scopes);
 * await scopes.run('test-42', async () => scopes.current()); // 'test-42'
 * ```
 */
@injectable()
export class Scopes {
  readonly #storage = new AsyncLocalStorage<string>();
  readonly #strict: boolean;

  constructor(@inject(Tokens.Config) config: StandinConfig) {
    this.#strict = config.strictScopes;
  }

  /** Runs `fn` inside scope `id`: every cursor it (and everything it awaits) uses lives in that scope's partition. */
  run<T>(id: string, fn: () => T): T {
    if (typeof id !== 'string' || id.length === 0 || id.startsWith('\u0000')) {
      throw new StandinError(
        'S0002',
        `A scope id must be a non-empty string, got ${typeof id === 'string' ? (id.length === 0 ? 'an empty string' : 'a reserved name') : `a ${typeof id}`}. Name the scope after the test or the request, e.g. app.scope('refund-flow', fn).`,
      );
    }
    return this.#storage.run(id, fn);
  }

  /** The scope the caller runs in, or undefined outside any scope. */
  get active(): string | undefined {
    return this.#storage.getStore();
  }

  /**
   * The partition the caller's cursors live in: the active scope, or the default partition
   * outside any scope. With `strictScopes`, being outside any scope is an error (`S0001`).
   */
  current(): string {
    const scope = this.#storage.getStore();
    if (scope !== undefined) return scope;
    if (this.#strict) {
      throw new StandinError(
        'S0001',
        'This call runs outside any cursor scope, and the container was made with strictScopes: true. Wrap it in app.scope(id, fn) (or runInScope(container, id, fn)), or leave strictScopes off to use the default partition.',
      );
    }
    return DEFAULT_SCOPE;
  }
}
