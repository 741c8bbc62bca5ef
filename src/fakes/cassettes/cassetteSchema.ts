import type { McpToolInfo } from '../../services/mcp/McpConnection.js';
import { z } from 'zod';
import { built, lazySchema } from '../../validation/lazySchema.js';
import { whenSchema, type When } from '../model/whenSchema.js';
import { failureKinds } from '../../errors/ProviderFailure.js';
import type { ClassificationReason, FailureKind } from '../../services/spec/failures.js';
import type { Answer } from '../model/Answer.js';
import { answerSchema } from '../model/answerSchema.js';
import {
  classificationAnswerSchema,
  type ClassificationAnswerInit,
} from '../../services/classification/ClassificationAnswer.js';
import { classificationReasons } from '../../services/classification/ClassificationAdapterError.js';
import {
  capabilities,
  capabilityNames,
  plainCapabilities,
  type RecordedResult,
} from '../../services/capabilities/capabilities.js';
import type { PlainCapability } from '../../services/spec/CapabilitySpec.js';
import type { Capability } from '../../services/spec/Provider.js';
import type { NormalizedRequest } from './normalizeRequest.js';
import type { RecordedToolRun } from './toolRuns.js';
import { timingSchema, type RecordedTiming } from './recordedTiming.js';

/** The calls a cassette records: the capabilities of a provider, and classify. */
export const cassetteCalls: readonly [Capability | 'classify', ...(Capability | 'classify')[]] = [
  ...capabilityNames,
  'classify',
] as [Capability, ...Capability[], 'classify'];

/**
 * One kind of call a cassette records.
 *
 * @example
 * ```ts
 * const call: CassetteCall = 'embed';
 * ```
 */
export type CassetteCall = Capability | 'classify';

const kinds = Object.keys(failureKinds) as [FailureKind, ...FailureKind[]];

/** A recorded provider failure, as an answer of a plain capability's call. */
const failure = lazySchema(() =>
  z.strictObject({ fail: z.enum(kinds), retryAfterMs: z.number().int().min(0).optional() }),
);

/** A recorded classifier failure: a `ClassificationAdapterError`'s fields. */
const classifyError = lazySchema(() =>
  z.strictObject({
    reason: z.enum(classificationReasons as unknown as [ClassificationReason, ...ClassificationReason[]]),
    message: z.string().optional(),
    status: z.number().int().optional(),
    retryAfterMs: z.number().int().min(0).optional(),
  }),
);

/**
 * Each call's answer schema: reply `app.fake`'s record, classify a FakeClassifier entry, the others their recorded
 * answer.
 */
export const answerSchemas = {
  reply: answerSchema,
  ...(Object.fromEntries(
    plainCapabilities.map((name) => [name, lazySchema(() => z.union([capabilities[name].recorded.schema, failure]))]),
  ) as unknown as { readonly [N in PlainCapability]: z.ZodType<RecordedAnswers[N]> }),
  classify: lazySchema(() =>
    z.union([
      z.strictObject({ answers: z.record(z.string(), classificationAnswerSchema) }),
      z.strictObject({ error: classifyError }),
    ]),
  ),
} as const satisfies Record<CassetteCall, z.ZodType>;

/** A recorded failure of a plain capability's call (any but reply and classify). */
export interface RecordedFailure {
  readonly fail: FailureKind;
  readonly retryAfterMs?: number;
}

/**
 * What a cassette keeps as the answer of each call: for reply, an answer record of `app.fake`;
 * for classify, a FakeClassifier script entry in JSON (answers as `ClassificationAnswer`
 * fields, a failure as the error's `reason`); for the others, the result or a failure.
 *
 * @example
 * ```ts
 * const embedded: RecordedAnswers['embed'] = { vector: [0.1, 0.2] };
 * const spoken: RecordedAnswers['speak'] = { audio: 'SUQzBAAAAAAA' }; // base64
 * ```
 */
