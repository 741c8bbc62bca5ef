import type { FinishReason, Reasoning, ToolCall, Units } from '../services/spec/Provider.js';

/** Why a reply stopped before it said anything: the model refused (in its words), or a content filter. */
export type Stop = { readonly kind: 'refusal'; readonly text: string } | { readonly kind: 'content_filter' };

/** A reply as a whole answer carries it: what a dialect writes for a request without `stream`. */
export interface WholeReply {
  /** The text; a typed value's JSON is its text. */
  readonly text: string;
  /** One text per reasoning block. */
  readonly reasoning: readonly string[];
  /** Every reasoning block whole with its continuation, when one was given. */
  readonly reasoningBlocks?: readonly Reasoning[] | undefined;
  readonly calls: readonly ToolCall[];
  readonly units: Units;
  readonly finish: FinishReason;
  /** Set when the reply stopped before it said anything. */
  readonly stopped?: Stop | undefined;
}

/** What a reply is answered under: its id, when it was made (Unix seconds) and the model id the client named. */
export interface ReplyMeta {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}
