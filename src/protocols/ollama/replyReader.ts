import type { FinishReason, ReplyPart, Units } from '../../services/spec/Provider.js';
import { isRecord } from '../jsonValues.js';
import { readReply } from '../readShape.js';
import { TypedContent } from '../TypedContent.js';
import { malformed, WireFault } from '../WireFault.js';
import {
  ollamaChatChunk,
  ollamaGenerateChunk,
  type OllamaChatChunk,
  type OllamaGenerateChunk,
  type OllamaToolCall,
} from './ollamaShapes.js';

/** Which endpoint's answer is read: `/api/chat`'s chunks carry a `message`, `/api/generate`'s a `response`. */
export type OllamaEndpoint = 'chat' | 'generate';

/** The most tool calls one reply may ask for: a stream that sends more is not a reply. */
const MAX_CALLS = 1024;

/**
 * Reads the lines of an Ollama answer, each a JSON object, into parts: `thinking` is reasoning block 0, a tool call
 * comes whole (`call_{n}` when it has no id), the line with `done: true` gives the counts and why it ended. A line
 * `{ "error": ... }` is the failure it reports; a stream without a `done` line is `malformed`.
 */
export class OllamaReplyReader {
  readonly #endpoint: OllamaEndpoint;
  readonly #content: TypedContent;
  #calls = 0;
  #done: string | undefined;
  #units: Units | undefined;

  constructor(endpoint: OllamaEndpoint, typed: boolean) {
    this.#endpoint = endpoint;
    this.#content = new TypedContent(typed);
  }

  /** Reads one line and appends the parts it completes to `out`. */
  add(line: string, out: ReplyPart[]): void {
    if (this.#done !== undefined) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw malformed(`a line of the answer is not JSON (it began ${JSON.stringify(line.slice(0, 60))})`);
    }
    this.addValue(value, out);
  }

  /** Reads one line already parsed (a whole answer's body) and appends the parts it completes to `out`. */
  addValue(value: unknown, out: ReplyPart[]): void {
    if (this.#done !== undefined) return;
    if (isRecord(value) && typeof value.error === 'string')
      throw new WireFault({ kind: 'reported', body: value, fallback: 'the stream broke off with an error' });
    let chunk: OllamaChatChunk | OllamaGenerateChunk;
    let said: {
      thinking?: string | null | undefined;
      content?: string | null | undefined;
      calls?: readonly OllamaToolCall[] | null | undefined;
    };
    if (this.#endpoint === 'chat') {
      const read = readReply(ollamaChatChunk, value, 'a chat chunk');
      chunk = read;
      said = { ...read.message, calls: read.message?.tool_calls };
    } else {
      const read = readReply(ollamaGenerateChunk, value, 'a generate chunk');
      chunk = read;
      said = { thinking: read.thinking, content: read.response };
    }
    if (typeof said.thinking === 'string' && said.thinking !== '')
      out.push({ type: 'reasoning', text: said.thinking, block: 0 });
    if (typeof said.content === 'string' && said.content !== '') this.#content.push(said.content, out);
    for (const call of said.calls ?? []) {
      if (this.#calls >= MAX_CALLS) throw malformed(`the reply asks for more than ${MAX_CALLS} tool calls`);
      const id = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${this.#calls}`;
      this.#calls++;
      out.push({ type: 'call', call: { id, tool: call.function.name, with: call.function.arguments ?? {} } });
    }
    if (!chunk.done) return;
    this.#done = chunk.done_reason ?? 'stop';
    this.#units = { tokensIn: chunk.prompt_eval_count ?? 0, tokensOut: chunk.eval_count ?? 0 };
  }

  /** Ends the answer: the units and the finish part, or `malformed` when no line said `done: true`. */
  end(out: ReplyPart[]): void {
    if (this.#done === undefined) throw malformed('the answer ended before a line with `done: true`');
    this.#content.end(out);
    if (this.#units !== undefined) out.push({ type: 'units', ...this.#units });
    out.push({ type: 'finish', reason: finishOf(this.#done, this.#calls) });
  }
}

/** Ollama says `length` when `num_predict` cut the reply; a reply that called tools says `stop`. */
function finishOf(reason: string, calls: number): FinishReason {
  if (reason === 'length') return 'length';
  return calls > 0 ? 'calls' : 'stop';
}

/** A whole answer (`stream: false`) as JSON text, read as a stream's one line. */
export function readWholeAnswer(text: string, endpoint: OllamaEndpoint, typed: boolean): ReplyPart[] {
  return readWhole((reader, out) => reader.add(text, out), endpoint, typed);
}

/** A whole answer's body, already parsed, read as a stream's one line. */
export function readWholeBody(body: unknown, endpoint: OllamaEndpoint, typed: boolean): ReplyPart[] {
  return readWhole((reader, out) => reader.addValue(body, out), endpoint, typed);
}

function readWhole(
  add: (reader: OllamaReplyReader, out: ReplyPart[]) => void,
  endpoint: OllamaEndpoint,
  typed: boolean,
): ReplyPart[] {
  const reader = new OllamaReplyReader(endpoint, typed);
  const out: ReplyPart[] = [];
  add(reader, out);
  reader.end(out);
  return out;
}
