/*
 * A classification request and its answers as the classification protocols (TypeSafe's System One,
 * the Decisions API) carry them: what each protocol's codecs write from and read into, on both
 * sides. Plain data, shaped as the classifier contract's own classes are, so the adapter hands its
 * request's questions as they are.
 */

/** What a classifier classifies: a text, or structured JSON (an object or a list). */
export type ClassifiedState = string | Readonly<Record<string, unknown>> | readonly unknown[];

/** What a question asks: a text, or structured JSON. */
export type Instructions = string | Readonly<Record<string, unknown>> | readonly unknown[];

/** One question's criteria: a choice's options, a score's levels lowest first, a yes-no's meanings, or `null`. */
export interface AskedQuestion {
  readonly type: 'choice' | 'score' | 'yesNo';
  readonly instructions: Instructions;
  readonly criteria:
    Readonly<Record<string, unknown>> | readonly unknown[] | { readonly true?: string; readonly false?: string } | null;
}

/** A classification request: the model asked (none when a client names none), the state and the questions by id. */
export interface Classification {
  readonly model?: string | undefined;
  readonly state: ClassifiedState;
  readonly questions: Readonly<Record<string, AskedQuestion>>;
}

/** One question's answer: its type's fields, as the classifier contract's answers hold them. */
export type ClassifiedAnswer =
  | {
      readonly type: 'choice';
      readonly choice: string;
      /** Option -> probability, for every option. */
      readonly probabilities: Readonly<Record<string, number>>;
      readonly confidence: number;
    }
  | {
      readonly type: 'score';
      /** The position on the levels, from 0 to the top level. */
      readonly score: number;
      /** One probability per level, lowest first. */
      readonly probabilities: readonly number[];
      /** The levels, as the question gave them. */
      readonly legend: readonly unknown[];
      readonly confidence: number;
    }
  | { readonly type: 'yesNo'; readonly yesProbability: number };

/** Token counts, each null when the reply gives none. */
export interface ClassifiedUsage {
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly totalTokens: number | null;
}

/** A classification reply: the answers by question id, the questions the model refused, the usage. */
export interface Classified {
  /** The model that answered, when the reply names one. */
  readonly model?: string | undefined;
  /** One answer per question answered, in the questions' order. */
  readonly answers: Readonly<Record<string, ClassifiedAnswer>>;
  /** The ids of the questions the model declined to answer, in order (the Decisions API's refusals). */
  readonly refused: readonly string[];
  readonly usage: ClassifiedUsage;
}
