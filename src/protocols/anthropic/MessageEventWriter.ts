import type { FinishReason, Reasoning, ReplyPart } from '../../services/spec/Provider.js';
import { deltas } from '../deltas.js';
import { sseEvent } from '../sse.js';
import type { ReplyMeta, Stop, WholeReply } from '../WholeReply.js';

/** A thinking block's signature when its part carries none: clients send it back unread. */
const SIGNATURE = 'c3RhbmRpbg==';

/** What a message is answered under: its id (`msg_...`) and the model id the client named. */
export type MessageMeta = Pick<ReplyMeta, 'id' | 'model'>;

/** The tool a request forces: a typed value is answered as its call, under `id`. */
export interface Forced {
  readonly tool: string;
  readonly id: string;
}

/** Each finish reason's `stop_reason`. */
const stopReasons: Readonly<Record<FinishReason, string>> = {
  stop: 'end_turn',
  length: 'max_tokens',
  calls: 'tool_use',
};

/** One event as the API sends it: named by its type, which its data repeats. */
export function messageEvent(type: string, data: Record<string, unknown> = {}): string {
  return sseEvent(JSON.stringify({ type, ...data }), type);
}

/** The `message_start` event: the message with no content yet, and its input tokens. */
export function messageStart(meta: MessageMeta, usage: Record<string, number> = {}): string {
  return messageEvent('message_start', {
    message: {
      id: meta.id,
      type: 'message',
      role: 'assistant',
      model: meta.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0, ...usage },
    },
  });
}

/**
 * Writes a streamed reply as the Messages API's events, in the documented order: `message_start`
 * before the first part, each block's `content_block_start` / `_delta` / `_stop` (text and
 * thinking in deltas a client can take one by one, a thinking block signed, a call's input as one
 * `input_json_delta`; with a forced tool, a typed value as that tool's call), then `message_delta`
 * with the stop reason and usage, and `message_stop`.
 *
 * @example
 * ```ts
 * const events = new MessageEventWriter({ id: 'msg_1', model: 'claude-test' });
 * for (const event of events.part({ type: 'text', text: 'Hi' })) await sse.event(event);
 * for (const event of events.end()) await sse.event(event);
 * ```
 */
export class MessageEventWriter {
  readonly #meta: MessageMeta;
  readonly #forced: Forced | undefined;
  #started = false;
  #index = -1;
  #open: string | undefined;
  #stop = 'end_turn';
  #tokensIn = 0;
  #tokensOut = 0;
  /** The open thinking block's signature, from its parts. */
  #signature: string | undefined;

  constructor(meta: MessageMeta, forced?: Forced) {
    this.#meta = meta;
    this.#forced = forced;
  }

