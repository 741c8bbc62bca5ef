import type { Exchange } from '../http/Exchange.js';
import type { SseEvent } from '../../../protocols/sse.js';
import { TypedContent } from '../../../protocols/TypedContent.js';
import type { FinishReason, ReplyPart } from '../../spec/Provider.js';

/** The most characters of a reply's text a refusal keeps as its `refusal`. */
export const MAX_REFUSAL_CHARS = 10_000;

/** A content block being streamed. */
type OpenBlock =
  | { readonly kind: 'text'; readonly content: TypedContent }
  | { readonly kind: 'thinking'; readonly block: number }
  | { readonly kind: 'tool_use'; readonly id: string; readonly name: string; json: string; readonly start: unknown }
  | { readonly kind: 'other' };

/**
 * Turns the events of a streamed Messages API reply into reply parts, as they come:
 * `text_delta` as text parts (value parts when the call asked for a typed value and the block
 * is JSON: see {@link TypedContent}, decided per text block),
 * `thinking_delta` as reasoning parts (one reasoning block per thinking block, counted from 0),
 * a `tool_use` block's `input_json_delta`s joined and handed on whole at its
 * `content_block_stop`, usage from `message_start` and the cumulative `message_delta` as one
 * units part, and `stop_reason` as the finish part. `ping` may come anywhere; an `error` event
 * fails with the kind its type names; `stop_reason: refusal` fails as `content_filter` (the text written before it
 * as the failure's `refusal`: none when its classifier stopped the reply before the model wrote any),
 * `model_context_window_exceeded` as `context_length`; a stream without `message_stop`, data
 * that is not JSON and tool input that is not JSON are malformed responses.
 */
export class MessageStream {
  readonly #exchange: Exchange;
  readonly #typed: boolean;
  readonly #open = new Map<number, OpenBlock>();
  #thinking = 0;
  #calls = 0;
  #stopped = false;
  #stopReason: string | undefined;
  readonly #counts = { input_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 };
  #usage = false;
  /** The text written so far, up to {@link MAX_REFUSAL_CHARS}: a refusal's own words. */
  #said = '';

  constructor(exchange: Exchange, typed: boolean) {
    this.#exchange = exchange;
    this.#typed = typed;
  }

  /** Reads one event and appends the parts it completes to `out`. */
  add(event: SseEvent, out: ReplyPart[]): void {
    if (this.#stopped) return;
    let data: Data;
    try {
      data = JSON.parse(event.data) as Data;
    } catch {
      throw this.#exchange.malformed(
        `the data of a '${event.event}' event is not JSON (it began ${JSON.stringify(event.data.slice(0, 60))})`,
      );
    }
    if (typeof data !== 'object' || data === null)
      throw this.#exchange.malformed(`the data of a '${event.event}' event is not an object`);
    const type = typeof data.type === 'string' ? data.type : event.event;
    switch (type) {
      case 'ping':
        return;
      case 'error':
        throw this.#exchange.reported(data, 'the stream broke off with an error');
      case 'message_start':
        this.#readUsage(isRecord(data.message) ? data.message.usage : undefined);
        return;
      case 'content_block_start':
        this.#start(this.#index(data), data.content_block, out);
        return;
      case 'content_block_delta':
        this.#delta(this.#index(data), data.delta, out);
        return;
      case 'content_block_stop':
        this.#stop(this.#index(data), out);
        return;
      case 'message_delta':
        if (isRecord(data.delta) && typeof data.delta.stop_reason === 'string')
          this.#stopReason = data.delta.stop_reason;
        this.#readUsage(data.usage);
        return;
      case 'message_stop':
        this.#stopped = true;
        return;
      default:
        // Event types added after this adapter was written carry nothing it hands on.
        return;
    }
  }

