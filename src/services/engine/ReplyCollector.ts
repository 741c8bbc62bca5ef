import type { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { ValueFailed } from '../../errors/ValueFailed.js';
import { describeIssues } from '../../validation/describeIssues.js';
import type { FinishReason, Reasoning, ReplyPart, ToolCall } from '../spec/Provider.js';
import type { Reply } from './Reply.js';

const finishReasons: ReadonlySet<string> = new Set<FinishReason>(['stop', 'calls', 'length']);

/**
 * Folds a provider's reply parts into a {@link Reply}, checking each part against the provider
 * contract as it comes (a broken part is `E0007`), then parsing the typed value (`E0006`, a {@link ValueFailed}).
 */
export class ReplyCollector {
  #text = '';
  #json = '';
  readonly #calls: ToolCall[] = [];
  /** Each reasoning block's text, by block index: made at the first reasoning part. */
  #reasoning: string[] | undefined;
  /** Each reasoning block's continuation, by block index: made at the first part that carries one. */
  #signed: { signature?: string; redacted?: boolean; id?: string }[] | undefined;
  #tokensIn = 0;
  #tokensOut = 0;
  #finish: FinishReason | undefined;
  #count = 0;

  constructor(
    readonly provider: string,
    readonly output: z.ZodType | undefined,
  ) {}

  /** Checks one part and adds it. Answers the part, so a stream can pass it on. */
  add(part: ReplyPart): ReplyPart {
    const index = this.#count++;
    if (this.#finish !== undefined) this.#broken(index, 'came after the finish part');
    switch (part?.type) {
      case 'text':
        if (typeof part.text !== 'string') this.#broken(index, 'is a text part without a string `text`');
        this.#text += part.text;
        break;
      case 'reasoning':
        if (typeof part.text !== 'string' || !Number.isInteger(part.block) || part.block < 0) {
          this.#broken(index, 'is a reasoning part without a string `text` and a block index');
        }
        this.#reasoning ??= [];
        this.#reasoning[part.block] = (this.#reasoning[part.block] ?? '') + part.text;
        if (part.signature !== undefined || part.redacted !== undefined || part.id !== undefined)
          this.#sign(index, part);
        break;
      case 'call': {
        const call = part.call;
        if (typeof call?.id !== 'string' || typeof call.tool !== 'string' || call.tool === '') {
          this.#broken(index, 'is a call part without a `call` of { id, tool, with }');
        }
        this.#calls.push(call);
        break;
      }
      case 'value':
        if (typeof part.json !== 'string') this.#broken(index, 'is a value part without a string `json`');
        if (this.output === undefined)
          this.#broken(index, 'is a typed-value part, but the call asked for no typed value');
        this.#json += part.json;
        break;
      case 'units':
        if (!isCount(part.tokensIn) || !isCount(part.tokensOut)) {
          this.#broken(index, 'is a units part whose tokensIn and tokensOut are not whole numbers, 0 or more');
        }
        this.#tokensIn += part.tokensIn;
        this.#tokensOut += part.tokensOut;
        break;
      case 'finish':
        if (!finishReasons.has(part.reason))
          this.#broken(index, `is a finish part with reason '${String(part.reason)}'`);
        this.#finish = part.reason;
        break;
      default:
        this.#broken(index, `has type '${String((part as { type?: unknown } | undefined)?.type)}'`);
    }
    return part;
  }

  /** The reply, once the provider's parts have ended. `model` is the name of the model that answered. */
  finish<V>(model: string): Reply<V> {
    return {
      text: this.#text,
      calls: this.#calls,
      value: this.#value(model) as V | undefined,
      reasoning: this.#reasoning === undefined ? [] : Array.from(this.#reasoning, (text) => text ?? ''),
      ...(this.#signed === undefined ? {} : { reasoningBlocks: this.#blocks() }),
      units: { tokensIn: this.#tokensIn, tokensOut: this.#tokensOut },
      finish: this.#finish ?? (this.#calls.length > 0 ? 'calls' : 'stop'),
      model,
    };
  }

  /** Keeps a reasoning part's continuation on its block: a later part's replaces an earlier one's. */
  #sign(index: number, part: Extract<ReplyPart, { type: 'reasoning' }>): void {
    const { signature, redacted, id } = part;
    if (
      (signature !== undefined && typeof signature !== 'string') ||
      (redacted !== undefined && typeof redacted !== 'boolean') ||
      (id !== undefined && typeof id !== 'string')
    )
      this.#broken(index, 'is a reasoning part whose signature or id is not a string, or redacted not a boolean');
    this.#signed ??= [];
    const signed = (this.#signed[part.block] ??= {});
    if (signature !== undefined) signed.signature = signature;
    if (redacted !== undefined) signed.redacted = redacted;
    if (id !== undefined) signed.id = id;
  }

  /** The reasoning blocks whole, each text beside its continuation. */
  #blocks(): Reasoning[] {
    return Array.from(this.#reasoning ?? [], (text, block) => ({ text: text ?? '', ...this.#signed?.[block] }));
  }

  #value(model: string): unknown {
    if (this.output === undefined || this.#json === '') return undefined;
    const cut = this.#finish === 'length' ? ', cut off at the token limit (finish: length)' : '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.#json);
    } catch (error) {
      throw this.#failed(
        `Model '${model}' gave a typed value that is not JSON${cut} (${(error as Error).message}). It began: ` +
          `${JSON.stringify(this.#json.slice(0, 80))}.${cut ? ' Raise the token limit (settings.maxTokens).' : ''}`,
        model,
        false,
      );
    }
    const result = this.output.safeParse(parsed);
    if (!result.success) {
      const lines = describeIssues('value', parsed, result.error.issues);
      throw this.#failed(
        `Model '${model}' gave a typed value that does not fit the call's shape${cut}:\n${lines.join('\n')}`,
        model,
        true,
        result.error,
      );
    }
    return result.data;
  }

  /** `E0006`, with the value's text and the rest of the reply. */
  #failed(message: string, model: string, parsed: boolean, cause?: unknown): ValueFailed {
    const reply = {
      text: this.#text,
      calls: this.#calls,
      units: { tokensIn: this.#tokensIn, tokensOut: this.#tokensOut },
      finish: this.#finish ?? (this.#calls.length > 0 ? 'calls' : 'stop'),
      model,
    } as const;
    return new ValueFailed(message, this.#json, parsed, reply, cause);
  }

  #broken(index: number, what: string): never {
    throw new StandinError(
      'E0007',
      `Provider '${this.provider}' broke the reply contract: part ${index} ${what}. A provider's reply yields parts ` +
        `of type text, reasoning, call, value, units and finish.`,
    );
  }
}

function isCount(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0;
}
