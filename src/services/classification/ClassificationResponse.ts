import { z } from 'zod';
import { ClassificationAnswer } from './ClassificationAnswer.js';
import { parseShape } from './shapeError.js';
import { lazySchema } from '../../validation/lazySchema.js';

/** Tokens a classify call used, as the classifier reported them; null where it reported nothing. */
export interface ClassificationUsage {
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  /** The sum of the two, when both are known. */
  readonly totalTokens: number | null;
}

/** The fields of a response, as `new ClassificationResponse(init)` takes them; a field left out is null (or empty). */
export interface ClassificationResponseInit {
  /** The provider's own id for the call (a request-id header), when it gives one. */
  readonly id?: string | null;
  /** standin's id for the call: the `requestId` the caller passed, or the one the engine made. */
  readonly requestId?: string | null;
  /** The model that answered, as the provider names it (a pinned version rather than an alias). */
  readonly model?: string | null;
  /** The classifier's provider name, such as `'typesafe'` or `'fake'`. */
  readonly provider?: string | null;
  /** The provider's response body as decoded, for debugging. */
  readonly raw?: unknown;
  /** Question id -> answer: exactly the request's question ids. */
  readonly answers?: Readonly<Record<string, ClassificationAnswer>>;
  /** Tokens used; a field left out is null. */
  readonly usage?: Partial<ClassificationUsage>;
  /** The request's `metadata`, handed back. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

const tokens = lazySchema(() => z.number().int().min(0).nullable().optional());

/** The shape `new ClassificationResponse(init)` accepts. */
export const classificationResponseSchema = lazySchema(() =>
  z.strictObject({
    id: z.string().nullable().optional(),
    requestId: z.string().nullable().optional(),
    model: z.string().nullable().optional(),
    provider: z.string().nullable().optional(),
    raw: z.unknown().optional(),
    answers: z.record(z.string(), z.instanceof(ClassificationAnswer)).optional(),
    usage: z.strictObject({ inputTokens: tokens, outputTokens: tokens, totalTokens: tokens }).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
);

const expected: Readonly<Record<string, string>> = {
  id: "the provider's id as a string, or null",
  requestId: 'a string, or null',
  model: 'a string, or null',
  provider: 'a string, or null',
  answers: 'a record of question id -> new ClassificationAnswer(...)',
  usage: 'an object { inputTokens?, outputTokens?, totalTokens? } of whole numbers or null',
  metadata: 'a record of plain data',
};

/**
 * What a classifier answered: one {@link ClassificationAnswer} per question id, with the model,
 * provider, usage and the request's metadata.
 *
 * @example
 * ```ts
 * const response = await app.classify('My card was charged twice.', { team: ClassificationQuestion.choice('Which team?', ['billing', 'technical']) });
 * response.answer('team')?.choice; // 'billing'
 * ```
 */
export class ClassificationResponse {
  readonly id: string | null;
  readonly requestId: string | null;
  readonly model: string | null;
  readonly provider: string | null;
  readonly raw: unknown;
  readonly answers: Readonly<Record<string, ClassificationAnswer>>;
  readonly usage: ClassificationUsage;
  readonly metadata: Readonly<Record<string, unknown>>;

  /** @throws {StandinError} `K0002` when a field has the wrong type; the message names each. */
  constructor(init: ClassificationResponseInit = {}) {
    const fields = parseShape('K0002', 'response', classificationResponseSchema, init, expected);
    this.id = fields.id ?? null;
    this.requestId = fields.requestId ?? null;
    this.model = fields.model ?? null;
    this.provider = fields.provider ?? null;
    this.raw = fields.raw ?? null;
    this.answers = fields.answers ?? {};
    this.usage = {
      inputTokens: fields.usage?.inputTokens ?? null,
      outputTokens: fields.usage?.outputTokens ?? null,
      totalTokens: fields.usage?.totalTokens ?? null,
    };
    this.metadata = fields.metadata ?? {};
  }

  /** The answer to question `id`, or undefined when the response holds none. */
  answer(id: string): ClassificationAnswer | undefined {
    return Object.hasOwn(this.answers, id) ? this.answers[id] : undefined;
  }
}

/** A response whose fields are right by construction, made without parsing. Not exported from the package. */
export function trustedResponse(
  fields: Required<ClassificationResponseInit> & { readonly usage: ClassificationUsage },
): ClassificationResponse {
  const response = Object.create(ClassificationResponse.prototype) as {
    -readonly [K in keyof ClassificationResponse]: ClassificationResponse[K];
  };
  response.id = fields.id;
  response.requestId = fields.requestId;
  response.model = fields.model;
  response.provider = fields.provider;
  response.raw = fields.raw;
  response.answers = fields.answers;
  response.usage = fields.usage;
  response.metadata = fields.metadata;
  return response as ClassificationResponse;
}
