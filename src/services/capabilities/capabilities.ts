import type { CallContext, Capability, Provider } from '../spec/Provider.js';
import { call } from './call.js';
import { countTokens } from './countTokens.js';
import type { CapabilitySpec, PlainCapability } from '../spec/CapabilitySpec.js';
import { embed } from './embed.js';
import { hear } from './hear.js';
import { image } from './image.js';
import { rank } from './rank.js';
import { speak } from './speak.js';

/**
 * The plain capabilities by name: what the engine, the faked model, a record-of-calls fake,
 * cassettes, the wire server's `sent` and the AI SDK mapping read. `reply` (parts, checked by
 * `ReplyCollector`) and `classify` (the classifier contract) have their own pipelines. It has an
 * entry for each optional method of `Provider`, or it does not compile.
 */
export const capabilities = { embed, hear, speak, rank, image, call, countTokens } as const satisfies {
  readonly [N in PlainCapability]: CapabilitySpec<never, unknown>;
};

type Specs = typeof capabilities;

/** A plain capability's arguments, as its provider method takes them before the `CallContext`. */
export type CapabilityArgs<N extends PlainCapability> = Parameters<Specs[N]['check']>[0];

/** What a plain capability's provider method answers. */
export type CapabilityResult<N extends PlainCapability> = Awaited<ReturnType<Specs[N]['invoke']>>;

/** What `sent` records of a plain capability's call (`sent[i].input`). */
export type SentInput<N extends PlainCapability> = ReturnType<Specs[N]['sent']>;

/** A plain capability's result, as a recorded answer (a cassette's) keeps it. */
export type RecordedResult<N extends PlainCapability> = Exclude<ReturnType<Specs[N]['recorded']['answer']>, undefined>;

/**
 * The spec of capability `name`, typed by its name: what code generic over the capability reads
 * (`capabilities[name]` of a name not known until run time is a union of every spec).
 */
export function specOf<N extends PlainCapability>(
  name: N,
): CapabilitySpec<CapabilityArgs<N>, CapabilityResult<N>, SentInput<N>, RecordedResult<N>> {
  return capabilities[name] as unknown as CapabilitySpec<
    CapabilityArgs<N>,
    CapabilityResult<N>,
    SentInput<N>,
    RecordedResult<N>
  >;
}

/** The names of {@link capabilities}, in the order the docs list them. */
export const plainCapabilities = Object.keys(capabilities) as readonly PlainCapability[];

/**
 * Every capability a call can use, `reply` first: a provider's methods, `sent[i].call`, and what
 * the real-call guard and the docs name.
 */
export const capabilityNames: readonly Capability[] = ['reply', ...plainCapabilities];

/**
 * A provider method for capability `name` that hands its arguments, as a tuple, and the call's
 * context to `handle`: how a stand-in offers every capability with one function.
 */
export function serve<N extends PlainCapability>(
  name: N,
  handle: (args: CapabilityArgs<N>, context: CallContext) => Promise<CapabilityResult<N>>,
): NonNullable<Provider[N]> {
  const method = (...all: unknown[]): Promise<CapabilityResult<N>> =>
    handle(all.slice(0, -1) as unknown as CapabilityArgs<N>, all.at(-1) as CallContext);
  Object.defineProperty(method, 'name', { value: name });
  return method as unknown as NonNullable<Provider[N]>;
}
