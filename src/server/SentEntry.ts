import type { ChaosKind } from '../fakes/chaos/chaosKinds.js';
import type { SentInput } from '../services/capabilities/capabilities.js';
import type { ClassificationQuestion } from '../services/classification/ClassificationQuestion.js';
import type { ClassificationState } from '../services/classification/ClassificationRequest.js';
import type { ReplyInput } from '../services/requests/prepareReply.js';
import type { CapabilitySpec, PlainCapability } from '../services/spec/CapabilitySpec.js';
import type { OutputSpec, ToolSpec } from '../services/spec/Provider.js';

/** A value as the wire server's `sent` keeps it: bytes (a sound's) become their byte count, `'3 bytes'`. */
export type WithoutBytes<T> = T extends Uint8Array
  ? string
  : T extends readonly (infer U)[]
    ? readonly WithoutBytes<U>[]
    : T extends object
      ? { readonly [K in keyof T]: WithoutBytes<T[K]> }
      : T;

/** A reply's input as the wire server's `sent` keeps it: tools and the typed value's shape as JSON Schema. */
export type WireReplyInput = Omit<ReplyInput, 'tools' | 'output'> & {
  readonly tools?: readonly ToolSpec[] | undefined;
  readonly output?: OutputSpec | undefined;
};

/**
 * The call a request became and what it asked, a union on `call`: narrowing on `call` types
 * `input`. The plain capabilities' entries come from the capability table, so a new modality's
 * calls are in it as soon as the table has them.
 */
export type WireCall =
  | { readonly call: 'reply'; readonly input: WireReplyInput }
  | {
      readonly call: 'classify';
      readonly input: {
        readonly state: ClassificationState;
        readonly questions: Readonly<Record<string, ClassificationQuestion>>;
      };
    }
  | {
      readonly [N in PlainCapability]: { readonly call: N; readonly input: WithoutBytes<SentInput<N>> };
    }[PlainCapability];

/** What an endpoint records of a request: the client's model id, the call and its input. */
export type WireRecord = { readonly model: string } & (
  Exclude<WireCall, { readonly call: 'reply' }> | { readonly call: 'reply'; readonly input: ReplyInput }
);

/**
 * One request the wire server answered, as `server.sent` and the control API's `sent` hold it: the scope, the endpoint,
 * the model id, the call (a capability, or `classify`) and what it asked, audio as its byte count. A union on `call`:
 * narrow it, and `input` is typed. Never the API key, nor any other header.
 *
 * @example
 * ```ts
 * const [entry] = server.sent;
 * if (entry?.call === 'reply') entry.input.instructions; // string | undefined
 * ```
 */
export type SentEntry =
  | ({
      /** The scope the request ran in; `''` for the default scope. */
      readonly scope: string;
      /** The endpoint's path, such as `/v1/chat/completions`. */
      readonly path: string;
      /** The model id the client sent. */
      readonly model: string;
      /** How a chaos layer disturbed the request (`--chaos`, `POST /__standin/chaos`), when it did. */
      readonly chaos?: ChaosKind | undefined;
    } & WireCall)
  | McpSentEntry;

/** One MCP `tools/call` a scripted server was sent, with its session's scope and the arguments as sent. */
export interface McpSentEntry {
  readonly scope: string;
  readonly path: string;
  readonly call: 'tools/call';
  /** The MCP server's name. */
  readonly server: string;
  /** The tool called. */
  readonly tool: string;
  /** The call's arguments. */
  readonly input: unknown;
}

/** A plain capability's sent entry, bytes as their count. */
export function sentOf<A extends readonly unknown[]>(
  model: string,
  spec: CapabilitySpec<A, unknown>,
  args: A,
): WireRecord {
  // `spec.name` and what `spec.sent` records belong together by the table, which a generic spec cannot say.
  return { model, call: spec.name, input: withoutBytes(spec.sent(args)) } as WireRecord;
}

function withoutBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return `${value.byteLength} bytes`;
  if (Array.isArray(value)) return value.map(withoutBytes);
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutBytes(item)]));
}
