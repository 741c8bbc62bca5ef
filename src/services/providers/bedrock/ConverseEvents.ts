import type { Message, MessageHeaders } from '@smithy/eventstream-codec';
import type { Exchange } from '../http/Exchange.js';
import { TypedContent } from '../../../protocols/TypedContent.js';
import type { ReplyPart } from '../../spec/Provider.js';
import { converseEnd } from './converseEnd.js';

/** A content block being streamed. */
type OpenBlock =
  | { readonly kind: 'text'; readonly content: TypedContent }
  | { readonly kind: 'reasoning'; readonly block: number }
  | { readonly kind: 'tool'; readonly id: string; readonly name: string; json: string };

/**
 * Turns the messages of a ConverseStream answer into reply parts, as they come: `contentBlockDelta`
 * text as text parts (value parts when the call asked for a typed value: see {@link TypedContent}),
 * `reasoningContent` text as reasoning parts (one block per content block), a tool use started by
 * `contentBlockStart` and its input pieces joined and handed on whole at its `contentBlockStop`;
 * `messageStop`'s stop reason and `metadata`'s usage end it ({@link converseEnd}). An `exception`
 * message (`throttlingException`, `modelStreamErrorException`, ...) fails with the kind its name
 * says; an `error` message as a server error; a stream without `messageStop`, a payload that is not
 * JSON and tool input that is not JSON are malformed.
 */
export class ConverseEvents {
  readonly #exchange: Exchange;
  readonly #typed: boolean;
  readonly #decoder = new TextDecoder();
  readonly #open = new Map<number, OpenBlock>();
  #reasoning = 0;
  #calls = 0;
  #stopped = false;
  #stopReason: unknown;
  #usage: unknown;

  constructor(exchange: Exchange, typed: boolean) {
    this.#exchange = exchange;
    this.#typed = typed;
  }

  /** Reads one message and appends the parts it completes to `out`. */
  add(message: Message, out: ReplyPart[]): void {
    const type = header(message.headers, ':message-type');
    if (type === 'error') {
      const code = header(message.headers, ':error-code') ?? 'error';
      const said = header(message.headers, ':error-message') ?? 'the error carried no message';
      throw this.#exchange.failure('server', `the stream broke off with an error (${code}): ${said}`);
    }
    const data = this.#payload(message, type === 'exception' ? 'exception' : 'event');
    if (type === 'exception') {
      const name = header(message.headers, ':exception-type') ?? 'exception';
      // The stream names exceptions as its members (`throttlingException`); HTTP errors, as their shapes.
      const shape = name.charAt(0).toUpperCase() + name.slice(1);
      throw this.#exchange.reported({ ...data, type: shape }, 'the stream broke off with an exception');
    }
    if (type !== 'event') return;
    switch (header(message.headers, ':event-type')) {
      case 'contentBlockStart':
        this.#start(this.#index(data), data.start);
        return;
      case 'contentBlockDelta':
        this.#delta(this.#index(data), data.delta, out);
        return;
      case 'contentBlockStop':
        this.#stop(this.#index(data), out);
        return;
      case 'messageStop':
        this.#stopped = true;
        this.#stopReason = data.stopReason;
        return;
      case 'metadata':
        this.#usage = data.usage;
        return;
      default:
        // messageStart, and event types added after this adapter was written, carry nothing it hands on.
        return;
    }
  }

  /** Ends the stream: the units and the finish part, or the failure the stream ended in. */
  end(out: ReplyPart[]): void {
    if (!this.#stopped) throw this.#exchange.malformed('the stream ended before `messageStop`');
    converseEnd(this.#stopReason, this.#usage, this.#calls, this.#exchange, out);
  }

  #payload(message: Message, what: string): Record<string, unknown> {
    const text = this.#decoder.decode(message.body);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw this.#exchange.malformed(
        `the payload of an ${what} message is not JSON (it began ${JSON.stringify(text.slice(0, 60))})`,
      );
    }
    if (!isRecord(data)) throw this.#exchange.malformed(`the payload of an ${what} message is not an object`);
    return data;
  }

  #index(data: Record<string, unknown>): number {
    const index = data.contentBlockIndex;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0)
      throw this.#exchange.malformed('a content block event has no contentBlockIndex');
    return index;
  }

  #start(index: number, start: unknown): void {
    const toolUse = isRecord(start) ? start.toolUse : undefined;
    if (!isRecord(toolUse)) return;
    if (typeof toolUse.toolUseId !== 'string' || typeof toolUse.name !== 'string' || toolUse.name === '')
      throw this.#exchange.malformed(`the toolUse of content block ${index} has no toolUseId or name`);
    this.#open.set(index, { kind: 'tool', id: toolUse.toolUseId, name: toolUse.name, json: '' });
  }

  #delta(index: number, delta: unknown, out: ReplyPart[]): void {
    if (!isRecord(delta)) throw this.#exchange.malformed(`a delta of content block ${index} is not an object`);
    let open = this.#open.get(index);
    if (typeof delta.text === 'string') {
      if (open === undefined) {
        open = { kind: 'text', content: new TypedContent(this.#typed) };
        this.#open.set(index, open);
      }
      if (open.kind === 'text' && delta.text !== '') open.content.push(delta.text, out);
    } else if (isRecord(delta.reasoningContent)) {
      if (open === undefined) {
        open = { kind: 'reasoning', block: this.#reasoning++ };
        this.#open.set(index, open);
      }
      const text = delta.reasoningContent.text;
      if (open.kind === 'reasoning' && typeof text === 'string' && text !== '')
        out.push({ type: 'reasoning', text, block: open.block });
    } else if (isRecord(delta.toolUse)) {
      if (open?.kind !== 'tool')
        throw this.#exchange.malformed(`tool input came for content block ${index}, which started no tool use`);
      if (typeof delta.toolUse.input === 'string') open.json += delta.toolUse.input;
    }
    // Citations and other deltas carry nothing a reply part holds.
  }

  #stop(index: number, out: ReplyPart[]): void {
    const open = this.#open.get(index);
    this.#open.delete(index);
    if (open?.kind === 'text') open.content.end(out);
    if (open?.kind !== 'tool') return;
    let input: unknown = {};
    if (open.json.trim() !== '') {
      try {
        input = JSON.parse(open.json);
      } catch {
        throw this.#exchange.malformed(
          `the input of tool use ${index} (${open.name}) is not JSON: ${JSON.stringify(open.json.slice(0, 80))}`,
        );
      }
    }
    this.#calls++;
    out.push({ type: 'call', call: { id: open.id, tool: open.name, with: input } });
  }
}

/** A string header of an event-stream message. */
function header(headers: MessageHeaders, name: string): string | undefined {
  const value = headers[name];
  return value?.type === 'string' ? value.value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
