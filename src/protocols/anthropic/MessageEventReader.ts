import type { FinishReason, ReplyPart } from '../../services/spec/Provider.js';
import { readJsonText, readReply } from '../readShape.js';
import type { SseEvent } from '../sse.js';
import { TypedContent } from '../TypedContent.js';
import { malformed, WireFault } from '../WireFault.js';
import { answerMessage, streamEvents, type Usage } from './messagesShapes.js';
import { isRecord } from '../jsonValues.js';

/** The most characters of a reply's text a refusal keeps as its `refusal`. */
const MAX_REFUSAL_CHARS = 10_000;

/** A content block being streamed. */
type OpenBlock =
  | { readonly kind: 'text'; readonly content: TypedContent }
  | { readonly kind: 'thinking'; readonly block: number }
  | { readonly kind: 'tool_use'; readonly id: string; readonly name: string; json: string; readonly start: unknown }
  | { readonly kind: 'other' };

type Counts = Record<keyof Usage, number>;

/**
 * Reads the events of a streamed Messages API reply into reply parts, as they come: `text_delta`
 * as text parts (value parts when the call asked for a typed value and the block is JSON:
 * {@link TypedContent}, decided per text block), `thinking_delta` as reasoning parts (one block
 * per thinking block, counted from 0; its `signature_delta`, and a `redacted_thinking` block whole,
 * as the block's continuation), a `tool_use` block's `input_json_delta`s joined and handed
 * on whole at its `content_block_stop`, usage from `message_start` and the cumulative
 * `message_delta` as one units part, and `stop_reason` as the finish part. `ping` and event types
 * added later are passed over; an `error` event is `reported`; `stop_reason: refusal` is `failed`
 * as `content_filter` (the text written before it as the `refusal`), `model_context_window_exceeded`
 * as `context_length`; a stream without `message_stop`, and data that breaks the protocol, are
 * `malformed`.
 *
 * @example
 * ```ts
 * const reader = new MessageEventReader(false);
 * for (const event of events) reader.add(event, out);
 * reader.end(out);
 * ```
 */
