import type { Container } from 'inversify';
import { Tokens } from '../../tokens/Tokens.js';

/**
 * Runs `fn` inside cursor scope `scopeId` of `container`: scripted fakes called from it (and from
 * everything it awaits) keep their cursors in that scope's partition, apart from every other scope.
 * The same id entered again finds the same cursors, so one conversation can span many requests.
 *
 * @example
 * ```ts
 * await Promise.all([
 *   runInScope(container, 'a', () => app.reply('writer', request)),
 *   runInScope(container, 'b', () => app.reply('writer', request)), // starts at the first answer too
 * ]);
 * ```
 */
export function runInScope<T>(container: Container, scopeId: string, fn: () => T): T {
  return container.get(Tokens.Scopes).run(scopeId, fn);
}
