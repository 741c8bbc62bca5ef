import type { ReplyPart, Units } from '../../services/spec/Provider.js';
import { readJsonText } from '../readShape.js';
import type { SseEvent } from '../sse.js';
import { TypedContent } from '../TypedContent.js';
import { unitsOf } from '../units.js';
import { malformed, WireFault } from '../WireFault.js';
import { finishFailure, finishOf } from './generateFinishes.js';
import { generateResponse, type UsageMetadata } from './responseShapes.js';

/** The most function calls one reply may ask for: a stream that sends more is not a reply. */
const MAX_CALLS = 1024;

/**
 * Reads `streamGenerateContent?alt=sse` events, each a whole response holding candidate 0's next piece, into parts.
 * `thought` parts are reasoning block 0 (Gemini numbers none); a `functionCall` comes whole, `call_{n}` when it has no
 * id; a part's `thoughtSignature` is its call's signature, or on a text part the reasoning's; the last `usageMetadata`
 * is the units. A blocked prompt or safety finish is `content_filter`; a stream without a `finishReason` is
 * `malformed`.
 */
export class GenerateChunkReader {
  readonly #content: TypedContent;
  #calls = 0;
  #finish: string | undefined;
  #units: Units | undefined;

  constructor(typed: boolean) {
    this.#content = new TypedContent(typed);
  }

  /** Reads one event and appends the parts it completes to `out`. */
  add(event: SseEvent, out: ReplyPart[]): void {
    if (this.#finish !== undefined) return;
    const chunk = readJsonText(event.data, generateResponse, 'a GenerateContentResponse');
    if (chunk.error !== undefined && chunk.error !== null)
      throw new WireFault({ kind: 'reported', body: chunk, fallback: 'the stream broke off with an error' });
    if (chunk.usageMetadata !== undefined && chunk.usageMetadata !== null)
      this.#units = geminiUnits(chunk.usageMetadata);
    const blocked = chunk.promptFeedback?.blockReason;
    if (typeof blocked === 'string' && blocked !== '') {
      throw new WireFault({
        kind: 'failed',
        failure: 'content_filter',
        message: `the prompt was blocked (promptFeedback.blockReason: ${blocked.slice(0, 60)}).`,
      });
    }
    const candidate = chunk.candidates?.find((found) => (found.index ?? 0) === 0);
    if (candidate === undefined) return;
    for (const part of candidate.content?.parts ?? []) {
      const signature =
        typeof part.thoughtSignature === 'string' && part.thoughtSignature !== '' ? part.thoughtSignature : undefined;
      if (typeof part.text === 'string') {
        const thought = part.thought === true && part.text !== '';
        // A signature on a text part signs the turn's thinking: it is kept as reasoning to send back.
        if (thought || signature !== undefined)
          out.push({
            type: 'reasoning',
            text: thought ? part.text : '',
            block: 0,
            ...(signature ? { signature } : {}),
          });
        if (part.thought !== true && part.text !== '') this.#content.push(part.text, out);
        continue;
      }
      const call = part.functionCall;
      // Inline data, executable code and parts added later carry nothing a reply part holds.
      if (call === undefined || call === null) continue;
      if (this.#calls >= MAX_CALLS) throw malformed(`the reply asks for more than ${MAX_CALLS} function calls`);
      const id = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${this.#calls}`;
      this.#calls++;
      out.push({
        type: 'call',
        call: { id, tool: call.name, with: call.args ?? {}, ...(signature ? { signature } : {}) },
      });
    }
    const reason = candidate.finishReason;
    if (typeof reason === 'string' && reason !== '' && reason !== 'FINISH_REASON_UNSPECIFIED') {
      const failure = finishFailure(reason);
      if (failure !== undefined)
        throw new WireFault({ kind: 'failed', failure: failure.kind, message: failure.message });
      this.#finish = reason;
    }
  }

  /** Ends the stream: the units and the finish part, or the failure the stream ended in. */
  end(out: ReplyPart[]): void {
    if (this.#finish === undefined) throw malformed('the stream ended before a `finishReason`');
    this.#content.end(out);
    if (this.#units !== undefined) out.push({ type: 'units', ...this.#units });
    out.push({ type: 'finish', reason: finishOf(this.#finish, this.#calls) });
  }
}

/** A whole `:generateContent` answer, read as a stream's one event. */
export function readGenerateResponse(text: string, typed: boolean): ReplyPart[] {
  const reader = new GenerateChunkReader(typed);
  const out: ReplyPart[] = [];
  reader.add({ event: 'message', data: text }, out);
  reader.end(out);
  return out;
}

/** Usage as units; each report replaces the last (Gemini's counts are the reply's so far). */
function geminiUnits(usage: UsageMetadata): Units {
  const count = (value: number | null | undefined): number => value ?? 0;
  return unitsOf(
    count(usage.promptTokenCount) + count(usage.toolUsePromptTokenCount),
    count(usage.candidatesTokenCount) + count(usage.thoughtsTokenCount),
    { cachedIn: usage.cachedContentTokenCount, reasoningOut: usage.thoughtsTokenCount },
  );
}
