import type { ZodType } from 'zod';
import type { CallContext, Capability, Provider } from './Provider.js';

/** The capabilities besides `reply`, which each take plain arguments and answer one result. */
export type PlainCapability = Exclude<Capability, 'reply'>;

/** What a recording keeps of a result beyond what its replay needs. */
export interface RecordKeep {
  /** Whether bytes a result carries (an image's) are kept whole, not only as their length and SHA-256. */
  readonly bytes: boolean;
}

/**
 * How a capability's result is kept as recorded JSON (a cassette's answer) and read back.
 *
 * @example
 * ```ts
 * const { answer, result } = capabilities.embed.recorded;
 * answer([0.1, 0.2]); // { vector: [0.1, 0.2] }
 * result({ vector: [0.1, 0.2] }); // [0.1, 0.2]
 * ```
 */
export interface RecordedCodec<R, J extends object> {
  /** The shape of a recorded answer: a strict object, so a failure record (`{ fail }`) never fits it. */
  readonly schema: ZodType<J>;
  /**
   * The answer to record for a result; undefined, or one `schema` refuses, when the result breaks the contract (it is
   * not recorded). `keep` says what the recording keeps beyond that (a cassette's settings).
   */
  answer(result: R, keep?: RecordKeep): J | undefined;
  /** The result a recorded answer replays. */
  // A method: bivariant, so a spec of any answer shape is a `CapabilitySpec<A, R>`.
  result(answer: J): R;
}

/**
 * Everything standin knows of one plain capability, in one place: the engine checks the caller's
 * arguments and the provider's result with it; the faked model answers and records it with it;
 * a record-of-calls fake is read by its `name`; cassettes match its request by `request` and
 * keep its result by `recorded`; the wire server and the faked model's `sent` record `sent`. A
 * new modality is one new file of this shape, its entry in `capabilities.ts`, and the provider's
 * method (see the README's "A new modality").
 *
 * @example
 * ```ts
 * const spec = capabilities.embed;
 * spec.check(['Hello']);
 * const vector = await spec.invoke(provider, ['Hello'], context);
 * spec.problem(vector, ['Hello']); // undefined when the vector keeps the contract
 * ```
 */
export interface CapabilitySpec<A extends readonly unknown[], R, S = unknown, J extends object = object> {
  /** The provider's method, the key of a record-of-calls fake, and `sent[i].call`. */
  readonly name: PlainCapability;
  /** Checks the caller's arguments: `E0003` naming the argument and what it should be. */
  readonly check: (args: A) => void;
  /** One call of the provider's method. */
  readonly invoke: (provider: Provider, args: A, context: CallContext) => Promise<R>;
  /** What the result should have been, in words, when it breaks the contract; undefined when it keeps it. */
  readonly problem: (result: unknown, args: A) => string | undefined;
  /** What `sent` records of the arguments (the faked model's `sent`, the wire server's `sent`). */
  readonly sent: (args: A) => S;
  /** The function a record-of-calls fake gives for it, in words, with an example. */
  readonly answer: string;
  /** What a call gives, in words: the provider conformance case's promise (`embed gives ...`). */
  readonly gives: string;
  /**
   * The arguments by name, as a recorded request keeps them and a replay matches them: what
   * decides the answer, bytes as their length and SHA-256 (`{ bytes, sha256 }`), never the bytes.
   */
  readonly request: (args: A) => Readonly<Record<string, unknown>>;
  /** How the result is recorded (a cassette's answer) and replayed. */
  readonly recorded: RecordedCodec<R, J>;
  /**
   * True when a faked model answers the call with `fitting()`'s answer unless its script gives one: a call that costs
   * nothing (a token count) must not take an answer a test wrote for a reply, nor fail a fake faked with replies only.
   */
  readonly unscripted?: true;
}
