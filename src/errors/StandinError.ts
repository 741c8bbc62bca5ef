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

/**
 * A message built from a huge input (thousands of models, a megabyte answer) must not hold it all in memory or logs.
 */
export const MAX_MESSAGE_CHARS = 16 * 1024;

/** `message` with `code: ` in front, unless it already begins with that code; cut to {@link MAX_MESSAGE_CHARS}. */
function withCode(code: string, message: string): string {
  const text = String(message);
  return capMessage(text.startsWith(`${code}: `) ? text : `${code}: ${text}`);
}

/** `text` cut to {@link MAX_MESSAGE_CHARS} characters, saying how many were left out. */
export function capMessage(text: string): string {
  if (text.length <= MAX_MESSAGE_CHARS) return text;
  let end = MAX_MESSAGE_CHARS;
  // Never split a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}

const codePrefix = /^[A-Z]\d{4}: /;

/** A message without its leading code, to quote inside another that says the code its own way. */
export function bareMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return error instanceof StandinError ? text.replace(codePrefix, '') : text;
}
