import type { ReplyPart } from '../../services/spec/Provider.js';
import { readJsonText, readReply } from '../readShape.js';
import type { SseEvent } from '../sse.js';
import { TypedContent } from '../TypedContent.js';
import { malformed, WireFault } from '../WireFault.js';
import { callInput } from './chatReply.js';
import { continuation, ending, readResponse, refusalFault } from './responsesReply.js';
import { anyEvent, outputItem, responsesEvent, responsesEvents, type ResponsesResponse } from './responsesShapes.js';

/** A function call being streamed: what its item said, and its arguments so far. */
interface PendingCall {
  id: string | undefined;
  name: string | undefined;
  args: string;
}

/**
 * Reads a streamed response's events into parts as they come: each reasoning item a block of its own (a compatible
 * server's reasoning text too; its encrypted content, when done, the block's continuation), function calls joined by
 * output index and handed on whole at the end. `error` and `response.failed` are `reported`, a refusal or filtered
 * incomplete response `failed`, a stream ended before its last response `malformed`.
 */
export class ResponseEventReader {
  readonly #typed: boolean;
  readonly #content: TypedContent;
  readonly #calls: PendingCall[] = [];
  readonly #blocks = new Map<number, number>();
  #last: ResponsesResponse | undefined;
  #refusal = '';

  constructor(typed: boolean) {
    this.#typed = typed;
    this.#content = new TypedContent(typed);
  }

  /** Reads a whole `response` a server answered in place of the stream: {@link readResponse}. */
  whole(text: string, out: ReplyPart[]): void {
    out.push(...readResponse(text, this.#typed));
  }

  /** Reads one event and appends the parts it completes to `out`. */
  add(event: SseEvent, out: ReplyPart[]): void {
    if (this.#last !== undefined || event.data === '[DONE]') return;
    if (event.event === 'error') {
      const body = readJsonText(event.data, anyEvent, 'an error event');
      throw new WireFault({ kind: 'reported', body, fallback: 'the stream broke off with an error' });
    }
    const head = readJsonText(event.data, responsesEvent, 'an event');
    const type = head.type;
    if (!Object.hasOwn(responsesEvents, type)) return;
    const schema = responsesEvents[type as keyof typeof responsesEvents];
    const read = readReply(schema, head, `a ${type} event`) as Record<string, unknown> & { output_index?: number };
    const index = read.output_index ?? 0;
    switch (type) {
      case 'response.output_item.added': {
        const item = read.item as Record<string, unknown>;
        if (item.type === 'function_call') {
          const pending = this.#pending(index);
          if (typeof item.call_id === 'string' && item.call_id !== '') pending.id ??= item.call_id;
          if (typeof item.name === 'string' && item.name !== '') pending.name ??= item.name;
          if (typeof item.arguments === 'string') pending.args += item.arguments;
        } else if (item.type === 'reasoning') this.#block(index);
        return;
      }
      case 'response.output_text.delta':
        this.#content.push(read.delta as string, out);
        return;
      case 'response.refusal.delta':
        this.#refusal += read.delta as string;
        return;
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        if (read.delta !== '') out.push({ type: 'reasoning', text: read.delta as string, block: this.#block(index) });
        return;
      case 'response.function_call_arguments.delta':
        this.#pending(index).args += read.delta as string;
        return;
      case 'response.function_call_arguments.done':
        this.#pending(index).args = read.arguments as string;
        return;
      case 'response.output_item.done': {
        const kind = (read.item as { type: string }).type;
        if (kind !== 'function_call' && kind !== 'reasoning') return;
        const item = readReply(outputItem, read.item, `the ${kind} item at output ${index}`);
        if (item.type === 'reasoning') {
          const signed = continuation(item);
          if (signed !== undefined) out.push({ type: 'reasoning', text: '', block: this.#block(index), ...signed });
          return;
        }
        if (item.type !== 'function_call') return;
        this.#calls[index] = { id: item.call_id, name: item.name, args: item.arguments };
        return;
      }
      case 'error':
        throw new WireFault({ kind: 'reported', body: read, fallback: 'the stream broke off with an error' });
      case 'response.failed': {
        const response = read.response as ResponsesResponse;
        throw new WireFault({ kind: 'reported', body: { error: response.error }, fallback: 'the response failed' });
      }
      default:
        this.#last = read.response as ResponsesResponse;
    }
  }

  /** Ends the stream: the calls, the units and the finish part, or the failure the stream ended in. */
  end(out: ReplyPart[]): void {
    const last = this.#last;
    if (last === undefined) throw malformed('the stream ended before `response.completed`');
    if (this.#refusal !== '') throw refusalFault(this.#refusal);
    this.#content.end(out);
    let calls = 0;
    this.#calls.forEach((pending, index) => {
      if (pending === undefined) return;
      if (pending.name === undefined) throw malformed(`the function call at output ${index} has no name`);
      out.push({
        type: 'call',
        call: {
          id: pending.id ?? `call_${index}`,
          tool: pending.name,
          with: callInput(pending.args, calls, pending.name),
        },
      });
      calls++;
    });
    out.push(...ending(last, calls));
  }

  #pending(index: number): PendingCall {
    return (this.#calls[index] ??= { id: undefined, name: undefined, args: '' });
  }

  /** The reasoning block of the reasoning item at output `index`: the items numbered in order. */
  #block(index: number): number {
    let block = this.#blocks.get(index);
    if (block === undefined) this.#blocks.set(index, (block = this.#blocks.size));
    return block;
  }
}