export class MessageEventReader {
  readonly #typed: boolean;
  readonly #open = new Map<number, OpenBlock>();
  #thinking = 0;
  #calls = 0;
  #stopped = false;
  #stopReason: string | undefined;
  readonly #counts: Counts = {
    input_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: 0,
  };
  #usage = false;
  /** The text written so far, up to {@link MAX_REFUSAL_CHARS}: a refusal's own words. */
  #said = '';

  constructor(typed: boolean) {
    this.#typed = typed;
  }

  /** Reads one event and appends the parts it completes to `out`. */
  add(event: SseEvent, out: ReplyPart[]): void {
    if (this.#stopped) return;
    const what = `a '${event.event}' event`;
    const data = readJsonText(event.data, streamEvents.any, what);
    const type = data.type ?? event.event;
    switch (type) {
      case 'error':
        throw new WireFault({ kind: 'reported', body: data, fallback: 'the stream broke off with an error' });
      case 'message_start':
        return this.#readUsage(readReply(streamEvents.message_start, data, what).message.usage);
      case 'content_block_start': {
        const { index, content_block: block } = readReply(streamEvents.content_block_start, data, what);
        return this.#start(index, block, out);
      }
      case 'content_block_delta': {
        const { index, delta } = readReply(streamEvents.content_block_delta, data, what);
        const open = this.#open.get(index);
        if (open === undefined) throw malformed(`a delta came for content block ${index}, which has not started`);
        if ('text' in delta && open.kind === 'text') this.#text(open.content, delta.text, out);
        else if ('thinking' in delta && open.kind === 'thinking' && delta.thinking !== '')
          out.push({ type: 'reasoning', text: delta.thinking, block: open.block });
        else if ('partial_json' in delta && open.kind === 'tool_use') open.json += delta.partial_json;
        else if ('signature' in delta && open.kind === 'thinking')
          out.push({ type: 'reasoning', text: '', block: open.block, signature: delta.signature });
        // citations_delta carries nothing a reply part holds.
        return;
      }
      case 'content_block_stop':
        return this.#stop(readReply(streamEvents.content_block_stop, data, what).index, out);
      case 'message_delta': {
        const { delta, usage } = readReply(streamEvents.message_delta, data, what);
        if (typeof delta.stop_reason === 'string') this.#stopReason = delta.stop_reason;
        return this.#readUsage(usage);
      }
      case 'message_stop':
        this.#stopped = true;
        return;
      default:
        // ping, and event types added after this reader was written: nothing a reply part carries.
        return;
    }
  }

  /** Ends the stream: the units and the finish part, or the failure the stream ended in. */
  end(out: ReplyPart[]): void {
    if (!this.#stopped) throw malformed('the stream ended before `message_stop`');
    if (this.#stopReason === 'refusal')
      throw new WireFault({
        kind: 'failed',
        failure: 'content_filter',
        message: 'the model declined to answer (stop_reason: refusal).',
        ...(this.#said === '' ? {} : { refusal: this.#said }),
      });
    if (this.#stopReason === 'model_context_window_exceeded')
      throw new WireFault({
        kind: 'failed',
        failure: 'context_length',
        message: "the reply ran out of the model's context window (stop_reason: model_context_window_exceeded).",
      });
    if (this.#usage) {
      const counts = this.#counts;
      const tokensIn = counts.input_tokens + counts.cache_creation_input_tokens + counts.cache_read_input_tokens;
      out.push({ type: 'units', tokensIn, tokensOut: counts.output_tokens });
    }
    out.push({ type: 'finish', reason: this.#finish() });
  }

  /**
   * A whole `message` (what a server that ignores `stream: true` answers) read as the stream of
   * its blocks: the same parts, in the same order, and the same faults.
   */
  whole(text: string, out: ReplyPart[]): void {
    const message = readJsonText(text, answerMessage, 'the message');
    this.#readUsage(message.usage);
    message.content.forEach((block, index) => {
      this.#start(index, block, out);
      this.#stop(index, out);
    });
    if (typeof message.stop_reason === 'string') this.#stopReason = message.stop_reason;
    this.#stopped = true;
    this.end(out);
  }

  /**
   * `max_tokens` and `pause_turn` (a long turn the server paused, to be continued) end a reply
   * that is not complete: `length`. Otherwise `calls` when the reply asked for tools, else `stop`.
   */
  #finish(): FinishReason {
    if (this.#stopReason === 'max_tokens' || this.#stopReason === 'pause_turn') return 'length';
    return this.#calls > 0 ? 'calls' : 'stop';
  }

  #start(index: number, block: { readonly type: string } & Record<string, unknown>, out: ReplyPart[]): void {
    switch (block.type) {
      case 'text': {
        const content = new TypedContent(this.#typed);
        this.#open.set(index, { kind: 'text', content });
        if (typeof block.text === 'string' && block.text !== '') this.#text(content, block.text, out);
        return;
      }
      case 'thinking': {
        const open = { kind: 'thinking', block: this.#thinking++ } as const;
        this.#open.set(index, open);
        const signature = typeof block.signature === 'string' && block.signature !== '' ? block.signature : undefined;
        if ((typeof block.thinking === 'string' && block.thinking !== '') || signature !== undefined)
          out.push({
            type: 'reasoning',
            text: typeof block.thinking === 'string' ? block.thinking : '',
            block: open.block,
            ...(signature === undefined ? {} : { signature }),
          });
        return;
      }
      case 'redacted_thinking':
        // Its reasoning is encrypted: the block is kept whole for the next step, with no text.
        this.#open.set(index, { kind: 'other' });
        out.push({
          type: 'reasoning',
          text: '',
          block: this.#thinking++,
          signature: String(block.data),
          redacted: true,
        });
        return;
      case 'tool_use':
        this.#open.set(index, {
          kind: 'tool_use',
          id: String(block.id),
          name: String(block.name),
          json: '',
          start: block.input,
        });
        return;
      default:
        // Server tool blocks and the like: nothing a reply part carries.
        this.#open.set(index, { kind: 'other' });
    }
  }

  /** A piece of text, handed on and kept (up to a bound) as what a refusal said. */
  #text(content: TypedContent, text: string, out: ReplyPart[]): void {
    if (text === '') return;
    if (this.#said.length < MAX_REFUSAL_CHARS) this.#said = (this.#said + text).slice(0, MAX_REFUSAL_CHARS);
    content.push(text, out);
  }

  #stop(index: number, out: ReplyPart[]): void {
    const open = this.#open.get(index);
    this.#open.delete(index);
    if (open?.kind === 'text') open.content.end(out);
    if (open?.kind !== 'tool_use') return;
    let input: unknown;
    if (open.json.trim() === '') input = isRecord(open.start) ? open.start : {};
    else {
      try {
        input = JSON.parse(open.json);
      } catch {
        throw malformed(
          `the input of tool_use block ${index} (${open.name}) is not JSON: ${JSON.stringify(open.json.slice(0, 80))}`,
        );
      }
    }
    this.#calls++;
    out.push({ type: 'call', call: { id: open.id, tool: open.name, with: input } });
  }

  /** Usage is cumulative: each report replaces the last. Input counts the cached tokens too. */
  #readUsage(usage: Usage | null | undefined): void {
    if (usage === undefined || usage === null) return;
    for (const name of Object.keys(this.#counts) as (keyof Usage)[]) {
      const count = usage[name];
      if (count === undefined || count === null) continue;
      this.#counts[name] = count;
      this.#usage = true;
    }
  }
}
