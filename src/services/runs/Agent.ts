import type { z } from 'zod';
import type { Message, ReplyPart, ReplyRequest, ToolResult, Units } from '../spec/Provider.js';
import type { Reply } from '../engine/Reply.js';
import type { CallSettings } from '../spec/CallSettings.js';
import type { Tool } from './tool.js';

/**
 * An agent: the model it asks, its instructions, its tools, and the typed value it ends on.
 *
 * @example
 * ```ts
 * const helpdesk: Agent = { model: 'writer', instructions: 'Answer from the guide.', tools: { findInGuide } };
 * ```
 */
export interface Agent<O = unknown> {
  /** The model name every step asks. */
  readonly model: string;
  /** What the model is told before the conversation. */
  readonly instructions?: string | undefined;
  /** The tools the model may ask for, by name. */
  readonly tools?: Readonly<Record<string, Tool>> | undefined;
  /** When given, the run ends on a typed value of this shape instead of a text. */
  readonly output?: z.ZodType<O> | undefined;
  /** The most steps the run may take before it fails with `R0001`. Default 10. */
  readonly maxSteps?: number | undefined;
  /**
   * The call settings every step's request carries (sampling, length, stops, tool choice, seed,
   * provider options). A run's own `settings` override them field by field. A `toolChoice` of
   * `'required'` or a named tool holds for every step, so such a run ends only at `maxSteps`.
   */
  readonly settings?: CallSettings | undefined;
}

/** One step of a run: what was asked, what came back, and what the tools gave. */
export interface Step {
  /** The step's index, from 0. */
  readonly index: number;
  /** The step's stable key, `runId#index`. */
  readonly key: string;
  /** What the model was asked. */
  readonly request: Omit<ReplyRequest, 'model'>;
  /** What the model answered. */
  readonly reply: Reply;
  /** The results of the tools the reply asked for, in the order it asked. */
  readonly results: readonly ToolResult[];
}

/** What a run ends with. */
export interface RunResult<O = unknown> {
  /** The run's id; pass it again as `runId` to replay the run with the same step keys. */
  readonly runId: string;
  /** The final text ('' when the run ended on a typed value). */
  readonly text: string;
  /** The typed value, when the agent has an `output`. */
  readonly value: O | undefined;
  /** Every step, in order. */
  readonly steps: readonly Step[];
  /** The conversation at the end, the final answer included. */
  readonly messages: readonly Message[];
  /** The units of every step, summed. */
  readonly units: Units;
}

/** One part of a streamed run: a reply part of a step, a tool's result, or the end. */
export type RunPart<O = unknown> =
  | (ReplyPart & { readonly step: number })
  | { readonly type: 'tool-result'; readonly step: number; readonly result: ToolResult }
  | { readonly type: 'done'; readonly result: RunResult<O> };
