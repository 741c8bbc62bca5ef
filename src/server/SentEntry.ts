import type { CapabilitySpec } from '../services/spec/CapabilitySpec.js';
import type { Capability } from '../services/spec/Provider.js';

/**
 * One request the wire server answered, as `server.sent` and the control API's `sent` hold it:
 * the scope, the endpoint, the model id, the call and what it asked. Never the API key, nor any
 * other header.
 *
 * @example
 * ```ts
 * const entry: SentEntry = {
 *   scope: 'test-1',
 *   path: '/v1/chat/completions',
 *   model: 'gpt-4.1-mini',
 *   call: 'reply',
 *   input: { messages: [{ role: 'user', content: 'Hi' }] },
 * };
 * ```
 */
export interface SentEntry {
  /** The scope the request ran in; `''` for the default scope. */
  readonly scope: string;
  /** The endpoint's path, such as `/v1/chat/completions`. */
  readonly path: string;
  /** The model id the client sent. */
  readonly model: string;
  /** The call it became: a capability (`reply`, `embed`, `hear`, ...) or `classify`. */
  readonly call: Capability | 'classify';
  /** What it asked, as the engine was handed it (audio as its byte count). */
  readonly input: unknown;
}

/**
 * The sent entry of a plain capability's call: what the capability's `sent` records of its
 * arguments, with bytes (a sound's) as their byte count.
 *
 * @example
 * ```ts
 * context.record(sentOf('whisper-1', capabilities.hear, [{ audio, kind: 'wav' }])); // input: { audio: '3 bytes', kind: 'wav' }
 * ```
 */
export function sentOf<A extends readonly unknown[]>(
  model: string,
  spec: CapabilitySpec<A, unknown>,
  args: A,
): Omit<SentEntry, 'scope' | 'path'> {
  return { model, call: spec.name, input: withoutBytes(spec.sent(args)) };
}

function withoutBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return `${value.byteLength} bytes`;
  if (Array.isArray(value)) return value.map(withoutBytes);
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutBytes(item)]));
}
