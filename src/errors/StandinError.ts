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

  /**
   * The message begins with the code (`E0001: Unknown model 'x' …`), since a test runner prints
   * only the message and the code is what `docs/errors.md` is searched by.
   */
  constructor(code: Code, message: string, options: StandinErrorOptions = {}) {
    super(withCode(code, message), 'cause' in options ? { cause: options.cause } : undefined);
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

/** `message` with `code: ` in front, unless it already begins with that code. */
function withCode(code: string, message: string): string {
  const text = String(message);
  return text.startsWith(`${code}: `) ? text : `${code}: ${text}`;
}

const codePrefix = /^[A-Z]\d{4}: /;

/**
 * An error's message without the leading code, for quoting it inside another message or a
 * provider-shaped error body that says the code its own way.
 *
 * @example
 * ```ts
 * bareMessage(new StandinError('E0001', "Unknown model 'x'.")); // "Unknown model 'x'."
 * ```
 */
export function bareMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return error instanceof StandinError ? text.replace(codePrefix, '') : text;
}
