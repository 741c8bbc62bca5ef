import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { isPlainObject, show } from './shapeError.js';
import { lazySchema } from '../../validation/lazySchema.js';

/** The three kinds of question a classifier answers. */
export const questionTypes = ['choice', 'score', 'yesNo'] as const;

/** `'choice'` (one of named options), `'score'` (a position on ordered levels) or `'yesNo'` (a probability of yes). */
export type QuestionType = (typeof questionTypes)[number];

/** What a question asks, for the classifier: a string, or structured JSON (an object or a list). */
export type QuestionInstructions = string | Readonly<Record<string, unknown>> | readonly unknown[];

/** A choice question's options: option name -> its description (`null` when it has none). */
export type ChoiceCriteria = Readonly<Record<string, unknown>>;

/**
 * A score question's levels, lowest first: the index of a level is its score. Each is a description (a string or
 * structured JSON).
 */
export type ScoreCriteria = readonly unknown[];

/** What yes and no mean for a yes-no question, when it says. */
export interface YesNoCriteria {
  /** What a yes means. */
  readonly true?: string;
  /** What a no means. */
  readonly false?: string;
}

/** The fields of a question, as `new ClassificationQuestion(init)` takes them. */
export interface ClassificationQuestionInit {
  /** The kind of question. */
  readonly type: QuestionType;
  /** What the question asks. */
  readonly instructions: QuestionInstructions;
  /** Options (choice), levels (score) or labels (yes-no); a yes-no question may leave it out. */
  readonly criteria?: ChoiceCriteria | ScoreCriteria | YesNoCriteria | null;
}

/** The labels `ClassificationQuestion.yesNo` takes. */
export const yesNoLabelsSchema = lazySchema(() =>
  z.strictObject({ true: z.string().optional(), false: z.string().optional() }),
);

const initKeys = new Set(['type', 'instructions', 'criteria']);

/**
 * One typed question a classifier answers about a state. Build it with {@link ClassificationQuestion.choice},
 * {@link ClassificationQuestion.score} or {@link ClassificationQuestion.yesNo}; the constructor
 * takes the fields as they are and checks nothing, as `validateClassificationRequest` does that.
 *
 * @example
 * ```ts
 * const questions = {
 *   team: ClassificationQuestion.choice('Which team?', ['billing', 'technical']),
 *   frustration: ClassificationQuestion.score('How frustrated?', ['Calm', 'Annoyed', 'Angry']),
 *   refund: ClassificationQuestion.yesNo('Is a refund requested?'),
 * };
 * ```
 */
export class ClassificationQuestion {
  /** The kind of question. */
  readonly type: QuestionType;
  /** What the question asks. */
  readonly instructions: QuestionInstructions;
  /** Options (choice: name -> description), levels (score: descriptions, lowest first) or labels (yes-no), or null. */
  readonly criteria: ChoiceCriteria | ScoreCriteria | YesNoCriteria | null;

  constructor(init: ClassificationQuestionInit) {
    if (!isPlainObject(init)) {
      throw new StandinError(
        'K0001',
        `new ClassificationQuestion(init): init must be an object { type, instructions, criteria? }, got ` +
          `${show(init)}.`,
      );
    }
    for (const key of Object.keys(init)) {
      if (!initKeys.has(key)) {
        throw new StandinError(
          'K0001',
          `new ClassificationQuestion(init): unknown key '${key}'. Allowed keys: type, instructions, criteria.`,
        );
      }
    }
    this.type = init.type;
    this.instructions = init.instructions;
    this.criteria = init.criteria ?? null;
  }

