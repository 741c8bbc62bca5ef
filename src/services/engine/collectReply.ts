import type { ZodType } from 'zod';
import type { CallContext, ReplyPart } from '../spec/Provider.js';
import type { WholeReply } from '../providers/wholeReply.js';
import { abortGate } from '../dispatch/untilAborted.js';
import type { Reply } from './Reply.js';
import { ReplyCollector } from './ReplyCollector.js';

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
