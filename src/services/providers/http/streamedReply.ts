import type { CallContext, ReplyPart } from '../../spec/Provider.js';
import type { Endpoint } from './Endpoint.js';
import type { Exchange } from './Exchange.js';
import type { SseEvent } from '../../../protocols/sse.js';

/** Folds a vendor's stream events into reply parts: what each adapter's wire format knows. */
export interface EventFolder {
  /** Adds the parts one event makes to `out`; throws a ProviderFailure on an error event. */
  add(event: SseEvent, out: ReplyPart[]): void;
  /** Adds the parts the end of the stream makes to `out`; throws when the stream ended early. */
  end(out: ReplyPart[]): void;
  /** The parts of a whole JSON answer a server gave in place of the stream (one that ignores `stream: true`). */
  whole?(text: string, out: ReplyPart[]): void;
}

/** POSTs a streamed request and hands on each event's parts as it arrives, those before a failure first. */
export async function* streamedReply(
  endpoint: Endpoint,
  context: CallContext,
  path: string,
  body: string,
  folder: (exchange: Exchange) => EventFolder,
): AsyncGenerator<ReplyPart, void, undefined> {
  const { exchange, headers } = await endpoint.open(context, 'application/json', 'text/event-stream');
  try {
    const response = await exchange.send(endpoint.url(path), { method: 'POST', headers, body });
    const stream = folder(exchange);
    const parts: ReplyPart[] = [];
    if (stream.whole !== undefined && response.headers.get('content-type')?.includes('application/json')) {
      const text = await exchange.wholeText(response);
      try {
        stream.whole(text, parts);
      } catch (error) {
        throw exchange.readFault(error);
      }
      yield* parts;
      return;
    }
    for await (const events of exchange.events(response)) {
      for (const event of events) {
        let failed: unknown;
        try {
          stream.add(event, parts);
        } catch (error) {
          failed = exchange.readFault(error);
        }
        for (const part of parts) yield part;
        parts.length = 0;
        if (failed !== undefined) throw failed;
      }
    }
    try {
      stream.end(parts);
    } catch (error) {
      throw exchange.readFault(error);
    }
    for (const part of parts) yield part;
  } finally {
    exchange.close();
  }
}