  /**
   * A question answered by one of `options`: a list of names, or a record of name -> description.
   * An option named twice is rejected (`K0001`).
   *
   * @example
   * ```ts
   * ClassificationQuestion.choice('Which team?', ['billing', 'technical']);
   * ClassificationQuestion.choice('Which team?', { billing: 'Charges and refunds', technical: 'Bugs and outages' });
   * ```
   */
  static choice(
    instructions: QuestionInstructions,
    options: readonly string[] | Readonly<Record<string, unknown>>,
  ): ClassificationQuestion {
    if (Array.isArray(options)) {
      const criteria: Record<string, null> = {};
      options.forEach((name: unknown, index) => {
        if (typeof name !== 'string') {
          throw new StandinError(
            'K0001',
            `ClassificationQuestion.choice: options[${index}] must be an option name (a string), got ${show(name)}. ` +
              `Write the options as ['billing', 'technical'], or as a record { billing: 'description' }.`,
          );
        }
        refuseProtoName(name);
        if (Object.hasOwn(criteria, name)) {
          throw new StandinError(
            'K0001',
            `ClassificationQuestion.choice: the option name ${JSON.stringify(name)} appears twice ` +
              `(options[${options.indexOf(name)}] and options[${index}]); option names must not collide. Name each ` +
              `option once.`,
          );
        }
        criteria[name] = null;
      });
      return new ClassificationQuestion({ type: 'choice', instructions, criteria });
    }
    if (!isPlainObject(options)) {
      throw new StandinError(
        'K0001',
        `ClassificationQuestion.choice: options must be a list of names or a record of name -> description, got ` +
          `${show(options)}. Write ['billing', 'technical'], or { billing: 'Charges and refunds' }.`,
      );
    }
    if (Object.hasOwn(options, '__proto__')) refuseProtoName('__proto__');
    return new ClassificationQuestion({ type: 'choice', instructions, criteria: { ...options } });
  }

  /**
   * A question answered by a position on `levels`, lowest first: a score from 0 to `levels.length - 1`,
   * with a probability per level.
   *
   * @example
   * ```ts
   * ClassificationQuestion.score('How frustrated is the customer?', ['Calm', 'Annoyed', 'Angry']);
   * ```
   */
  static score(instructions: QuestionInstructions, levels: readonly unknown[]): ClassificationQuestion {
    if (!Array.isArray(levels)) {
      throw new StandinError(
        'K0001',
        `ClassificationQuestion.score: levels must be a list of level descriptions, lowest first, got ` +
          `${show(levels)}. Write ['Calm', 'Annoyed', 'Angry'].`,
      );
    }
    return new ClassificationQuestion({ type: 'score', instructions, criteria: [...levels] });
  }

  /**
   * A question answered by the probability of yes, optionally saying what yes and no mean.
   *
   * @example
   * ```ts
   * ClassificationQuestion.yesNo('Is a refund requested?');
   * ClassificationQuestion.yesNo('Is a refund requested?', { true: 'The customer asks for money back' });
   * ```
   */
  static yesNo(instructions: QuestionInstructions, labels?: YesNoCriteria): ClassificationQuestion {
    if (labels === undefined) return new ClassificationQuestion({ type: 'yesNo', instructions, criteria: null });
    const parsed = yesNoLabelsSchema.safeParse(labels);
    if (!parsed.success) {
      const unknown = isPlainObject(labels)
        ? Object.keys(labels).filter((key) => key !== 'true' && key !== 'false')
        : [];
      const what =
        unknown.length > 0
          ? `unknown label ${unknown.map((k) => `'${k}'`).join(', ')}`
          : `labels must be an object whose 'true' and 'false' are strings, got ${show(labels)}`;
      throw new StandinError(
        'K0001',
        `ClassificationQuestion.yesNo: ${what}. Write { true: 'what yes means', false: 'what no means' }, either may ` +
          `be left out.`,
      );
    }
    const criteria: { true?: string; false?: string } = {};
    if (parsed.data.true !== undefined) criteria.true = parsed.data.true;
    if (parsed.data.false !== undefined) criteria.false = parsed.data.false;
    return new ClassificationQuestion({ type: 'yesNo', instructions, criteria });
  }
}

/** `'__proto__'` cannot be an option name: every record built from the options would take it for its prototype. */
function refuseProtoName(name: string): void {
  if (name === '__proto__') {
    throw new StandinError(
      'K0001',
      "ClassificationQuestion.choice: '__proto__' cannot be an option name: an answer's probabilities would lose it. " +
        'Name the option otherwise.',
    );
  }
}
