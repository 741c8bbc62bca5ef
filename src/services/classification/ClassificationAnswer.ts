import { z } from 'zod';
import { questionTypes, type QuestionType } from './ClassificationQuestion.js';
import { parseShape } from './shapeError.js';
import { lazySchema } from '../../validation/lazySchema.js';

/** The fields of an answer, as `new ClassificationAnswer(init)` takes them; a field left out is null. */
export interface ClassificationAnswerInit {
  /** The type of the question answered. */
  readonly type: QuestionType;
  /** Choice: the option chosen. */
  readonly choice?: string | null;
  /** Score: the position on the levels, from 0 to the top level (fractional between two levels). */
  readonly score?: number | null;
  /** Yes-no: the probability of yes, from 0 to 1. */
  readonly yesProbability?: number | null;
  /** Choice: option -> probability. Score: one probability per level, lowest first. */
  readonly probabilities?: Readonly<Record<string, number>> | readonly number[] | null;
  /** Score: the description of each level, as the question gave them. */
  readonly legend?: readonly unknown[] | null;
  /** How sure the classifier is, from 0 to 1, as it reported it; null when it reports none. */
  readonly confidence?: number | null;
  /** Details as plain data. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** The shape `new ClassificationAnswer(init)` accepts. */
export const classificationAnswerSchema = lazySchema(() =>
  z.strictObject({
    type: z.enum(questionTypes),
    choice: z.string().nullable().optional(),
    score: z.number().nullable().optional(),
    yesProbability: z.number().nullable().optional(),
    probabilities: z
      .union([z.record(z.string(), z.number()), z.array(z.number())])
      .nullable()
      .optional(),
    legend: z.array(z.unknown()).nullable().optional(),
    confidence: z.number().nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
);

const expected: Readonly<Record<string, string>> = {
  type: "'choice', 'score' or 'yesNo'",
  choice: 'the option name as a string, or null',
  score: 'a number, or null',
  yesProbability: 'a number from 0 to 1, or null',
  probabilities: 'a record of option -> number (choice), a list of numbers (score), or null',
  legend: 'a list of level descriptions, or null',
  confidence: 'a number from 0 to 1, or null',
  metadata: 'a record of plain data',
};

/**
 * A classifier's answer to one question. Which fields are filled depends on the question's type:
 *
 * | field | choice | score | yesNo |
 * |---|---|---|---|
 * | `choice` | the option | null | null |
 * | `score` | null | 0 .. levels - 1 | null |
 * | `yesProbability` | null | null | 0 .. 1 |
 * | `probabilities` | option -> p | one p per level | null |
 * | `legend` | null | the levels | null |
 * | `confidence` | 0 .. 1 | 0 .. 1 | null |
 *
 * `confidence` is whatever the classifier reports; standin never computes it for a real classifier.
 *
 * @example
 * ```ts
 * const answer = new ClassificationAnswer({ type: 'yesNo', yesProbability: 0.9 });
 * answer.value(); // 0.9
 * ```
 */
export class ClassificationAnswer {
  readonly type: QuestionType;
  readonly choice: string | null;
  readonly score: number | null;
  readonly yesProbability: number | null;
  readonly probabilities: Readonly<Record<string, number>> | readonly number[] | null;
  readonly legend: readonly unknown[] | null;
  readonly confidence: number | null;
  readonly metadata: Readonly<Record<string, unknown>>;

  /** @throws {StandinError} `K0002` when a field has the wrong type; the message names each. */
  constructor(init: ClassificationAnswerInit) {
    const fields = parseShape('K0002', 'answer', classificationAnswerSchema, init, expected);
    this.type = fields.type;
    this.choice = fields.choice ?? null;
    this.score = fields.score ?? null;
    this.yesProbability = fields.yesProbability ?? null;
    this.probabilities = fields.probabilities ?? null;
    this.legend = fields.legend ?? null;
    this.confidence = fields.confidence ?? null;
    this.metadata = fields.metadata ?? {};
  }

  /** The answer's value: the option (choice), the score (score) or the probability of yes (yesNo). */
  value(): string | number | null {
    if (this.type === 'choice') return this.choice;
    if (this.type === 'score') return this.score;
    return this.yesProbability;
  }
}

/** An answer right by construction (the fake's own), made without parsing; callers use the checked constructor. */
export function trustedAnswer(fields: Required<Omit<ClassificationAnswerInit, 'metadata'>>): ClassificationAnswer {
  const answer = Object.create(ClassificationAnswer.prototype) as {
    -readonly [K in keyof ClassificationAnswer]: ClassificationAnswer[K];
  };
  answer.type = fields.type;
  answer.choice = fields.choice;
  answer.score = fields.score;
  answer.yesProbability = fields.yesProbability;
  answer.probabilities = fields.probabilities;
  answer.legend = fields.legend;
  answer.confidence = fields.confidence;
  answer.metadata = {};
  return answer as ClassificationAnswer;
}