export type RecordedAnswers = {
  readonly reply: Answer;
  readonly classify:
    | { readonly answers: Readonly<Record<string, ClassificationAnswerInit>> }
    | {
        readonly error: {
          readonly reason: ClassificationReason;
          readonly message?: string;
          readonly status?: number;
          readonly retryAfterMs?: number;
        };
      };
} & { readonly [N in PlainCapability]: RecordedResult<N> | RecordedFailure };

/**
 * One recorded exchange: the model called (left out for classify), the call, for classify the
 * fallback classifier called (left out for the classifier itself), the normalized request it
 * answers (or, for a reply written by hand, a `when`), and the answer.
 *
 * @example
 * ```ts
 * const entry: CassetteEntry = { model: 'writer', call: 'reply', request: { messages: [{ role: 'user', content: 'Hi' }] }, answer: { text: 'Hello!' } };
 * ```
 */
export type CassetteEntry = {
  [C in CassetteCall]: {
    readonly model?: string;
    readonly call: C;
    /**
     * For classify: the index in the config's `classifier.fallback` of the classifier that was called; left out for the
     * classifier itself.
     */
    readonly fallback?: number;
    /** The normalized request it answers: every recorded entry has one. */
    readonly request?: NormalizedRequest;
    /**
     * In place of `request`, in a reply entry written by hand: the requests it answers, matched
     * as an answer's `when` is, when no entry with the very request is left.
     */
    readonly when?: When;
    readonly answer: RecordedAnswers[C];
    /** The day it was recorded (`2026-12-01`, UTC): what `maxAgeDays` reads; never part of the matching. */
    readonly recorded?: string;
    /** In a reply entry of a cassette with `tools: true`: the tool runs of the calls its answer asked for, in order. */
    readonly tools?: readonly RecordedToolRun[];
    /**
     * In a reply entry recorded with `timing: true`: how its stream arrived, which `pace: 'recorded'` replays; never
     * part of the matching.
     */
    readonly timing?: RecordedTiming;
  };
}[CassetteCall];

/** The shape of one entry, its answer checked against its call afterwards. */
export const entrySchema = lazySchema(() =>
  z.strictObject({
    model: z.string().min(1).optional(),
    call: z.enum(cassetteCalls as [CassetteCall, ...CassetteCall[]]),
    fallback: z.number().int().min(0).optional(),
    request: z.record(z.string(), z.unknown()).optional(),
    when: built(whenSchema).optional(),
    answer: z.record(z.string(), z.unknown()),
    recorded: z.iso.date().optional(),
    tools: z.array(z.unknown()).optional(),
    timing: built(timingSchema).optional(),
  }),
);

/** The version this library writes and reads. */
export const CASSETTE_VERSION = 1;

/** The shape of a cassette file. */
export const cassetteFileSchema = lazySchema(() =>
  z.strictObject({
    standin: z.literal('cassette'),
    version: z.literal(CASSETTE_VERSION),
    entries: z.array(z.unknown()),
    mcp: z
      .record(
        z.string().min(1),
        z.strictObject({
          tools: z.array(
            z.strictObject({
              name: z.string().min(1),
              description: z.string().optional(),
              inputSchema: z.record(z.string(), z.unknown()),
            }),
          ),
        }),
      )
      .optional(),
  }),
);

/**
 * A cassette file, as JSON: `{ standin: 'cassette', version: 1, entries: [...] }`.
 *
 * @example
 * ```ts
 * const file: CassetteFile = { standin: 'cassette', version: 1, entries: [] };
 * ```
 */
export interface CassetteFile {
  readonly standin: 'cassette';
  readonly version: typeof CASSETTE_VERSION;
  readonly entries: readonly CassetteEntry[];
  /** With `tools: true`: each MCP server's tool listing, by server name, so a replay lists without the server. */
  readonly mcp?: Readonly<Record<string, { readonly tools: readonly McpToolInfo[] }>>;
}
