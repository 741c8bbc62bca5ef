import type { ReplyPart } from '../../services/spec/Provider.js';
import { deltas } from '../deltas.js';
import { readJsonText } from '../readShape.js';
import { sseEvent, type SseEvent } from '../sse.js';
import { TypedContent } from '../TypedContent.js';
import type { Stop } from '../WholeReply.js';
import { malformed, WireFault } from '../WireFault.js';
import { BLOCKED, cohereFinishes, cohereFinishFailure, cohereFinishOf } from './cohereFinishes.js';
import { cohereCallInput, readChatResponse, unitsOf, cohereUsageJson } from './chatReply.js';
import { chatEvent } from './chatShapes.js';

/** The most tool calls one reply may ask for: a stream that sends more is not a reply. */
const MAX_CALLS = 1024;

const event = (type: string, body: Record<string, unknown>): string =>
  sseEvent(JSON.stringify({ type, ...body }), type);

/**
 * Writes a streamed reply as Cohere's `/v2/chat` events: `message-start`, a `content-start` / `content-delta` /
 * `content-end` run per block of text or thinking, a `tool-call-start` / `tool-call-delta` / `tool-call-end` run per
 * call, and `message-end` with the finish and usage.
 */
export class ChatEventWriter {
  readonly #id: string;
  #started = false;
  /** The open content block: its kind, or undefined when none is open. */
  #open: 'text' | 'thinking' | undefined;
  #blocks = 0;
  /** The reasoning block the open thinking block holds. */
  #thought = -1;
  #calls = 0;
  #finish = 'COMPLETE';
  #error: string | undefined;
  #tokensIn = 0;
  #tokensOut = 0;

  constructor(id: string) {
    this.#id = id;
  }

