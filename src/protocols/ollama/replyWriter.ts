import type { FinishReason, ReplyPart, ToolCall } from '../../services/spec/Provider.js';
import { deltas } from '../deltas.js';
import { ndjsonLine } from '../ndjson.js';
import type { ReplyMeta, Stop, WholeReply } from '../WholeReply.js';
import type { OllamaEndpoint } from './replyReader.js';

/** What an answer is written under: the model the client named, and when it was made. */
export type OllamaMeta = Pick<ReplyMeta, 'model' | 'created'>;

const toolCall = (call: ToolCall, index: number): unknown => ({
  id: call.id,
  function: { index, name: call.tool, arguments: call.with ?? {} },
});

/** Ollama ends a reply `stop`, tool calls included, or `length` when `num_predict` cut it. */
const doneReason = (finish: FinishReason): string => (finish === 'length' ? 'length' : 'stop');

/** The line's head: the model and the time, as every line of Ollama's begins. */
function headOf(meta: OllamaMeta): string {
  return `{"model":${JSON.stringify(meta.model)},"created_at":${JSON.stringify(new Date(meta.created * 1000).toISOString())}`;
}

/** The fields of a last line (or a whole answer): why it ended and its counts (no durations: nothing ran). */
function doneJson(reason: string, tokensIn: number, tokensOut: number): string {
  return (
    `"done":true,"done_reason":"${reason}","total_duration":0,"load_duration":0,` +
    `"prompt_eval_count":${tokensIn},"prompt_eval_duration":0,"eval_count":${tokensOut},"eval_duration":0}`
  );
}

/**
 * Writes a streamed reply as Ollama's NDJSON lines: text in deltas (`message.content`, or `response` for
 * `/api/generate`), thinking as `thinking`, each tool call whole in a line of its own, and a last line with `done: true`.
 */
export class OllamaReplyWriter {
  readonly #endpoint: OllamaEndpoint;
  readonly #head: string;
  #calls = 0;
  #finish: FinishReason = 'stop';
  #tokensIn = 0;
  #tokensOut = 0;
  #ended = false;

  constructor(endpoint: OllamaEndpoint, meta: OllamaMeta) {
    this.#endpoint = endpoint;
    this.#head = headOf(meta);
  }

  /** The lines one reply part makes. */
  part(part: ReplyPart): string[] {
    switch (part.type) {
      case 'text':
      case 'value':
        return deltas(part.type === 'text' ? part.text : part.json).map((text) => this.#line({ content: text }));
      case 'reasoning':
        return deltas(part.text).map((text) => this.#line({ content: '', thinking: text }));
      case 'call':
        return [this.#line({ content: '', tool_calls: [toolCall(part.call, this.#calls++)] })];
      case 'units':
        this.#tokensIn += part.tokensIn;
        this.#tokensOut += part.tokensOut;
        return [];
      case 'finish':
        this.#finish = part.reason;
        return [];
    }
  }

  /** A stopped reply: Ollama has no refusal nor filter of its own, so a refusal is its words and the reply ends. */
  stop(stop: Stop): string[] {
    return stop.kind === 'refusal' ? [this.#line({ content: stop.text })] : [];
  }

  /** The line that ends the stream: `done: true`, why, and the counts. */
  end(): string[] {
    if (this.#ended) return [];
    this.#ended = true;
    const empty = this.#endpoint === 'chat' ? '"message":{"role":"assistant","content":""},' : '"response":"",';
    return [ndjsonLine(`${this.#head},${empty}${doneJson(doneReason(this.#finish), this.#tokensIn, this.#tokensOut)}`)];
  }

  #line(message: { content: string; thinking?: string; tool_calls?: unknown[] }): string {
    if (this.#endpoint === 'chat')
      return ndjsonLine(`${this.#head},"message":${JSON.stringify({ role: 'assistant', ...message })},"done":false}`);
    const thinking = message.thinking === undefined ? '' : `,"thinking":${JSON.stringify(message.thinking)}`;
    return ndjsonLine(`${this.#head},"response":${JSON.stringify(message.content)}${thinking},"done":false}`);
  }
}

/** A whole answer (`stream: false`) as JSON text; a stopped reply says its refusal, or nothing. */
export function writeWholeAnswer(reply: WholeReply, endpoint: OllamaEndpoint, meta: OllamaMeta): string {
  const text = reply.stopped?.kind === 'refusal' ? reply.stopped.text : reply.text;
  const thinking = reply.reasoning.join('');
  const done = doneJson(doneReason(reply.finish), reply.units.tokensIn, reply.units.tokensOut);
  if (endpoint === 'generate') {
    const said = `"response":${JSON.stringify(text)}${thinking === '' ? '' : `,"thinking":${JSON.stringify(thinking)}`}`;
    return `${headOf(meta)},${said},${done}`;
  }
  const message = {
    role: 'assistant',
    content: text,
    ...(thinking === '' ? {} : { thinking }),
    ...(reply.calls.length > 0 ? { tool_calls: reply.calls.map(toolCall) } : {}),
  };
  return `${headOf(meta)},"message":${JSON.stringify(message)},${done}`;
}