  /** Ends the stream: the units and the finish part, or the failure the stream ended in. */
  end(out: ReplyPart[]): void {
    if (!this.#stopped) throw this.#exchange.malformed('the stream ended before `message_stop`');
    if (this.#stopReason === 'refusal')
      throw this.#exchange.failure('content_filter', 'the model declined to answer (stop_reason: refusal).', {
        refusal: this.#said === '' ? undefined : this.#said,
      });
    if (this.#stopReason === 'model_context_window_exceeded') {
      throw this.#exchange.failure(
        'context_length',
        "the reply ran out of the model's context window (stop_reason: model_context_window_exceeded).",
      );
    }
    if (this.#usage) {
      const counts = this.#counts;
      const tokensIn = counts.input_tokens + counts.cache_creation_input_tokens + counts.cache_read_input_tokens;
      out.push({ type: 'units', tokensIn, tokensOut: counts.output_tokens });
    }
    out.push({ type: 'finish', reason: this.#finish() });
  }

  /**
   * `max_tokens` and `pause_turn` (a long turn the server paused, to be continued) end a reply
   * that is not complete: `length`. Otherwise `calls` when the reply asked for tools, else `stop`.
   */
  #finish(): FinishReason {
    if (this.#stopReason === 'max_tokens' || this.#stopReason === 'pause_turn') return 'length';
    return this.#calls > 0 ? 'calls' : 'stop';
  }

  #index(data: Data): number {
    const index = data.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0)
      throw this.#exchange.malformed(`a '${String(data.type)}' event has no block index`);
    return index;
  }

  #start(index: number, block: unknown, out: ReplyPart[]): void {
    if (!isRecord(block)) throw this.#exchange.malformed(`content block ${index} starts without a content_block`);
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
        if (typeof block.thinking === 'string' && block.thinking !== '')
          out.push({ type: 'reasoning', text: block.thinking, block: open.block });
        return;
      }
      case 'tool_use':
        if (typeof block.id !== 'string' || typeof block.name !== 'string' || block.name === '') {
          throw this.#exchange.malformed(`tool_use block ${index} has no id or name`);
        }
        this.#open.set(index, { kind: 'tool_use', id: block.id, name: block.name, json: '', start: block.input });
        return;
      default:
        // redacted_thinking, server tool blocks and the like: nothing a reply part carries.
        this.#open.set(index, { kind: 'other' });
    }
  }

  #delta(index: number, delta: unknown, out: ReplyPart[]): void {
    const open = this.#open.get(index);
    if (open === undefined)
      throw this.#exchange.malformed(`a delta came for content block ${index}, which has not started`);
    if (!isRecord(delta)) throw this.#exchange.malformed(`a delta of content block ${index} is not an object`);
    switch (delta.type) {
      case 'text_delta':
        if (open.kind === 'text' && typeof delta.text === 'string' && delta.text !== '')
          this.#text(open.content, delta.text, out);
        return;
      case 'thinking_delta':
        if (open.kind === 'thinking' && typeof delta.thinking === 'string' && delta.thinking !== '') {
          out.push({ type: 'reasoning', text: delta.thinking, block: open.block });
        }
        return;
      case 'input_json_delta':
        if (open.kind === 'tool_use' && typeof delta.partial_json === 'string') open.json += delta.partial_json;
        return;
      default:
        // signature_delta and citations_delta carry nothing a reply part holds.
        return;
    }
  }

  /** A piece of text, handed on and kept (up to a bound) as what a refusal said. */
  #text(content: TypedContent, text: string, out: ReplyPart[]): void {
    if (this.#said.length < MAX_REFUSAL_CHARS) this.#said = (this.#said + text).slice(0, MAX_REFUSAL_CHARS);
    content.push(text, out);
  }

  #stop(index: number, out: ReplyPart[]): void {
    const open = this.#open.get(index);
    this.#open.delete(index);
    if (open?.kind === 'text') open.content.end(out);
    if (open?.kind !== 'tool_use') return;
    let input: unknown;
    if (open.json.trim() === '') {
      input = isRecord(open.start) ? open.start : {};
    } else {
      try {
        input = JSON.parse(open.json);
      } catch {
        throw this.#exchange.malformed(
          `the input of tool_use block ${index} (${open.name}) is not JSON: ${JSON.stringify(open.json.slice(0, 80))}`,
        );
      }
    }
    this.#calls++;
    out.push({ type: 'call', call: { id: open.id, tool: open.name, with: input } });
  }

  /** Usage is cumulative: each report replaces the last. Input counts the cached tokens too. */
  #readUsage(usage: unknown): void {
    if (!isRecord(usage)) return;
    const read = (name: string): number | undefined => {
      const value = usage[name];
      if (value === undefined || value === null) return undefined;
      if (!Number.isInteger(value) || (value as number) < 0)
        throw this.#exchange.malformed(`usage.${name} is not a whole token count`);
      return value as number;
    };
    for (const name of [
      'input_tokens',
      'cache_creation_input_tokens',
      'cache_read_input_tokens',
      'output_tokens',
    ] as const) {
      const count = read(name);
      if (count === undefined) continue;
      this.#counts[name] = count;
      this.#usage = true;
    }
  }
}

/** The fields of an event's data the adapter reads; everything is checked before use. */
interface Data {
  readonly type?: unknown;
  readonly index?: unknown;
  readonly message?: unknown;
  readonly content_block?: unknown;
  readonly delta?: unknown;
  readonly usage?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
