import type { WireContext } from '../WireContext.js';
import type { DialectAnswers } from './DialectAnswers.js';

/** One endpoint of a dialect: its method, its path (fixed, or a pattern whose named groups are its params), its handler. */
export interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string | RegExp;
  readonly handle: (context: WireContext) => Promise<void>;
}

/**
 * One provider's protocol on the wire server's side. Everything reads a dialect through this interface, so a new
 * dialect is one object in the registry, and the compiler names every member it lacks.
 */
export interface Dialect extends DialectAnswers {
  readonly routes: readonly Route[];
}
