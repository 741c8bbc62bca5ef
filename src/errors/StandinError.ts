import type { Code } from './catalog.js';

/** Options every standin error takes besides its code and message. */
export interface StandinErrorOptions {
  /** The error this one was caused by, kept for debugging. Never a secret. */
  readonly cause?: unknown;
}

/**
 * The base of every error standin throws. `code` is stable across versions and is listed,
 * with its meaning and fix, in `docs/errors.md`.
 *
 * @example
 * ```ts
 * try { createContainer({ models: { writer: { provider: 'openai' } } }); }
 * catch (e) { if (e instanceof StandinError) console.log(e.code, e.message); }
 * ```
 */
export class StandinError extends Error {
  /** The catalog code, such as `'C0001'`. */
  readonly code: Code;

  constructor(code: Code, message: string, options: StandinErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.code = code;
  }

  static {
    nameErrorClass(this, 'StandinError');
  }
}

/** Gives an error class its `name` on the prototype, so instances print it without an own property. */
export function nameErrorClass(cls: abstract new (...args: never[]) => Error, name: string): void {
  Object.defineProperty(cls.prototype, 'name', { value: name, writable: true, configurable: true });
}
