import type { ReplyPart, ToolCall } from '../../services/spec/Provider.js';
import { deltas } from '../deltas.js';
import { sseEvent } from '../sse.js';
import type { ReplyMeta, Stop } from '../WholeReply.js';
import { itemId, itemJson, responseJson, type Incomplete, type Item } from './responsesReply.js';

/** An output item being written: its place, and the text or arguments it has so far. */
interface Open {
  readonly kind: Item['kind'];
  readonly key: string;
  readonly index: number;
  readonly id: string;
  text: string;
  /** A reasoning item's encrypted content, from its parts. */
  signature?: string;
  readonly call?: ToolCall;
  readonly refusal?: boolean;
}

/**
 * Writes a streamed response as its numbered events, a long text in deltas a client can take one by one, every item
 * closed with its `.done` events and the whole response last (`response.incomplete` for a cut or filtered reply).
 */
export class ResponseEventWriter {
  readonly #meta: ReplyMeta;
  readonly #items: Open[] = [];
  #open: Open | undefined;
  #sequence = 0;
  #started = false;
  #tokensIn = 0;
  #tokensOut = 0;
  #incomplete: Incomplete | undefined;

  constructor(meta: ReplyMeta) {
    this.#meta = meta;
  }

  /** The events one reply part makes. */
  part(part: ReplyPart): string[] {
    const out = this.#begin();
    switch (part.type) {
      case 'reasoning': {
        const item = this.#start('reasoning', `reasoning:${part.block}`, out, undefined, part.id);
        item.text += part.text;
        if (part.signature !== undefined) item.signature = part.signature;
        for (const delta of deltas(part.text))
          this.#send(out, 'response.reasoning_summary_text.delta', { ...this.#at(item), summary_index: 0, delta });
        break;
      }
      case 'text':
      case 'value': {
        const item = this.#start('message', 'message', out);
        const text = part.type === 'text' ? part.text : part.json;
        item.text += text;
        for (const delta of deltas(text))
          this.#send(out, 'response.output_text.delta', { ...this.#at(item), content_index: 0, delta, logprobs: [] });
        break;
      }
      case 'call': {
        const item = this.#start('function_call', `call:${part.call.id}`, out, part.call);
        item.text = JSON.stringify(part.call.with);
        this.#send(out, 'response.function_call_arguments.delta', { ...this.#at(item), delta: item.text });
        break;
      }
      case 'units':
        this.#tokensIn += part.tokensIn;
        this.#tokensOut += part.tokensOut;
        break;
      case 'finish':
        if (part.reason === 'length') this.#incomplete = 'max_output_tokens';
        this.#close(out);
        break;
    }
    return out;
  }

  /** The events of a reply that stopped: a refusal as a message of its own, a content filter as the end's reason. */
  stop(stop: Stop): string[] {
    const out = this.#begin();
    if (stop.kind === 'content_filter') {
      this.#incomplete = 'content_filter';
      return out;
    }
    this.#close(out);
    const index = this.#items.length;
    const item: Open = {
      kind: 'message',
      key: 'refusal',
      index,
      id: itemId(this.#meta, 'message', index),
      text: stop.text,
      refusal: true,
    };
    this.#items.push(item);
    const at = this.#at(item);
    this.#send(out, 'response.output_item.added', {
      output_index: index,
      item: { ...itemJson(item as Item), content: [], status: 'in_progress' },
    });
    this.#send(out, 'response.content_part.added', { ...at, content_index: 0, part: { type: 'refusal', refusal: '' } });
    for (const delta of deltas(stop.text))
      this.#send(out, 'response.refusal.delta', { ...at, content_index: 0, delta });
    this.#send(out, 'response.refusal.done', { ...at, content_index: 0, refusal: stop.text });
    this.#send(out, 'response.content_part.done', {
      ...at,
      content_index: 0,
      part: { type: 'refusal', refusal: stop.text },
    });
    this.#send(out, 'response.output_item.done', { output_index: index, item: itemJson(item as Item) });
    return out;
  }

  /** The events that end the stream: the open item's close, and the whole response. */
  end(): string[] {
    const out = this.#begin();
    this.#close(out);
    const done = responseJson(
      this.#meta,
      this.#items.map((item) => itemJson(item as Item)),
      { tokensIn: this.#tokensIn, tokensOut: this.#tokensOut },
      'completed',
      this.#incomplete,
    );
    this.#send(out, this.#incomplete === undefined ? 'response.completed' : 'response.incomplete', { response: done });
    return out;
  }

  #begin(): string[] {
    const out: string[] = [];
    if (this.#started) return out;
    this.#started = true;
    const shell = responseJson(this.#meta, [], undefined, 'in_progress');
    this.#send(out, 'response.created', { response: shell });
    this.#send(out, 'response.in_progress', { response: shell });
    return out;
  }

  #start(kind: Item['kind'], key: string, out: string[], call?: ToolCall, id?: string): Open {
    if (this.#open?.key === key) return this.#open;
    this.#close(out);
    const index = this.#items.length;
    const item = {
      kind,
      key,
      index,
      id: id ?? itemId(this.#meta, kind, index),
      text: '',
      ...(call ? { call } : {}),
    } as Open;
    this.#items.push(item);
    this.#open = item;
    this.#send(out, 'response.output_item.added', {
      output_index: index,
      item: { ...itemJson(item as Item), status: 'in_progress' },
    });
    const at = this.#at(item);
    if (kind === 'message')
      this.#send(out, 'response.content_part.added', {
        ...at,
        content_index: 0,
        part: { type: 'output_text', text: '', annotations: [] },
      });
    if (kind === 'reasoning')
      this.#send(out, 'response.reasoning_summary_part.added', {
        ...at,
        summary_index: 0,
        part: { type: 'summary_text', text: '' },
      });
    return item;
  }

  #close(out: string[]): void {
    const item = this.#open;
    if (item === undefined) return;
    this.#open = undefined;
    const at = this.#at(item);
    if (item.kind === 'message') {
      this.#send(out, 'response.output_text.done', { ...at, content_index: 0, text: item.text, logprobs: [] });
      this.#send(out, 'response.content_part.done', {
        ...at,
        content_index: 0,
        part: { type: 'output_text', text: item.text, annotations: [] },
      });
    } else if (item.kind === 'reasoning') {
      this.#send(out, 'response.reasoning_summary_text.done', { ...at, summary_index: 0, text: item.text });
      this.#send(out, 'response.reasoning_summary_part.done', {
        ...at,
        summary_index: 0,
        part: { type: 'summary_text', text: item.text },
      });
    } else {
      this.#send(out, 'response.function_call_arguments.done', { ...at, arguments: item.text });
    }
    this.#send(out, 'response.output_item.done', { output_index: item.index, item: itemJson(item as Item) });
  }

  #at(item: Open): { item_id: string; output_index: number } {
    return { item_id: item.id, output_index: item.index };
  }

  #send(out: string[], type: string, data: Record<string, unknown>): void {
    out.push(sseEvent(JSON.stringify({ type, sequence_number: this.#sequence++, ...data }), type));
  }
}
