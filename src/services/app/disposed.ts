import type { Container } from 'inversify';
import { StandinError } from '../../errors/StandinError.js';

/** The containers whose app was disposed: kept weakly, so a disposed app is still collected. */
const disposed = new WeakSet<Container>();

/** Marks `container` disposed, so a later use gets `E0050` rather than inversify's missing-binding error. */
export function markDisposed(container: Container): void {
  disposed.add(container);
}

/** Whether `container` belongs to a disposed app. */
export function isDisposed(container: Container): boolean {
  return disposed.has(container);
}

/**
 * Throws `E0050` when `container` belongs to a disposed app; `what` names the call refused.
 *
 * @throws {StandinError} `E0050` when the app was disposed.
 */
export function assertAlive(container: Container, what: string): void {
  if (disposed.has(container)) throw disposedError(what);
}

/** `E0050`: what was called on a disposed app, and the ways out (an app per test, or one shared with `useStandin`). */
export function disposedError(what: string): StandinError {
  return new StandinError(
    'E0050',
    `${what}: this app was disposed (by app.dispose(), or by closing the Nest application that made it), so it has ` +
      `no services left to call. Make a new app for each test, or share one app between tests by handing it to the ` +
      `testing module with useStandin(builder, app): the standin module never disposes an app handed to it.`,
  );
}
