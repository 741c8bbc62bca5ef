import type { Reasoning, ReplyPart, ToolCall } from '../../services/spec/Provider.js';
import { deltas } from '../deltas.js';
import type { ReplyMeta, Stop, WholeReply } from '../WholeReply.js';
import { BLOCKED_RATINGS, geminiFinishes, usageJson } from './generateFinishes.js';

/** What a response is answered under: its `responseId`, and the model id the path named as `modelVersion`. */
export type GeminiMeta = Pick<ReplyMeta, 'id' | 'model'>;

/** What every response ends with: the model version and the response id. */
function tailOf(meta: GeminiMeta): string {
  return `,"modelVersion":${JSON.stringify(meta.model)},"responseId":${JSON.stringify(meta.id)}}`;
}

/** A prompt the safety filters blocked: no candidates, the block in `promptFeedback`. */
function blockedJson(tokensIn: number, tail: string): string {
  return (
    `{"promptFeedback":{"blockReason":"SAFETY","safetyRatings":${BLOCKED_RATINGS}},` +
    `"usageMetadata":{"promptTokenCount":${tokensIn},"totalTokenCount":${tokensIn}}${tail}`
  );
}

const functionCall = (call: ToolCall): unknown => ({
  functionCall: { id: call.id, name: call.tool, args: call.with ?? {} },
  ...(call.signature === undefined ? {} : { thoughtSignature: call.signature }),
});

/** A thought part: its text, and its signature when the reasoning carries one. */
const thought = (text: string, signature: string | undefined): unknown => ({
  text,
  thought: true,
  ...(signature === undefined ? {} : { thoughtSignature: signature }),
});

/**
 * Writes a streamed reply as `streamGenerateContent?alt=sse` events ended CRLF CRLF as Gemini's are, text in deltas a
 * client can take one by one.
 */
export class GenerateChunkWriter {
  readonly #tail: string;
  #sent = false;
  #ended = false;
  #finish = 'STOP';
  #tokensIn = 0;
  #tokensOut = 0;

  constructor(meta: GeminiMeta) {
    this.#tail = `${tailOf(meta)}\r\n\r\n`;
  }

  /** The events one reply part makes. */
  part(part: ReplyPart): string[] {
    switch (part.type) {
      case 'text':
      case 'value':
        return deltas(part.type === 'text' ? part.text : part.json).map((text) =>
          this.#chunk(JSON.stringify({ text })),
        );
      case 'reasoning': {
        const pieces = deltas(part.text);
        // The signature rides on the block's last piece, as Gemini sends it.
        return pieces.map((text, i) =>
          this.#chunk(JSON.stringify(thought(text, i === pieces.length - 1 ? part.signature : undefined))),
        );
      }
      case 'call':
        return [this.#chunk(JSON.stringify(functionCall(part.call)))];
      case 'units':
        this.#tokensIn += part.tokensIn;
        this.#tokensOut += part.tokensOut;
        return [];
      case 'finish':
        this.#finish = geminiFinishes[part.reason];
        return [];
    }
  }

  /**
   * A stopped reply (Gemini has no refusal of its own): a blocked prompt before anything was sent, else `finishReason:
   * SAFETY`.
   */
  stop(_stop: Stop): string[] {
    this.#ended = true;
    if (!this.#sent) return [`data: ${blockedJson(this.#tokensIn, this.#tail)}`];
    return [
      `data: {"candidates":[{"finishReason":"SAFETY","index":0,"safetyRatings":${BLOCKED_RATINGS}}],` +
        `"usageMetadata":${usageJson(this.#tokensIn, this.#tokensOut)}${this.#tail}`,
    ];
  }

  /** The event that ends the stream: its `finishReason` and usage (none after a stop). */
  end(): string[] {
    if (this.#ended) return [];
    this.#ended = true;
    return [
      `data: {"candidates":[{"content":{"parts":[{"text":""}],"role":"model"},` +
        `"finishReason":"${this.#finish}","index":0}],"usageMetadata":${usageJson(this.#tokensIn, this.#tokensOut)}` +
        this.#tail,
    ];
  }

  #chunk(part: string): string {
    this.#sent = true;
    return `data: {"candidates":[{"content":{"parts":[${part}],"role":"model"},"index":0}]${this.#tail}`;
  }
}

/** A whole response as JSON text; a stopped reply as Gemini answers a blocked prompt. */
export function writeGenerateResponse(reply: WholeReply, meta: GeminiMeta): string {
  const tail = tailOf(meta);
  if (reply.stopped !== undefined) return blockedJson(reply.units.tokensIn, tail);
  const parts: unknown[] = (reply.reasoningBlocks ?? reply.reasoning.map((text) => ({ text }))).map(
    (block: Reasoning) => thought(block.text, block.signature),
  );
  if (reply.text !== '' || reply.calls.length === 0) parts.push({ text: reply.text });
  for (const call of reply.calls) parts.push(functionCall(call));
  return (
    `{"candidates":[{"content":{"parts":${JSON.stringify(parts)},"role":"model"},` +
    `"finishReason":"${geminiFinishes[reply.finish]}","index":0}],` +
    `"usageMetadata":${usageJson(reply.units.tokensIn, reply.units.tokensOut)}${tail}`
  );
}
