import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../spec/Provider.js';

/** A reply a provider knows before its first part is read: its parts, or a stream when it must stream after all. */
export type WholeReply = readonly ReplyPart[] | AsyncIterable<ReplyPart>;

/** How a provider that offers its replies whole gives one: the same answer its `reply` would stream. */
export type WholeReplyOf = (request: ReplyRequest, context: CallContext) => Promise<WholeReply>;

/** The providers that offer their replies whole, kept weakly: looked up by identity, never by reading the provider. */
const offered = new WeakMap<Provider, WholeReplyOf>();

/**
 * Registers a faked model as knowing each reply whole once its answer is taken, so the engine collects it without a
 * stream to step through. Internal: the engine reads `reply` from every other provider.
 */
export function offerWholeReply(provider: Provider, whole: WholeReplyOf): void {
  offered.set(provider, whole);
}

/**
 * How `provider` gives a reply whole, if it registered; reads nothing of the provider, so a proxy's traps never run.
 */
export function wholeReplyOf(provider: Provider): WholeReplyOf | undefined {
  return offered.get(provider);
}
