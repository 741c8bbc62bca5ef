import { capText } from '../http/capText.js';
import type { Exchange } from '../http/Exchange.js';
import type { SseEvent } from '../http/SseDecoder.js';
import { TypedContent } from '../http/TypedContent.js';
import type { FinishReason, ReplyPart } from '../../spec/Provider.js';

/** A tool call being streamed: its fragments joined by `index`. */
interface PendingCall {
  id: string | undefined;
  name: string | undefined;
  args: string;
}

/**
 * Turns the chunks of a streamed chat completion into reply parts, as they come:
 * `delta.content` as text parts (as value parts when the call asked for a typed value and the
 * content is JSON: see {@link TypedContent}),
 * `delta.reasoning_content` / `delta.reasoning` (sent by compatible servers) as reasoning
 * block 0, tool-call fragments joined by `index` and handed on whole at the end, the
 * usage-only final chunk as one units part, and `finish_reason` as the finish part.
 * A `data: {"error": ...}` chunk or an `event: error` fails with the kind its type names;
 * `finish_reason: content_filter` (naming the categories Azure's `content_filter_results` marks
 * filtered) and a refusal fail with kind `content_filter` (a refusal with its text as the failure's
 * `refusal`); a stream
 * without `data: [DONE]`, data that is not JSON, and tool arguments that are not JSON are
 * malformed responses.
 */
export class ChatStream {
  readonly #exchange: Exchange;
  readonly #content: TypedContent;
  readonly #calls: PendingCall[] = [];
  #done = false;
  #finish: string | undefined;
  #refusal = '';
  #tokensIn: number | undefined;
  #tokensOut = 0;

  constructor(exchange: Exchange, typed: boolean) {
    this.#exchange = exchange;
    this.#content = new TypedContent(typed);
  }

  /** Reads one event and appends the parts it completes to `out`. */
  add(event: SseEvent, out: ReplyPart[]): void {
    if (this.#done) return;
    const data = event.data;
    if (data === '[DONE]') {
      this.#done = true;
      return;
    }
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      throw this.#exchange.malformed(`a data line is not JSON (it began ${JSON.stringify(data.slice(0, 60))})`);
    }
    if (typeof chunk !== 'object' || chunk === null)
      throw this.#exchange.malformed(`a data line holds ${JSON.stringify(data.slice(0, 60))}, not a chunk object`);
    if (event.event === 'error' || chunk.error !== undefined)
      throw this.#exchange.reported(chunk, 'the stream broke off with an error');
    if (chunk.usage != null) this.#usage(chunk.usage);
    const choices = chunk.choices;
    if (choices === undefined || choices === null) return;
    if (!Array.isArray(choices)) throw this.#exchange.malformed('a chunk has `choices` that is not a list');
    for (const choice of choices) {
      if (choice === null || typeof choice !== 'object' || (choice.index !== undefined && choice.index !== 0)) continue;
      const delta = choice.delta;
      if (delta !== undefined && delta !== null) this.#delta(delta, out);
      const reason = choice.finish_reason;
      if (typeof reason === 'string') {
        if (reason === 'content_filter') {
          throw this.#exchange.failure(
            'content_filter',
            `the provider's content filter stopped the reply (finish_reason: content_filter${filtered(choice)}).`,
          );
        }
        this.#finish = reason;
      }
    }
  }

  /** Ends the stream: the calls, the units and the finish part, or the failure the stream ended in. */
  end(out: ReplyPart[]): void {
    if (!this.#done) throw this.#exchange.malformed('the stream ended before `data: [DONE]`');
    if (this.#refusal !== '')
      throw this.#exchange.failure('content_filter', `the model refused: ${capText(this.#refusal)}`, {
        refusal: this.#refusal,
      });
    this.#content.end(out);
    let calls = 0;
    this.#calls.forEach((pending, index) => {
      if (pending === undefined) return;
      if (pending.name === undefined || pending.name === '')
        throw this.#exchange.malformed(`tool call ${index} has no function name`);
      let input: unknown;
      try {
        input = pending.args.trim() === '' ? {} : JSON.parse(pending.args);
      } catch {
        throw this.#exchange.malformed(
          `the arguments of tool call ${index} (${pending.name}) are not JSON: ` +
            `${JSON.stringify(pending.args.slice(0, 80))}`,
        );
      }
      out.push({ type: 'call', call: { id: pending.id ?? `call_${index}`, tool: pending.name, with: input } });
      calls++;
    });
    if (this.#tokensIn !== undefined) out.push({ type: 'units', tokensIn: this.#tokensIn, tokensOut: this.#tokensOut });
    out.push({ type: 'finish', reason: finishReason(this.#finish, calls) });
  }

  #delta(delta: Delta, out: ReplyPart[]): void {
    const content = delta.content;
    if (typeof content === 'string' && content !== '') this.#content.push(content, out);
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === 'string' && reasoning !== '') out.push({ type: 'reasoning', text: reasoning, block: 0 });
    if (typeof delta.refusal === 'string') this.#refusal += delta.refusal;
    const calls = delta.tool_calls;
    if (calls === undefined || calls === null) return;
    if (!Array.isArray(calls)) throw this.#exchange.malformed('a delta has `tool_calls` that is not a list');
    calls.forEach((fragment, position) => {
      if (typeof fragment !== 'object' || fragment === null)
        throw this.#exchange.malformed(`tool call fragment ${position} is not an object`);
      const index = typeof fragment.index === 'number' ? fragment.index : position;
      if (!Number.isInteger(index) || index < 0 || index > 1024)
        throw this.#exchange.malformed(`a tool call fragment has index ${String(fragment.index)}`);
      const pending = (this.#calls[index] ??= { id: undefined, name: undefined, args: '' });
      if (typeof fragment.id === 'string' && fragment.id !== '') pending.id ??= fragment.id;
      const fn = fragment.function;
      if (fn !== undefined && fn !== null) {
        if (typeof fn.name === 'string' && fn.name !== '') pending.name ??= fn.name;
        if (typeof fn.arguments === 'string') pending.args += fn.arguments;
      }
    });
  }

  #usage(usage: NonNullable<Chunk['usage']>): void {
    const tokensIn = usage.prompt_tokens;
    const tokensOut = usage.completion_tokens;
    if (!isCount(tokensIn) || !isCount(tokensOut))
      throw this.#exchange.malformed('the usage does not hold whole token counts (prompt_tokens, completion_tokens)');
    this.#tokensIn = tokensIn;
    this.#tokensOut = tokensOut;
  }
}

