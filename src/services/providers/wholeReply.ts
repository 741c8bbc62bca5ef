import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../spec/Provider.js';

/**
 * A reply a provider knows before its first part is read: every part, or (when it must stream after all) its parts as a
 * stream.
 */
export type WholeReply = readonly ReplyPart[] | AsyncIterable<ReplyPart>;

/** How a provider that offers its replies whole gives one: the same answer its `reply` would stream. */
export type WholeReplyOf = (request: ReplyRequest, context: CallContext) => Promise<WholeReply>;

/** The providers that offer their replies whole, kept weakly: looked up by identity, never by reading the provider. */
const offered = new WeakMap<Provider, WholeReplyOf>();

/**
 * Registers `provider` (a faked model) as one that knows each reply whole once its answer is
 * taken: the engine then collects a reply that nothing can abort from the list at once, and
 * checks each part as it checks a streamed one, with no stream to step through. Internal to
 * standin; no provider needs it, and the engine reads `reply` from every other provider.
 */
export function offerWholeReply(provider: Provider, whole: WholeReplyOf): void {
  offered.set(provider, whole);
}

/**
 * How `provider` gives a reply whole, when it registered with {@link offerWholeReply}; undefined
 * otherwise. Reads nothing of the provider, so a proxy's traps are never run.
 */
export function wholeReplyOf(provider: Provider): WholeReplyOf | undefined {
  return offered.get(provider);
}
