import type { ClassificationRequest } from '../../services/classification/ClassificationRequest.js';

/**
 * One call a scripted classifier was asked, as `FakeClassification.sent` lists it: the request
 * (state, questions, model, metadata), and where the call came from, as a faked model's `sent`
 * says it. Never the call's options or its capture callback.
 *
 * @example
 * ```ts
 * const fake = app.fakeClassifier([{ answers: { team: 'billing' } }]);
 * await app.classify('My card was charged twice.', questions);
 * fake.sent[0]?.request.state; // 'My card was charged twice.'
 * ```
 */
export interface ClassificationSent {
  /** What the classifier was asked. */
  readonly request: ClassificationRequest;
  /** The cursor scope of the call (`''` outside any scope, and for a direct call that names none). */
  readonly scope: string;
  /** The step's key (`''` for a direct call without a context). */
  readonly step: string;
  /** Which attempt at the classifier this was, from 1. */
  readonly attempt: number;
}
