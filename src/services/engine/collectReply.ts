import type { ZodType } from 'zod';
import type { CallContext, ReplyPart, ReplyRequest } from '../spec/Provider.js';
import type { WholeReply } from '../providers/wholeReply.js';
import type { Dispatcher, DispatchOptions } from '../dispatch/Dispatcher.js';
import { abortGate, neverAborted } from '../dispatch/untilAborted.js';
import { wholeReplyOf } from '../providers/wholeReply.js';
import type { PreparedReply } from '../requests/prepareReply.js';
import type { Reply } from './Reply.js';
import { ReplyCollector } from './ReplyCollector.js';

/**
 * A reply, collected whole within each attempt: a failure anywhere in it is retried and falls
 * back. A provider that knows its replies whole (a faked model) hands every part at once when
 * nothing can abort the call, and each is checked as a streamed part would be.
 */
export function collectReply(
  dispatch: Dispatcher,
  model: string,
  prepared: PreparedReply,
  options: DispatchOptions,
): Promise<Reply> {
  const call = dispatch.call(options, prepared.output);
  return dispatch.model(model, 'reply', call, options.retry, (provider, context) => {
    const request = withModel(prepared.request, context.model);
    const whole = wholeReplyOf(provider);
    if (whole === undefined) return collectStream(provider.reply(request, context), context, prepared.output);
    // A call no signal can end has nothing to race and no listener to remove: two promises fewer per reply. The
    // collecting closure is passed unnamed, as the build would name a named one again on every call.
    if (context.signal === neverAborted())
      return whole(request, context).then((parts) => collectWhole(parts, context, prepared.output));
    const gate = abortGate(context.signal);
    return gate
      .race(whole(request, context))
      .then((parts) => collectWhole(parts, context, prepared.output))
      .finally(() => gate.close());
  });
}

/**
 * The request with the provider's model name, its fields in their order, then `model`. Copied key by key: a spread
 * followed by a field took a faked reply a sixth of its time.
 */
export function withModel(request: Omit<ReplyRequest, 'model'>, model: string): ReplyRequest {
  const copy: Record<string, unknown> = {};
  for (const key in request) copy[key] = request[key as keyof typeof request];
  copy['model'] = model;
  return copy as unknown as ReplyRequest;
}

/** A reply a provider gave whole: its list of parts, or the stream it streams after all. */
function collectWhole(parts: WholeReply, context: CallContext, output: ZodType | undefined): Reply | Promise<Reply> {
  return isPartList(parts) ? collectList(parts, context, output) : collectStream(parts, context, output);
}

/** Whether a reply came whole as its list of parts, rather than as a stream. */
export function isPartList(parts: WholeReply): parts is readonly ReplyPart[] {
  return Array.isArray(parts);
}

/** A reply given whole, each part checked as it would be streamed. */
export function collectList(parts: readonly ReplyPart[], context: CallContext, output: ZodType | undefined): Reply {
  const collector = new ReplyCollector(context.provider, output);
  for (const part of parts) collector.add(part);
  return collector.finish(context.modelName);
}

/**
 * A reply read off its stream part by part, each checked as it comes; a stream left early (abort, broken part) is
 * stopped.
 */
export async function collectStream(
  stream: AsyncIterable<ReplyPart>,
  context: CallContext,
  output: ZodType | undefined,
): Promise<Reply> {
  const collector = new ReplyCollector(context.provider, output);
  const iterator = stream[Symbol.asyncIterator]();
  const gate = abortGate(context.signal);
  let done = false;
  try {
    for (;;) {
      const next = await gate.race(iterator.next());
      if (next.done) break;
      collector.add(next.value);
    }
    done = true;
    return collector.finish(context.modelName);
  } finally {
    gate.close();
    // Stops a provider stream the loop left early (abort, broken part).
    if (!done) void iterator.return?.()?.catch(() => undefined);
  }
}
