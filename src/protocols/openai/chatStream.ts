import type { ReplyPart, Units } from '../../services/spec/Provider.js';
import { addUnits, NO_UNITS } from '../units.js';
import { deltas } from '../deltas.js';
import { readJsonText } from '../readShape.js';
import type { SseEvent } from '../sse.js';
import { TypedContent } from '../TypedContent.js';
import type { ReplyMeta, Stop } from '../WholeReply.js';
import { malformed, WireFault } from '../WireFault.js';
import {
  callInput,
  chatFinishes,
  chatFinishOf,
  chatUnits,
  chatUsageJson,
  filteredFault,
  readCompletion,
  type ChatFilters,
} from './chatReply.js';
import { chatChunk } from './chatShapes.js';

/** The event that ends a streamed completion. */
export const CHAT_DONE = 'data: [DONE]\n\n';

/**
 * Writes a streamed completion's `chat.completion.chunk` events: a long text in deltas a client can take one by one,
 * the usage chunk when asked for, `[DONE]`. With Azure's `filters`, the prompt's verdict comes first in a chunk of no
 * choices.
 */
export class ChatChunkWriter {
  /** What every chunk of the stream starts with, up to its choice's delta: written once. */
  readonly #opening: string;
  readonly #head: ReplyMeta;
  readonly #usage: boolean;
  readonly #filters: ChatFilters | undefined;
  #started = false;
  #calls = 0;
  #units = NO_UNITS;

  constructor(meta: ReplyMeta, includeUsage: boolean, filters?: ChatFilters) {
    this.#head = meta;
    this.#usage = includeUsage;
    this.#filters = filters;
    const head = {
      id: meta.id,
      object: 'chat.completion.chunk',
      created: meta.created,
      model: meta.model,
      system_fingerprint: 'fp_standin',
    };
    this.#opening =
      `data: ${JSON.stringify(head).slice(0, -1)},${includeUsage ? '"usage":null,' : ''}` +
      `"choices":[{"index":0,"delta":`;
  }

  /** The events one reply part makes. */
  part(part: ReplyPart): string[] {
    const out = this.#start('{"role":"assistant","content":"","refusal":null}');
    switch (part.type) {
      case 'units':
        this.#units = addUnits(this.#units, part);
        break;
      case 'finish':
        out.push(this.#chunk('{}', JSON.stringify(chatFinishes[part.reason])));
        break;
      case 'text':
      case 'value':
        for (const piece of deltas(part.type === 'text' ? part.text : part.json))
          out.push(this.#chunk(`{"content":${JSON.stringify(piece)}}`));
        break;
      case 'call': {
        const index = this.#calls++;
        const { id, tool } = part.call;
        out.push(
          this.#chunk(
            JSON.stringify({ tool_calls: [{ index, id, type: 'function', function: { name: tool, arguments: '' } }] }),
          ),
          this.#chunk(
            JSON.stringify({ tool_calls: [{ index, function: { arguments: JSON.stringify(part.call.with) } }] }),
          ),
        );
        break;
      }
      case 'reasoning':
        // OpenAI's chat API streams no reasoning.
        break;
    }
    return out;
  }

