import type { Answer, AnswerCall } from '../fakes/model/Answer.js';
import type { ReplyPart } from '../services/providers/Provider.js';

/**
 * Gathers a live reply's parts, as they pass to the caller, into an answer of `app.fake`: the
 * text whole, the reasoning by block, the value with the offsets its JSON arrived cut at, the
 * calls with their ids, the units summed. Replayed through the faked model's machinery, the
 * answer gives the same text, calls, value, reasoning and units.
 *
 * @example
 * ```ts
 * const gather = new ReplyGatherer();
 * for await (const part of real.reply(request, context)) gather.add(part);
 * gather.answer(); // { text: 'Hi', units: { tokensIn: 12, tokensOut: 1 } }
 * ```
 */
export class ReplyGatherer {
  #text: string | undefined;
  readonly #reasoning = new Map<number, string>();
  readonly #value: string[] = [];
  readonly #calls: AnswerCall[] = [];
  #tokensIn = 0;
  #tokensOut = 0;

  add(part: ReplyPart): void {
    switch (part.type) {
      case 'text':
        this.#text = (this.#text ?? '') + part.text;
        break;
      case 'reasoning':
        this.#reasoning.set(part.block, (this.#reasoning.get(part.block) ?? '') + part.text);
        break;
      case 'value':
        this.#value.push(part.json);
        break;
      case 'call':
        this.#calls.push({ tool: part.call.tool, with: part.call.with, id: part.call.id });
        break;
      case 'units':
        this.#tokensIn += part.tokensIn;
        this.#tokensOut += part.tokensOut;
        break;
      case 'finish':
        break;
    }
  }

  /** The answer the parts make, or undefined when the value's JSON does not parse (the engine fails such a call). */
  answer(): Answer | undefined {
    const answer: { -readonly [K in keyof Answer]: Answer[K] } = {};
    if (this.#reasoning.size > 0) {
      const blocks = [...this.#reasoning].sort(([a], [b]) => a - b).map(([, text]) => text);
      answer.reasoning = blocks.length === 1 ? blocks[0]! : blocks;
    }
    if (this.#text !== undefined) answer.text = this.#text;
    if (this.#value.length > 0) {
      const json = this.#value.join('');
      try {
        answer.value = JSON.parse(json);
      } catch {
        return undefined;
      }
      answer.parts = cutsOf(this.#value, json, JSON.stringify(answer.value));
    }
    if (this.#calls.length > 0) answer.calls = this.#calls;
    if (answer.text === undefined && answer.calls === undefined && answer.value === undefined && answer.reasoning === undefined) answer.text = '';
    answer.units = { tokensIn: this.#tokensIn, tokensOut: this.#tokensOut };
    return answer;
  }
}

/** The offsets the value's JSON arrived cut at, when the JSON is as the fake writes it; else how many pieces it came in. */
function cutsOf(pieces: readonly string[], json: string, written: string): number | number[] {
  if (json !== written || pieces.length === 1) return Math.max(1, Math.min(pieces.length, written.length));
  const cuts: number[] = [];
  let at = 0;
  for (const piece of pieces.slice(0, -1)) {
    at += piece.length;
    const halves = json.charCodeAt(at - 1) >= 0xd800 && json.charCodeAt(at - 1) <= 0xdbff;
    if (at > 0 && at < json.length && at !== cuts.at(-1) && !halves) cuts.push(at);
  }
  return cuts.length === 0 ? 1 : cuts;
}