/**
 * The finish part's reason: `length` for `length`; `calls` when the reply asked for tools
 * (`tool_calls`, or any reason a server sends along with calls); `stop` otherwise — `stop`,
 * no reason at all, or a reason a compatible server made up.
 */
function finishReason(reason: string | undefined, calls: number): FinishReason {
  if (reason === 'length') return 'length';
  return calls > 0 ? 'calls' : 'stop';
}

/**
 * The categories Azure's `content_filter_results` marks filtered, said as `; filtered: violence (medium)`;
 * empty when the choice names none (OpenAI's own API).
 */
function filtered(choice: Choice): string {
  const results = choice.content_filter_results;
  if (results === null || typeof results !== 'object') return '';
  const names = Object.entries(results as Record<string, unknown>).flatMap(([name, result]) => {
    if (result === null || typeof result !== 'object' || (result as { filtered?: unknown }).filtered !== true)
      return [];
    const severity = (result as { severity?: unknown }).severity;
    return [typeof severity === 'string' ? `${name} (${severity})` : name];
  });
  return names.length > 0 ? capText(`; filtered: ${names.slice(0, 10).join(', ')}`, 200) : '';
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

/** The fields of a chat completion chunk the adapter reads; everything is checked before use. */
interface Chunk {
  readonly error?: unknown;
  readonly usage?: { readonly prompt_tokens?: unknown; readonly completion_tokens?: unknown } | null;
  readonly choices?: readonly Choice[] | null;
}

interface Choice {
  readonly index?: number;
  readonly delta?: Delta | null;
  readonly finish_reason?: string | null;
  /** Azure's content filter's verdict per category: `{ violence: { filtered: true, severity: 'medium' } }`. */
  readonly content_filter_results?: unknown;
}

interface Delta {
  readonly content?: unknown;
  readonly reasoning_content?: unknown;
  readonly reasoning?: unknown;
  readonly refusal?: unknown;
  readonly tool_calls?: readonly ToolCallFragment[] | null;
}

interface ToolCallFragment {
  readonly index?: unknown;
  readonly id?: unknown;
  readonly function?: { readonly name?: unknown; readonly arguments?: unknown } | null;
}
