import type { FailureKind } from '../../services/spec/failures.js';
import type { CapabilityArgs, CapabilityResult } from '../../services/capabilities/capabilities.js';
import type { PlainCapability } from '../../services/spec/CapabilitySpec.js';
import type { FinishReason, Provider, Reasoning, ReplyRequest, Units } from '../../services/spec/Provider.js';
import type { When } from './whenSchema.js';
import type { HoldPart } from '../gates/holdPart.js';
import type { Pace } from './pace.js';
import type { MisbehaviourKind } from '../misbehave/misbehaviourKinds.js';

/**
 * A tool a faked model asks for: the tool's name and its input.
 *
 * @example
 * ```ts
 * const call: AnswerCall = { tool: 'findInGuide', with: { words: 'reset a password' } };
 * ```
 */
export interface AnswerCall {
  /** The tool's name: one of the tools the request offers. */
  readonly tool: string;
  /** The tool's input, as JSON. `{}` when left out. */
  readonly with?: unknown;
  /**
   * The call's id. Left out, it is `call_<answer index>_<call index>` for an answer of a list, and
   * `call_m<messages in the request>_<call index>` for one a function gave: the same on every run.
   */
  readonly id?: string;
  /** Gemini's `thoughtSignature` of the call, as a provider that signs its calls sends it. */
  readonly signature?: string;
}

/**
 * One part of a reply given as the stream itself (an answer's `parts` list): a piece of text (an object, or the string
 * alone), a piece of reasoning (of block `block`, 0 when left out), a piece of the typed value's JSON, a tool call, or
 * units. A cassette records a streamed reply this way, piece for piece. A `{ hold: 'mid' }` part gives nothing: the
 * stream waits there until a release of gate `mid` in the call's scope (see {@link HoldPart}).
 *
 * @example
 * ```ts
 * const parts: AnswerPart[] = [{ reasoning: 'The user wants ' }, { reasoning: 'a reset.' }, { text: 'Open ' }, { text: 'Settings.' }];
 * ```
 */
export type AnswerPart =
  | string
  | HoldPart
  | { readonly text: string }
  | {
      readonly reasoning: string;
      readonly block?: number;
      readonly signature?: string;
      readonly redacted?: boolean;
      readonly id?: string;
    }
  | { readonly json: string }
  | { readonly call: AnswerCall }
  | { readonly units: Units };

/**
 * What a faked model gives for one call: the seed's answer record. Every field may be left out,
 * but an answer gives something: a text, calls, a value, reasoning, or a failure.
 *
 * @example
 * ```ts
 * const answers: Answer[] = [
 *   { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
 *   { text: 'Open Settings, then Password. (Help desk guide, page 2)', units: { tokensIn: 120, tokensOut: 40 } },
 * ];
 * ```
 */
