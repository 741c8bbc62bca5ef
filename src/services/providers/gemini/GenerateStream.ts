import { capText } from '../http/capText.js';
import type { Exchange } from '../http/Exchange.js';
import type { SseEvent } from '../../../protocols/sse.js';
import { TypedContent } from '../../../protocols/TypedContent.js';
import type { FinishReason, ReplyPart } from '../../spec/Provider.js';
import { finishFailure } from './finishFailure.js';

/** The most function calls one reply may ask for: a stream that sends more is not a reply. */
const MAX_CALLS = 1024;

/**
 * Turns the events of `streamGenerateContent?alt=sse` into reply parts, as they come. Each event
 * is a whole `GenerateContentResponse` holding the next piece of candidate 0: `text` parts as
 * text parts (value parts when the call asked for a typed value: see {@link TypedContent}),
 * `thought: true` parts as reasoning block 0, each `functionCall` part as a call part (Gemini
 * sends a call whole; one without an `id` gets `call_{n}`), the last `usageMetadata` as one units
 * part (prompt and tool-use prompt tokens in, candidate and thought tokens out), and the
 * `finishReason` as the finish part. `promptFeedback.blockReason` and a safety finish
 * (`SAFETY`, `RECITATION`, `BLOCKLIST`, ...) fail with kind `content_filter`; an `error` object
 * fails with the kind its `status` names; a stream that ends without a `finishReason`, data that is
 * not JSON and parts of the wrong shape are malformed responses.
 */
export class GenerateStream {
  readonly #exchange: Exchange;
  readonly #content: TypedContent;
  #calls = 0;
  #finish: string | undefined;
  #usage: { tokensIn: number; tokensOut: number } | undefined;

  constructor(exchange: Exchange, typed: boolean) {
    this.#exchange = exchange;
    this.#content = new TypedContent(typed);
  }

  /** Reads one event and appends the parts it completes to `out`. */
  add(event: SseEvent, out: ReplyPart[]): void {
    if (this.#finish !== undefined) return;
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      throw this.#exchange.malformed(
        `an event's data is not JSON (it began ${JSON.stringify(event.data.slice(0, 60))})`,
      );
    }
    if (!isRecord(chunk)) throw this.#exchange.malformed("an event's data is not a GenerateContentResponse object");
    // An `{ error: { code, message, status } }` event: its status names the kind.
    if (chunk.error !== undefined) throw this.#exchange.reported(chunk, 'the stream broke off with an error');
    this.#readUsage(chunk.usageMetadata);
    const feedback = chunk.promptFeedback;
    if (isRecord(feedback) && typeof feedback.blockReason === 'string' && feedback.blockReason !== '') {
      throw this.#exchange.failure(
        'content_filter',
        `the prompt was blocked (promptFeedback.blockReason: ${capText(feedback.blockReason, 60)}).`,
      );
    }
    const candidates = chunk.candidates;
    if (candidates === undefined || candidates === null) return;
    if (!Array.isArray(candidates)) throw this.#exchange.malformed('`candidates` is not a list');
    const candidate: unknown = candidates.find((c) => isRecord(c) && (c.index ?? 0) === 0);
    if (!isRecord(candidate)) return;
    const content = candidate.content;
    if (isRecord(content) && content.parts !== undefined) {
      if (!Array.isArray(content.parts)) throw this.#exchange.malformed('`candidates[0].content.parts` is not a list');
      for (const part of content.parts) this.#part(part, out);
    }
    const reason = candidate.finishReason;
    if (typeof reason === 'string' && reason !== '' && reason !== 'FINISH_REASON_UNSPECIFIED') {
      const failure = finishFailure(reason);
      if (failure !== undefined) throw this.#exchange.failure(failure.kind, failure.message);
      this.#finish = reason;
    }
  }

  /** Ends the stream: the units and the finish part, or the failure the stream ended in. */
  end(out: ReplyPart[]): void {
    if (this.#finish === undefined) throw this.#exchange.malformed('the stream ended before a `finishReason`');
    this.#content.end(out);
    if (this.#usage !== undefined) out.push({ type: 'units', ...this.#usage });
    out.push({ type: 'finish', reason: this.#reason() });
  }

  /** `MAX_TOKENS` is `length`; otherwise `calls` when the reply asked for tools, else `stop`. */
  #reason(): FinishReason {
    if (this.#finish === 'MAX_TOKENS') return 'length';
    return this.#calls > 0 ? 'calls' : 'stop';
  }

  #part(part: unknown, out: ReplyPart[]): void {
    if (!isRecord(part)) throw this.#exchange.malformed('a part of `candidates[0].content.parts` is not an object');
    if (typeof part.text === 'string') {
      if (part.text === '') return;
      if (part.thought === true) out.push({ type: 'reasoning', text: part.text, block: 0 });
      else this.#content.push(part.text, out);
      return;
    }
    const call = part.functionCall;
    if (call === undefined) return; // executable code, inline data and parts added later carry nothing a reply part holds
    if (!isRecord(call) || typeof call.name !== 'string' || call.name === '')
      throw this.#exchange.malformed('a `functionCall` part has no name');
    if (call.args !== undefined && call.args !== null && !isRecord(call.args))
      throw this.#exchange.malformed(`the args of functionCall ${call.name} are not an object`);
    if (this.#calls >= MAX_CALLS)
      throw this.#exchange.malformed(`the reply asks for more than ${MAX_CALLS} function calls`);
    const id = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${this.#calls}`;
    this.#calls++;
    out.push({ type: 'call', call: { id, tool: call.name, with: call.args ?? {} } });
  }

  /** Usage is cumulative: each report replaces the last. */
  #readUsage(usage: unknown): void {
    if (!isRecord(usage)) return;
    const read = (name: string): number => {
      const value = usage[name];
      if (value === undefined || value === null) return 0;
      if (!Number.isInteger(value) || (value as number) < 0)
        throw this.#exchange.malformed(`usageMetadata.${name} is not a whole token count`);
      return value as number;
    };
    this.#usage = {
      tokensIn: read('promptTokenCount') + read('toolUsePromptTokenCount'),
      tokensOut: read('candidatesTokenCount') + read('thoughtsTokenCount'),
    };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
