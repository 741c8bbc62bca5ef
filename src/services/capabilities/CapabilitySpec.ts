import type { CallContext, Capability, Provider } from '../providers/Provider.js';

/** The capabilities besides `reply`, which each take plain arguments and answer one result. */
export type PlainCapability = Exclude<Capability, 'reply'>;

/**
 * Everything standin knows of one plain capability, in one place: the engine checks the caller's
 * arguments and the provider's result with it, the faked model answers and records it with it,
 * and a record-of-calls fake is read by its `name`. A new modality is one new file of this shape
 * (plus `capabilities.ts`, and the adapters that implement it).
 *
 * @example
 * ```ts
 * const spec = capabilities.embed;
 * spec.check(['Hello']);
 * const vector = await spec.invoke(provider, ['Hello'], context);
 * spec.problem(vector, ['Hello']); // undefined when the vector keeps the contract
 * ```
 */
export interface CapabilitySpec<A extends readonly unknown[], R> {
  /** The provider's method, the key of a record-of-calls fake, and `sent[i].call`. */
  readonly name: PlainCapability;
  /** Checks the caller's arguments: `E0003` naming the argument and what it should be. */
  readonly check: (args: A) => void;
  /** One call of the provider's method. */
  readonly invoke: (provider: Provider, args: A, context: CallContext) => Promise<R>;
  /** What the result should have been, in words, when it breaks the contract; undefined when it keeps it. */
  readonly problem: (result: unknown, args: A) => string | undefined;
  /** What `sent` records of the arguments. */
  readonly sent: (args: A) => unknown;
  /** The function a record-of-calls fake gives for it, in words, with an example. */
  readonly answer: string;
}
