import { CallFailed } from '../errors/CallFailed.js';
import { ProviderFailure } from '../errors/ProviderFailure.js';
import { ValueFailed } from '../errors/ValueFailed.js';
import type { WholeReply } from '../protocols/WholeReply.js';
import type { Reply } from '../services/engine/Reply.js';

/**
 * A misbehaviour the wire delivers in the provider's reply bytes, not as an error, for the client's own checks to
 * refuse.
 */
export type WireMisbehaviour =
  | { readonly kind: 'refusal'; readonly text: string }
  | { readonly kind: 'content_filter' }
  | { readonly kind: 'value'; readonly reply: Reply };

/** A refusal or a content filter: a reply that ended before it said anything. */
export type Stopped = Exclude<WireMisbehaviour, { readonly kind: 'value' }>;

/**
 * The misbehaviour `error` is, or undefined for any other error. A `content_filter` failure counts when it came inside
 * a reply (status 200, as a faked model's `misbehave` and a real adapter's finish make it), not as an HTTP error.
 */
export function wireMisbehaviour(error: unknown): WireMisbehaviour | undefined {
  if (error instanceof ValueFailed) {
    const { text, calls, units, finish, model } = error.reply;
    return {
      kind: 'value',
      reply: { text: `${text}${error.json}`, calls, units, finish, model, value: undefined, reasoning: [] },
    };
  }
  const failure = error instanceof CallFailed ? error.cause : error;
  if (!(failure instanceof ProviderFailure) || failure.kind !== 'content_filter' || failure.status !== 200)
    return undefined;
  return failure.refusal === undefined ? { kind: 'content_filter' } : { kind: 'refusal', text: failure.refusal };
}

/**
 * The reply a non-streamed endpoint answers: the app's, or a typed-value misbehaviour's reply as the model gave it;
 * undefined for a refusal or a content filter, which `misbehaved` answers; any other error thrown as it is.
 */
export async function replyOrMisbehaviour(ask: () => Promise<Reply>): Promise<Reply | Stopped> {
  try {
    return await ask();
  } catch (error) {
    const misbehaved = wireMisbehaviour(error);
    if (misbehaved === undefined) throw error;
    return misbehaved.kind === 'value' ? misbehaved.reply : misbehaved;
  }
}

/** Whether what {@link replyOrMisbehaviour} answered is a refusal or a content filter. */
export function isStopped(got: Reply | Stopped): got is Stopped {
  return 'kind' in got;
}

/** The reply a refusal or a content filter stands for: nothing written, nothing used. */
export function stoppedReply(model: string): Reply {
  return {
    text: '',
    calls: [],
    value: undefined,
    reasoning: [],
    units: { tokensIn: 0, tokensOut: 0 },
    finish: 'stop',
    model,
  };
}

/**
 * A scripted `content_filter` failure as a reply its filter stopped, for a dialect whose provider
 * answers one in a 200 (Gemini's blocked prompt, Anthropic's refusal); any other error thrown.
 */
export function filteredOr(error: unknown): Stopped {
  const failure = error instanceof CallFailed ? error.cause : error;
  if (failure instanceof ProviderFailure && failure.kind === 'content_filter') return { kind: 'content_filter' };
  throw error;
}

/** What a whole answer carries of what {@link replyOrMisbehaviour} answered: a typed value as its JSON text. */
export function wholeReply(got: Reply | Stopped): WholeReply {
  if (isStopped(got)) {
    return { text: '', reasoning: [], calls: [], units: { tokensIn: 0, tokensOut: 0 }, finish: 'stop', stopped: got };
  }
  const { text, value, reasoning, reasoningBlocks, calls, units, finish } = got;
  return {
    text: value === undefined ? text : `${text}${JSON.stringify(value)}`,
    reasoning,
    reasoningBlocks,
    calls,
    units,
    finish,
  };
}