  /** The events one reply part makes. */
  part(part: ReplyPart): string[] {
    const out = this.#start();
    switch (part.type) {
      case 'text':
      case 'value':
        this.#content('text', part.type === 'text' ? part.text : part.json, out);
        break;
      case 'reasoning':
        // Each reasoning block is a thinking block of its own.
        if (this.#open === 'thinking' && this.#thought !== part.block) this.#close(out);
        this.#thought = part.block;
        this.#content('thinking', part.text, out);
        break;
      case 'call': {
        this.#close(out);
        const index = this.#calls++;
        const { id, tool } = part.call;
        const args = JSON.stringify(part.call.with ?? {});
        out.push(
          event('tool-call-start', {
            index,
            delta: { message: { tool_calls: { id, type: 'function', function: { name: tool, arguments: '' } } } },
          }),
          ...deltas(args).map((piece) =>
            event('tool-call-delta', { index, delta: { message: { tool_calls: { function: { arguments: piece } } } } }),
          ),
          event('tool-call-end', { index }),
        );
        break;
      }
      case 'units':
        this.#tokensIn += part.tokensIn;
        this.#tokensOut += part.tokensOut;
        break;
      case 'finish':
        this.#finish = cohereFinishes[part.reason];
        break;
    }
    return out;
  }

  /** A stopped reply: a refusal is the model's words; a content filter ends the message `ERROR`, blocked. */
  stop(stop: Stop): string[] {
    const out = this.#start();
    if (stop.kind === 'refusal') {
      this.#content('text', stop.text, out);
      this.#finish = 'COMPLETE';
    } else {
      this.#finish = 'ERROR';
      this.#error = BLOCKED;
    }
    return out;
  }

  /** The events that end the stream: the open block's end and `message-end`. */
  end(): string[] {
    const out = this.#start();
    this.#close(out);
    const delta =
      `{"finish_reason":"${this.#finish}",${this.#error === undefined ? '' : `"error":${JSON.stringify(this.#error)},`}` +
      `"usage":${cohereUsageJson({ tokensIn: this.#tokensIn, tokensOut: this.#tokensOut })}}`;
    out.push(sseEvent(`{"type":"message-end","delta":${delta}}`, 'message-end'));
    return out;
  }

  #start(): string[] {
    if (this.#started) return [];
    this.#started = true;
    const message = { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] };
    return [event('message-start', { id: this.#id, delta: { message } })];
  }

  #content(kind: 'text' | 'thinking', text: string, out: string[]): void {
    if (text === '') return;
    if (this.#open !== kind) {
      this.#close(out);
      this.#open = kind;
      out.push(
        event('content-start', { index: this.#blocks, delta: { message: { content: { type: kind, [kind]: '' } } } }),
      );
    }
    for (const piece of deltas(text))
      out.push(event('content-delta', { index: this.#blocks, delta: { message: { content: { [kind]: piece } } } }));
  }

  #close(out: string[]): void {
    if (this.#open === undefined) return;
    out.push(event('content-end', { index: this.#blocks++ }));
    this.#open = undefined;
  }
}

/** A tool call being streamed: its name and id from `tool-call-start`, its input text from the deltas. */
interface PendingCall {
  readonly id: string;
  readonly name: string;
  args: string;
}

/**
 * Reads Cohere's `/v2/chat` events into parts as they come. Thinking and the tool plan are reasoning, one block each;
 * a call goes on whole at its `tool-call-end`. An `ERROR` or `TIMEOUT` finish is `failed`, a stream without
 * `message-end` `malformed`.
 */
export class ChatEventReader {
  readonly #typed: boolean;
  readonly #content: TypedContent;
  #pending: PendingCall | undefined;
  #calls = 0;
  #blocks = 0;
  #thinking = false;
  #plan: number | undefined;
  #finish: string | undefined;
  #units: ReturnType<typeof unitsOf>;

  constructor(typed: boolean) {
    this.#typed = typed;
    this.#content = new TypedContent(typed);
  }

  /** Reads one event and appends the parts it completes to `out`. */
  add(sse: SseEvent, out: ReplyPart[]): void {
    if (this.#finish !== undefined || sse.data === '[DONE]') return;
    const read = readJsonText(sse.data, chatEvent, 'a stream event');
    const message = read.delta?.message;
    switch (read.type) {
      case 'content-start': {
        const content = message?.content;
        this.#thinking = !Array.isArray(content) && content?.type === 'thinking';
        if (this.#thinking) this.#blocks++;
        return;
      }
      case 'content-delta': {
        const content = Array.isArray(message?.content) ? undefined : message?.content;
        if (typeof content?.thinking === 'string' && content.thinking !== '')
          out.push({ type: 'reasoning', text: content.thinking, block: this.#blocks - 1 });
        else if (typeof content?.text === 'string' && content.text !== '') this.#content.push(content.text, out);
        return;
      }
      case 'tool-plan-delta': {
        const plan = message?.tool_plan;
        if (typeof plan !== 'string' || plan === '') return;
        this.#plan ??= this.#blocks++;
        out.push({ type: 'reasoning', text: plan, block: this.#plan });
        return;
      }
      case 'tool-call-start': {
        const call = Array.isArray(message?.tool_calls) ? undefined : message?.tool_calls;
        const name = call?.function?.name;
        if (typeof name !== 'string' || name === '') throw malformed(`tool call ${this.#calls} has no function name`);
        if (this.#calls >= MAX_CALLS) throw malformed(`the reply asks for more than ${MAX_CALLS} tool calls`);
        this.#flush(out);
        const id = typeof call?.id === 'string' && call.id !== '' ? call.id : `call_${this.#calls}`;
        this.#pending = { id, name, args: call?.function?.arguments ?? '' };
        return;
      }
      case 'tool-call-delta': {
        const call = Array.isArray(message?.tool_calls) ? undefined : message?.tool_calls;
        if (this.#pending === undefined) throw malformed('a tool-call-delta came before its tool-call-start');
        this.#pending.args += call?.function?.arguments ?? '';
        return;
      }
      case 'tool-call-end':
        this.#flush(out);
        return;
      case 'message-end': {
        this.#flush(out);
        const reason = read.delta?.finish_reason;
        if (typeof reason !== 'string' || reason === '') throw malformed('message-end has no finish_reason');
        const failure = cohereFinishFailure(reason, read.delta?.error);
        if (failure !== undefined)
          throw new WireFault({ kind: 'failed', failure: failure.kind, message: failure.message });
        this.#units = unitsOf(read.delta?.usage);
        this.#finish = reason;
        return;
      }
      default:
        // message-start, content-end, citations and events added later carry nothing a reply part holds.
        return;
    }
  }

  /** Reads a whole response a server answered in place of the stream. */
  whole(text: string, out: ReplyPart[]): void {
    out.push(...readChatResponse(text, this.#typed));
  }

  /** Ends the stream: the units and the finish part, or the failure the stream ended in. */
  end(out: ReplyPart[]): void {
    if (this.#finish === undefined) throw malformed('the stream ended before `message-end`');
    this.#content.end(out);
    if (this.#units !== undefined) out.push({ type: 'units', ...this.#units });
    out.push({ type: 'finish', reason: cohereFinishOf(this.#finish, this.#calls) });
  }

  #flush(out: ReplyPart[]): void {
    const pending = this.#pending;
    if (pending === undefined) return;
    this.#pending = undefined;
    const index = this.#calls++;
    out.push({
      type: 'call',
      call: { id: pending.id, tool: pending.name, with: cohereCallInput(pending.args, index, pending.name) },
    });
  }
}
