import type { FinishReason, Reasoning, ToolCall, Units } from '../spec/Provider.js';

/**
 * A reply, collected from its parts.
 *
 * @example
 * ```ts
 * const reply = await app.reply('writer', { messages: 'Hello' });
 * reply.text; reply.units.tokensOut;
 * ```
 */
export interface Reply<V = unknown> {
  /** The text, every text part joined. */
  readonly text: string;
  /** The tools the model asked for, in order. */
  readonly calls: readonly ToolCall[];
  /** The typed value, parsed and validated, when the call asked for one and the model gave it. */
  readonly value: V | undefined;
  /** The reasoning, one text per reasoning block. */
  readonly reasoning: readonly string[];
  /**
   * Every reasoning block whole, with the provider's continuation: present when the provider signed
   * one. A run sends these back in its next step.
   */
  readonly reasoningBlocks?: readonly Reasoning[];
  /** Tokens used. */
  readonly units: Units;
  /** Why the reply ended. */
  readonly finish: FinishReason;
  /** The name of the model that answered: the one called, or a fallback. */
  readonly model: string;
}
