import type { ReplyRequest } from '../../../services/spec/Provider.js';
import type { ReplyMeta, Stop, WholeReply } from '../../../protocols/WholeReply.js';
import type { ReplyPart } from '../../../services/spec/Provider.js';
import { engineInput, type SchemaPlaces } from '../../engineInput.js';
import { sendJsonText, SseStream } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';
import { replyOrMisbehaviour, wholeReply, wireMisbehaviour } from '../../wireMisbehaviour.js';

/** A stream writer of one OpenAI API: the events each part makes, those of a reply that stopped, those that end it. */
export interface EventWriter {
  part(part: ReplyPart): string[];
  stop(stop: Stop): string[];
  end(): string[];
}

/** How one OpenAI API answers a reply: its ids, where its request carries schemas, its whole and streamed writers. */
export interface ReplyWriters {
  /** What its ids start with: `chatcmpl-`, `resp_`. */
  readonly prefix: string;
  readonly places: SchemaPlaces;
  whole(reply: WholeReply, meta: ReplyMeta): string;
  events(meta: ReplyMeta): EventWriter;
}

/**
 * Answers a reply request whole or streamed; a refusal or content filter ends it as the API's own do, and a typed value
 * that does not fit goes out as it came.
 */
export async function answerReply(
  context: WireContext,
  read: { readonly request: ReplyRequest; readonly stream: boolean },
  writers: ReplyWriters,
): Promise<void> {
  const { request } = read;
  const model = context.model(request.model);
  const input = engineInput(request, context.schemas, writers.places);
  context.record({ model: request.model, call: 'reply', input });
  const meta = {
    id: `${writers.prefix}${context.responseId}`,
    created: Math.floor(Date.now() / 1000),
    model: request.model,
  };
  const headers = context.dialect.headers(context.responseId);
  if (!read.stream) {
    const got = await replyOrMisbehaviour(() => context.run(() => context.app.reply(model, input, context.options)));
    sendJsonText(context.response, 200, writers.whole(wholeReply(got), meta), headers);
    return;
  }
  const sse = new SseStream(context.response, headers);
  const events = writers.events(meta);
  await context.run(async () => {
    try {
      for await (const part of context.app.stream(model, input, context.options)) {
        const wait = sse.events(events.part(part));
        if (wait !== undefined) await wait;
      }
    } catch (error) {
      const misbehaved = wireMisbehaviour(error);
      if (misbehaved === undefined) throw error;
      // A typed value that does not fit went out whole, as the model gave it.
      if (misbehaved.kind !== 'value') for (const event of events.stop(misbehaved)) await sse.event(event);
    }
  });
  await sse.events(events.end());
  sse.end();
}
