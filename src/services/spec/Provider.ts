import type { ZodType } from 'zod';
import type { CallSettings } from './CallSettings.js';
import type { ContentPart } from './ContentPart.js';

/** A JSON Schema document, as providers take it for tool inputs and typed values. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** Tokens a call used: the totals, and the splits of them the provider reports. */
export interface Units {
  readonly tokensIn: number;
  readonly tokensOut: number;
  /** Of `tokensIn`, those read from the provider's prompt cache. */
  readonly cachedIn?: number;
  /** Of `tokensIn`, those written to the provider's prompt cache. */
  readonly cacheWriteIn?: number;
  /** Of `tokensOut`, those the model spent reasoning. */
  readonly reasoningOut?: number;
}

/** A tool the model asked for: which tool, with what input, under which call id. */
export interface ToolCall {
  /** The call's id, unique within the reply; a tool result answers it by this id. */
  readonly id: string;
  /** The tool's name. */
  readonly tool: string;
  /** The input the model gave the tool. */
  readonly with: unknown;
  /** Gemini's `thoughtSignature` on the call's part: sent back with the call, as Gemini requires. */
  readonly signature?: string;
}

/** What a tool gave back for one call: its output, or an error the model reads. */
export interface ToolResult {
  /** The id of the call this answers. */
  readonly id: string;
  /** The tool's name. */
  readonly tool: string;
  /** The tool's output, when it ran. */
  readonly output?: unknown;
  /** Why the tool did not run or failed, when it did not succeed: the model sees this text. */
  readonly error?: string;
}

/** A message from the user: a text, or parts of text, images and files. */
export interface UserMessage {
  readonly role: 'user';
  readonly content: string | readonly ContentPart[];
}

/**
 * A reasoning block whole, as the provider signed it: a provider that signs its reasoning refuses a
 * later step that leaves it out or changes it, so a run sends it back as it came.
 */
export interface Reasoning {
  /** The block's text: `''` when redacted. */
  readonly text: string;
  /**
   * The provider's opaque continuation: Anthropic's `signature` (a redacted block's `data`),
   * Gemini's `thoughtSignature`, an OpenAI Responses reasoning item's `encrypted_content`.
   */
  readonly signature?: string;
  /** Anthropic's `redacted_thinking`: the block's reasoning is encrypted in `signature`. */
  readonly redacted?: boolean;
  /** An OpenAI Responses reasoning item's id. */
  readonly id?: string;
}

/** A message the model wrote earlier: its reasoning, its text and the tools it asked for. */
export interface AssistantMessage {
  readonly role: 'assistant';
  /** Its reasoning blocks, sent back to the provider that signed them. */
  readonly reasoning?: readonly Reasoning[];
  readonly content?: string;
  readonly calls?: readonly ToolCall[];
}

/** The results of the tools the previous assistant message asked for. */
export interface ToolMessage {
  readonly role: 'tool';
  readonly results: readonly ToolResult[];
}

/** One message of a conversation. */
export type Message = UserMessage | AssistantMessage | ToolMessage;

/** A tool as a provider sees it: a name, what it is for and the JSON Schema of its input. */
export interface ToolSpec {
  readonly name: string;
  readonly description?: string;
  readonly input: JsonSchema;
}

/** The shape of the typed value a call asks for, as JSON Schema. */
export interface OutputSpec {
  readonly name: string;
  readonly schema: JsonSchema;
}

/** Everything a provider needs to reply: what the seed calls `ReplyRequest`. */
export interface ReplyRequest {
  /** The provider's model id. */
  readonly model: string;
  readonly instructions?: string;
  readonly messages: readonly Message[];
  readonly tools?: readonly ToolSpec[];
  /** Present when the call asks for a typed value of this shape. */
  readonly output?: OutputSpec;
  /** Sampling, length, stop, tool-choice and seed settings, and options for one provider. */
  readonly settings?: CallSettings;
}

/** Why a reply ended. */
export type FinishReason = 'stop' | 'calls' | 'length';

/** One part of a reply, as it arrives. */
export type ReplyPart =
  /** A piece of the reply's text. */
  | { readonly type: 'text'; readonly text: string }
  /**
   * A piece of the model's reasoning; `block` counts the reasoning blocks of the reply from 0. The
   * provider's continuation of the block (see {@link Reasoning}) comes on any of its parts.
   */
  | {
      readonly type: 'reasoning';
      readonly text: string;
      readonly block: number;
      readonly signature?: string;
      readonly redacted?: boolean;
      readonly id?: string;
    }
  /** A tool the model asks for, whole. */
  | { readonly type: 'call'; readonly call: ToolCall }
  /** A piece of the JSON text of the typed value. */
  | { readonly type: 'value'; readonly json: string }
  /** Tokens used, added to what earlier units parts reported. */
  | ({ readonly type: 'units' } & Units)
  /** The end of the reply. */
  | { readonly type: 'finish'; readonly reason: FinishReason };