export interface Answer {
  /** What it writes. Given as one part, so a page that shows a reply as it arrives shows it whole. */
  readonly text?: string;
  /** The tools it asks for, each `{ tool, with }`: the name of the tool and its input. */
  readonly calls?: readonly AnswerCall[];
  /** The typed answer, where the call states a shape (an `output`); it must fit that shape. */
  readonly value?: unknown;
  /**
   * What it reasons for itself: a text, or a list of blocks, each a text or a block signed as a provider signs it
   * (`{ text, signature }`; see {@link Reasoning}).
   */
  readonly reasoning?: string | readonly (string | Reasoning)[];
  /**
   * How the value's JSON arrives: in this many parts (3 when left out; fewer when the JSON is shorter), or cut at these
   * offsets of the JSON text (increasing, inside it). Or the whole reply as the stream itself, a list of {@link
   * AnswerPart}s streamed in order, in the place of `text`, `calls`, `value` and `reasoning`.
   */
  readonly parts?: number | readonly number[] | readonly AnswerPart[];
  /**
   * What the call used, such as `{ tokensIn: 120, tokensOut: 40 }`. Left out, it is estimated
   * from the request and the answer: see {@link estimateUnits}.
   */
  readonly units?: Units;
  /**
   * How the reply ends: `'stop'`, `'calls'` or `'length'` (cut off at the token limit). Left
   * out, `'calls'` when it asks for tools, `'stop'` otherwise.
   */
  readonly finish?: FinishReason;
  /**
   * The kind of ProviderFailure the call fails with, before any part, as a provider that is down:
   * `fail: 'server'` is tried again and then given to the next model of fallback, as a real failure is.
   * A failing answer has no other field.
   */
  readonly fail?: FailureKind;
  /**
   * With `fail`: the answer streams this many of its parts (reasoning, text, value pieces, calls),
   * then the call fails, as a connection that breaks mid-reply. The engine hands such a failure
   * to the caller as it is (parts were already handed on), never to a retry.
   */
  readonly failAfter?: number;
  /**
   * With `fail` and the answer's other fields: its step fails the first `times` tries (the
   * engine's retries, or a client's retries over the wire server), then answers with the rest.
   */
  readonly times?: number;
  /**
   * With `fail`: how long the failing provider asks the caller to wait before trying again, in milliseconds, as a 429's
   * `retry-after` does. The engine's retry waits this long instead of its backoff.
   */
  readonly retryAfterMs?: number;
  /** Milliseconds to wait before the first part (or the failure), on the app's clock. */
  readonly delayMs?: number;
  /** Milliseconds to wait between two parts, on the app's clock. */
  readonly partDelayMs?: number;
  /**
   * How fast the answer streams: `{ firstMs, perSecond, real? }`, in the place of `delayMs` and
   * `partDelayMs`. Left out, the fake's own pace (`fake.pace(...)`) applies, if it has one.
   */
  readonly pace?: Pace;
  /**
   * Which requests the answer is for, in a list: a call takes the first answer not yet taken whose
   * `when` matches it (an answer without one matches every call). See {@link When}.
   */
  readonly when?: When;
  /**
   * The model misbehaves on purpose, as a real one does: `'invalid_json'`, `'wrong_shape'`, `'unknown_tool'`,
   * `'bad_tool_input'`, `'refusal'`, `'truncated'`, `'content_filter'` or `'empty'`. The application gets what the
   * real adapters deliver for it (a `ValueFailed`, a `content_filter` failure, finish `'length'`, a tool-result
   * error), never a test author's error. `text`, `value` or `calls` carry the misbehaving content where the kind takes
   * it (see `misbehaviourFields`); left out, the fake makes it up.
   */
  readonly misbehave?: MisbehaviourKind;
}

/**
 * What a function a fake was given learns about the call besides its input: never the API key,
 * the signal or the cursor key.
 *
 * @example
 * ```ts
 * app.fake('writer', (request, call) => (call.attempt === 1 ? { fail: 'server' } : { text: 'Hi' }));
 * ```
 */
export interface FakeCall {
  /** The name of the model being called (after fallback, the model being tried). */
  readonly model: string;
  /** Which attempt at this model this is, from 1. */
  readonly attempt: number;
  /** The step's stable key: `runId#index` inside a run, `call:<requestId>` outside. */
  readonly step: string;
  /** The cursor scope the call runs in (`''` outside any scope). */
  readonly scope: string;
}

/**
 * Answers a reply from the request: handed the ReplyRequest (instructions, messages, tools, output), it answers an
 * answer or a promise of one. What it answers is checked as a list's answers are.
 *
 * @example
 * ```ts
 * const echo: AnswerFunction = (request) => ({ text: `You said ${request.messages.length} things.` });
 * ```
 */
export type AnswerFunction = (request: ReplyRequest, call: FakeCall) => Answer | Promise<Answer>;

/**
 * A record of calls: what a faked model answers to each kind of call: `reply`, and for each other capability a function
 * of the provider method's arguments and the {@link FakeCall} (`capabilities[name].answer` says what it gives). A call
 * the record does not have fails with `T0009`, naming the model and the call.
 *
 * @example
 * ```ts
 * app.fake('writer', {
 *   reply: [{ text: 'Hi' }],
 *   embed: embedByHash(8),
 *   rank: rankByOverlap(),
 *   hear: () => ({ text: 'reset my password' }),
 *   speak: (text) => new TextEncoder().encode(text),
 *   call: (input) => ({ echoed: input }),
 * });
 * ```
 */
export type CallRecord = {
  /** Replies: a list of answers, or a function of the request. */
  readonly reply?: readonly Answer[] | AnswerFunction;
} & {
  readonly [N in keyof Pick<Provider, PlainCapability>]?: (
    ...args: [...CapabilityArgs<N>, call: FakeCall]
  ) => CapabilityResult<N> | Promise<CapabilityResult<N>>;
};

/**
 * What a model is faked with: a list of answers, a function of the request, or a record of calls.
 *
 * @example
 * ```ts
 * const answers: Answers = [{ text: 'Open Settings, then Password.' }];
 * ```
 */
export type Answers = readonly Answer[] | AnswerFunction | CallRecord;
