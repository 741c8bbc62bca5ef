import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { FinishReason, ReplyPart } from '../services/spec/Provider.js';
import { toFinishReason, toUsage } from './usage.js';
import { continuationMetadata } from './continuation.js';

/**
 * standin's reply parts as the AI SDK's stream parts, a block closed when a part of another kind comes. One per
 * streamed call.
 */
export class StreamPartMapper {
  #open: { readonly kind: 'text' | 'reasoning'; readonly id: string } | undefined;
  #blocks = 0;
  #tokensIn = 0;
  #tokensOut = 0;
  #finished = false;

  /** The AI SDK parts for one standin part. */
  map(part: ReplyPart): LanguageModelV4StreamPart[] {
    const out: LanguageModelV4StreamPart[] = [];
    switch (part.type) {
      case 'text':
      case 'value': {
        const delta = part.type === 'text' ? part.text : part.json;
        const id = this.#enter('text', undefined, out);
        if (delta !== '') out.push({ type: 'text-delta', id, delta });
        break;
      }
      case 'reasoning': {
        const id = this.#enter('reasoning', `reasoning-${part.block}`, out);
        // The block's continuation rides on a delta, as the AI SDK's own providers send a signature.
        const providerMetadata = continuationMetadata(part);
        if (part.text !== '' || providerMetadata !== undefined)
          out.push({
            type: 'reasoning-delta',
            id,
            delta: part.text,
            ...(providerMetadata ? { providerMetadata } : {}),
          });
        break;
      }
      case 'call':
        this.#close(out);
        out.push({
          type: 'tool-call',
          toolCallId: part.call.id,
          toolName: part.call.tool,
          input: JSON.stringify(part.call.with ?? {}),
          ...(part.call.signature === undefined
            ? {}
            : { providerMetadata: { standin: { signature: part.call.signature } } }),
        });
        break;
      case 'units':
        this.#tokensIn += part.tokensIn;
        this.#tokensOut += part.tokensOut;
        break;
      case 'finish':
        this.end(part.reason, out);
        break;
    }
    return out;
  }

  /** Closes the open block and adds the `finish` part, once: at a finish part, or when the reply ends without one. */
  end(reason: FinishReason, out: LanguageModelV4StreamPart[] = []): LanguageModelV4StreamPart[] {
    if (this.#finished) return out;
    this.#finished = true;
    this.#close(out);
    out.push({
      type: 'finish',
      usage: toUsage({ tokensIn: this.#tokensIn, tokensOut: this.#tokensOut }),
      finishReason: toFinishReason(reason),
    });
    return out;
  }

  #enter(kind: 'text' | 'reasoning', id: string | undefined, out: LanguageModelV4StreamPart[]): string {
    if (this.#open?.kind === kind && (id === undefined || this.#open.id === id)) return this.#open.id;
    this.#close(out);
    const opened = id ?? `${kind}-${this.#blocks++}`;
    this.#open = { kind, id: opened };
    out.push({ type: `${kind}-start`, id: opened });
    return opened;
  }

  #close(out: LanguageModelV4StreamPart[]): void {
    if (this.#open === undefined) return;
    out.push({ type: `${this.#open.kind}-end`, id: this.#open.id });
    this.#open = undefined;
  }
}