/** The audio a `hear` call transcribes. */
export interface HearInput {
  /** The sound's bytes. */
  readonly audio: Uint8Array;
  /** The audio format, such as `'wav'`, `'mp3'` or `'webm'`. */
  readonly kind: string;
  /** The spoken language as an ISO-639-1 code, when known. */
  readonly language?: string | undefined;
  /** Words to expect (names, jargon), to steer the transcription. */
  readonly hint?: string | undefined;
}

/** The file formats an image can be asked in. */
export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** How an `image` call asks for its images; every field may be left out. */
export interface ImageOptions {
  /** Width and height in pixels, `'1024x1024'`: each from 1 to 4096. The provider's default when left out. */
  readonly size?: `${number}x${number}` | undefined;
  /** How many images, from 1 to 10. One when left out. */
  readonly count?: number | undefined;
  /** The file format. The provider's default (PNG on OpenAI) when left out. */
  readonly format?: ImageFormat | undefined;
}

/** One image a model made: its bytes and their media type. */
export interface GeneratedImage {
  /** The image file's bytes. */
  readonly bytes: Uint8Array;
  /** The bytes' media type, such as `'image/png'`. */
  readonly mediaType: string;
}

/** What the engine hands a provider with every call. */
export interface CallContext {
  /** The name the application called the model by (after fallback, the model being tried). */
  readonly modelName: string;
  /** The provider's model id. */
  readonly model: string;
  /** The provider's name. */
  readonly provider: string;
  /** The API key from the config, when it names one; adapters read their environment variable otherwise. */
  readonly apiKey: string | undefined;
  /** Aborts the call. Always present. */
  readonly signal: AbortSignal;
  /** One id per engine call, the same across its retries and fallbacks. */
  readonly requestId: string;
  /** The cursor scope the call runs in (`''` outside any scope). */
  readonly scope: string;
  /**
   * The step's stable key: `runId#index` inside a run; outside a run, a key of the call's own
   * (the same across its retries and fallbacks), or the `stepKey` the caller gave.
   */
  readonly stepKey: string;
  /** Which attempt at this model this is, from 1. */
  readonly attempt: number;
  /** The zod shape of the typed value, when the call asks for one. */
  readonly output: ZodType | undefined;
  /**
   * Present when the step key is the call's own: registers `fn` to run once the call is over, so
   * a provider that keeps state per step (a faked model) can drop it when no call can ask for it again.
   */
  readonly onEnd?: ((fn: () => void) => void) | undefined;
}

/**
 * One kind of call a provider answers: `reply`, and each optional method of {@link Provider}
 * (`embed`, `hear`, `speak`, `rank`, `image`, `call`, `countTokens`). A new modality is a new method there.
 */
export type Capability = Exclude<keyof Provider, 'real'>;

/**
 * A provider adapter: what the seed calls `adapter.Provider`. `reply` is required; the other
 * capabilities are offered by the providers that have them. Bound as a named `Tokens.Provider`.
 *
 * @example
 * ```ts
 * import { userText } from 'standin';
 * const echo: Provider = {
 *   async *reply(request) {
 *     const last = request.messages.at(-1);
 *     yield { type: 'text', text: last?.role === 'user' ? userText(last) : '' };
 *     yield { type: 'finish', reason: 'stop' };
 *   },
 * };
 * ```
 */
export interface Provider {
  /** True for an adapter that reaches a real service over the network: test apps block it unless allowed. */
  readonly real?: boolean;
  /** The reply's parts, as they arrive. Throws a `ProviderFailure` when the provider fails. */
  reply(request: ReplyRequest, context: CallContext): AsyncIterable<ReplyPart>;
  /** A vector for the text. */
  embed?(text: string, context: CallContext): Promise<readonly number[]>;
  /** The text spoken in the audio. */
  hear?(input: HearInput, context: CallContext): Promise<{ readonly text: string }>;
  /** The bytes of the text, spoken. */
  speak?(text: string, context: CallContext): Promise<Uint8Array>;
  /** A relevance score for each text against the query, in the texts' order. */
  rank?(query: string, texts: readonly string[], context: CallContext): Promise<readonly number[]>;
  /** Images made from the prompt: as many as `options.count` asks (one when left out). */
  image?(prompt: string, options: ImageOptions, context: CallContext): Promise<readonly GeneratedImage[]>;
  /** The output of a model called with a plain input. */
  call?(input: unknown, context: CallContext): Promise<unknown>;
  /** The input tokens the request would use: its messages, instructions, tools and output schema. */
  countTokens?(request: ReplyRequest, context: CallContext): Promise<number>;
}
