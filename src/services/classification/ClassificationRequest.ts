import { StandinError } from '../../errors/StandinError.js';
import { closest } from '../../validation/formatPath.js';
import type { ClassificationQuestion } from './ClassificationQuestion.js';
import { isPlainObject, show } from './shapeError.js';

/** What a classifier classifies: a text, or structured JSON (an object or a list). */
export type ClassificationState = string | Readonly<Record<string, unknown>> | readonly unknown[];

/** The fields of a request, as `new ClassificationRequest(init)` takes them. */
export interface ClassificationRequestInit {
  /** What to classify. */
  readonly state: ClassificationState;
  /** Question id -> question. Ids are non-empty strings. */
  readonly questions: Readonly<Record<string, ClassificationQuestion>>;
  /** The classifier's model, when the caller picks one; the classifier's default otherwise. */
  readonly model?: string | null;
  /** Provider-specific options, handed to the classifier as they are. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** The caller's own data: handed back on the response, never sent. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

const initKeys = new Set(['state', 'questions', 'model', 'options', 'metadata']);

/**
 * A classification request: the state to classify and the typed questions to answer about it. The constructor takes the
 * fields as they are (an empty `questions` included), so `validateClassificationRequest` can say everything that is
 * wrong with a request at once; only an unknown key throws (`K0003`).
 *
 * @example
 * ```ts
 * const request = new ClassificationRequest({
 *   state: 'My card was charged twice.',
 *   questions: { team: ClassificationQuestion.choice('Which team?', ['technical', 'billing']) },
 *   metadata: { ticket: 42 },
 * });
 * ```
 */
export class ClassificationRequest {
  readonly state: ClassificationState;
  readonly questions: Readonly<Record<string, ClassificationQuestion>>;
  readonly model: string | null;
  readonly options: Readonly<Record<string, unknown>>;
  readonly metadata: Readonly<Record<string, unknown>>;

  constructor(init: ClassificationRequestInit) {
    if (!isPlainObject(init)) {
      throw new StandinError(
        'K0003',
        `new ClassificationRequest(init): init must be an object { state, questions, model?, options?, metadata? }, ` +
          `got ${show(init)}.`,
      );
    }
    for (const key in init) {
      if (!initKeys.has(key)) {
        const guess = closest(key, [...initKeys]);
        throw new StandinError(
          'K0003',
          `new ClassificationRequest(init): unknown key '${key}'.${guess ? ` Did you mean '${guess}'?` : ''} Allowed ` +
            `keys: ${[...initKeys].join(', ')}.`,
        );
      }
    }
    this.state = init.state;
    this.questions = init.questions === undefined ? {} : init.questions;
    this.model = init.model ?? null;
    this.options = init.options ?? {};
    this.metadata = init.metadata ?? {};
  }
}