  /** The events of a reply that stopped: a refusal's words as `refusal` deltas, then its finish. */
  stop(stop: Stop): string[] {
    const out = this.#start('{"role":"assistant","content":null,"refusal":""}');
    if (stop.kind === 'refusal')
      for (const piece of deltas(stop.text)) out.push(this.#chunk(`{"refusal":${JSON.stringify(piece)}}`));
    const verdict =
      this.#filters === undefined ? '' : `,"content_filter_results":${JSON.stringify(this.#filters.stopped)}`;
    out.push(this.#chunk('{}', stop.kind === 'refusal' ? '"stop"' : `"content_filter"${verdict}`));
    return out;
  }

  /** The events that end the stream: the usage chunk when asked for, and `[DONE]`. */
  end(): string[] {
    if (!this.#usage) return [CHAT_DONE];
    const { id, created, model } = this.#head;
    const head = JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: 'fp_standin',
      choices: [],
    });
    return [`data: ${head.slice(0, -1)},"usage":${chatUsageJson(this.#units)}}\n\n`, CHAT_DONE];
  }

  #start(delta: string): string[] {
    if (this.#started) return [];
    this.#started = true;
    if (this.#filters === undefined) return [this.#chunk(delta)];
    const prompt = JSON.stringify(this.#filters.prompt);
    return [
      `data: {"choices":[],"created":0,"id":"","model":"","object":"","prompt_filter_results":${prompt}}\n\n`,
      this.#chunk(delta),
    ];
  }

  #chunk(delta: string, finish = 'null'): string {
    return `${this.#opening}${delta},"logprobs":null,"finish_reason":${finish}}]}\n\n`;
  }
}

/** A tool call being streamed: its fragments joined by `index`. */
interface PendingCall {
  id: string | undefined;
  name: string | undefined;
  args: string;
}

/**
 * Reads a streamed completion into parts as they come. A compatible server's `reasoning_content` / `reasoning` is
 * reasoning block 0; tool-call fragments join by `index` and go on whole at the end. An error chunk is `reported`, a
 * content filter or refusal `failed`, a stream without `data: [DONE]` `malformed`.
 */
export class ChatChunkReader {
  readonly #typed: boolean;
  readonly #content: TypedContent;
  readonly #calls: PendingCall[] = [];
  #done = false;
  #finish: string | undefined;
  #refusal = '';
  #units: Units | undefined;

  constructor(typed: boolean) {
    this.#typed = typed;
    this.#content = new TypedContent(typed);
  }

  /** Reads one event and appends the parts it completes to `out`. */
  add(event: SseEvent, out: ReplyPart[]): void {
    if (this.#done) return;
    if (event.data === '[DONE]') {
      this.#done = true;
      return;
    }
    const chunk = readJsonText(event.data, chatChunk, 'a chunk');
    if (event.event === 'error' || chunk.error !== undefined)
      throw new WireFault({ kind: 'reported', body: chunk, fallback: 'the stream broke off with an error' });
    if (chunk.usage !== undefined && chunk.usage !== null) {
      this.#units = chatUnits(chunk.usage);
    }
    for (const choice of chunk.choices ?? []) {
      if (choice.index !== undefined && choice.index !== 0) continue;
      const delta = choice.delta;
      if (delta !== undefined && delta !== null) {
        if (typeof delta.content === 'string' && delta.content !== '') this.#content.push(delta.content, out);
        const reasoning = delta.reasoning_content ?? delta.reasoning;
        if (typeof reasoning === 'string' && reasoning !== '')
          out.push({ type: 'reasoning', text: reasoning, block: 0 });
        if (typeof delta.refusal === 'string') this.#refusal += delta.refusal;
        delta.tool_calls?.forEach((fragment, position) => {
          const pending = (this.#calls[fragment.index ?? position] ??= { id: undefined, name: undefined, args: '' });
          if (typeof fragment.id === 'string' && fragment.id !== '') pending.id ??= fragment.id;
          const fn = fragment.function;
          if (fn !== undefined && fn !== null) {
            if (typeof fn.name === 'string' && fn.name !== '') pending.name ??= fn.name;
            if (typeof fn.arguments === 'string') pending.args += fn.arguments;
          }
        });
      }
      const reason = choice.finish_reason;
      if (typeof reason === 'string') {
        if (reason === 'content_filter') throw filteredFault(choice.content_filter_results);
        this.#finish = reason;
      }
    }
  }

  /** Reads a whole `chat.completion` a server answered in place of the stream: {@link readCompletion}. */
  whole(text: string, out: ReplyPart[]): void {
    out.push(...readCompletion(text, this.#typed));
  }

  /** Ends the stream: the calls, the units and the finish part, or the failure the stream ended in. */
  end(out: ReplyPart[]): void {
    if (!this.#done) throw malformed('the stream ended before `data: [DONE]`');
    if (this.#refusal !== '') {
      throw new WireFault({
        kind: 'failed',
        failure: 'content_filter',
        message: `the model refused: ${this.#refusal}`,
        refusal: this.#refusal,
      });
    }
    this.#content.end(out);
    let calls = 0;
    this.#calls.forEach((pending, index) => {
      if (pending === undefined) return;
      if (pending.name === undefined || pending.name === '') throw malformed(`tool call ${index} has no function name`);
      out.push({
        type: 'call',
        call: {
          id: pending.id ?? `call_${index}`,
          tool: pending.name,
          with: callInput(pending.args, index, pending.name),
        },
      });
      calls++;
    });
    if (this.#units !== undefined) out.push({ type: 'units', ...this.#units });
    out.push({ type: 'finish', reason: chatFinishOf(this.#finish, calls) });
  }
}