  /** The events one reply part makes. */
  part(part: ReplyPart): string[] {
    const out = this.#begin();
    const delta = (delta: Record<string, unknown>) =>
      out.push(messageEvent('content_block_delta', { index: this.#index, delta }));
    if (part.type === 'value' && this.#forced !== undefined) {
      const { tool, id } = this.#forced;
      this.#block(out, 'forced', { type: 'tool_use', id, name: tool, input: {} });
      this.#stop = 'tool_use';
      for (const partial_json of deltas(part.json)) delta({ type: 'input_json_delta', partial_json });
      return out;
    }
    switch (part.type) {
      case 'reasoning':
        if (part.redacted === true) {
          this.#block(out, `redacted:${part.block}`, { type: 'redacted_thinking', data: part.signature ?? SIGNATURE });
          break;
        }
        this.#block(out, `thinking:${part.block}`, { type: 'thinking', thinking: '', signature: '' });
        if (part.text !== '') for (const thinking of deltas(part.text)) delta({ type: 'thinking_delta', thinking });
        if (part.signature !== undefined) this.#signature = part.signature;
        break;
      case 'value':
      case 'text':
        this.#block(out, 'text', { type: 'text', text: '' });
        for (const text of deltas(part.type === 'text' ? part.text : part.json)) delta({ type: 'text_delta', text });
        break;
      case 'call':
        this.#block(out, `call:${part.call.id}`, {
          type: 'tool_use',
          id: part.call.id,
          name: part.call.tool,
          input: {},
        });
        delta({ type: 'input_json_delta', partial_json: JSON.stringify(part.call.with ?? {}) });
        break;
      case 'units':
        this.#tokensIn += part.tokensIn;
        this.#tokensOut += part.tokensOut;
        break;
      case 'finish':
        if (this.#stop !== 'tool_use') this.#stop = stopReasons[part.reason];
        this.#close(out);
    }
    return out;
  }

  /** The events of a reply that stopped: a refusal's words as text, then `stop_reason: refusal`. */
  stop(stop: Stop): string[] {
    const out =
      stop.kind === 'refusal' && stop.text !== '' ? this.part({ type: 'text', text: stop.text }) : this.#begin();
    this.#stop = 'refusal';
    return out;
  }

  /** The events that end the stream: the last block's stop, `message_delta` and `message_stop`. */
  end(): string[] {
    const out = this.#begin();
    this.#close(out);
    out.push(
      messageEvent('message_delta', {
        delta: { stop_reason: this.#stop, stop_sequence: null },
        usage: { input_tokens: this.#tokensIn, output_tokens: this.#tokensOut },
      }),
      messageEvent('message_stop'),
    );
    return out;
  }

  #begin(): string[] {
    if (this.#started) return [];
    this.#started = true;
    return [messageStart(this.#meta)];
  }

  #block(out: string[], kind: string, start: Record<string, unknown>): void {
    if (this.#open === kind) return;
    this.#close(out);
    this.#index++;
    this.#open = kind;
    out.push(messageEvent('content_block_start', { index: this.#index, content_block: start }));
  }

  #close(out: string[]): void {
    if (this.#open === undefined) return;
    if (this.#open.startsWith('thinking'))
      out.push(
        messageEvent('content_block_delta', {
          index: this.#index,
          delta: { type: 'signature_delta', signature: this.#signature ?? SIGNATURE },
        }),
      );
    this.#signature = undefined;
    out.push(messageEvent('content_block_stop', { index: this.#index }));
    this.#open = undefined;
  }
}

/**
 * A whole `message`, as JSON text: its thinking blocks (signed), its text (a typed value's JSON;
 * no `citations` key, as the API leaves it out when there are none), each `tool_use`, the stop
 * reason and usage; a reply that stopped answers `stop_reason: refusal` with the refusal's words.
 *
 * @example
 * ```ts
 * writeMessage({ text: 'Hi', reasoning: [], calls: [], units: { tokensIn: 1, tokensOut: 1 }, finish: 'stop' }, meta);
 * ```
 */
export function writeMessage(reply: WholeReply, meta: MessageMeta): string {
  const stopped = reply.stopped;
  const text = stopped?.kind === 'refusal' ? stopped.text : reply.text;
  const content: Record<string, unknown>[] = (reply.reasoningBlocks ?? reply.reasoning.map((text) => ({ text }))).map(
    (block: Reasoning) =>
      block.redacted === true
        ? { type: 'redacted_thinking', data: block.signature ?? SIGNATURE }
        : { type: 'thinking', thinking: block.text, signature: block.signature ?? SIGNATURE },
  );
  if (text !== '' || (reply.calls.length === 0 && stopped === undefined)) content.push({ type: 'text', text });
  for (const call of reply.calls)
    content.push({ type: 'tool_use', id: call.id, name: call.tool, input: call.with ?? {} });
  return JSON.stringify({
    id: meta.id,
    type: 'message',
    role: 'assistant',
    model: meta.model,
    content,
    stop_reason: stopped === undefined ? stopReasons[reply.finish] : 'refusal',
    stop_sequence: null,
    usage: {
      input_tokens: reply.units.tokensIn,
      output_tokens: reply.units.tokensOut,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      service_tier: 'standard',
    },
  });
}
