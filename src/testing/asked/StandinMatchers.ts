import type { SentReplyRequest } from '../../fakes/model/sentRequest.js';
import type { App } from '../../services/app/App.js';
import type { ClassificationQuestion } from '../../services/classification/ClassificationQuestion.js';
import type { JudgeOptions } from '../judge/readJudge.js';

/**
 * The part of a reply request `toHaveBeenAskedWith` looks for: any of a request's fields, each
 * a value or an asymmetric matcher (`expect.stringContaining('refund')`); objects match partly.
 */
export type AskedRequest = { readonly [K in keyof SentReplyRequest]?: unknown };

/**
 * The matchers `standin/vitest` and `standin/jest` add to `expect`, as each runner's types declare
 * them (`R` is what the runner's matchers return).
 *
 * @example
 * ```ts
 * expect(writer).toHaveBeenAsked(2);
 * expect({ app, model: 'writer' }).toHaveBeenAskedWith({ instructions: 'Be brief.' });
 * expect(writer).toHaveCalledTool('findInGuide', { words: 'reset a password' });
 * await expect({ server, model: 'gpt-4.1-mini', scope: 'test-1' }).toHaveAnsweredAll();
 * await expect(run).toPassJudge(app, Q.yesNo('Does the answer cite the guide?'), { atLeast: 0.8 });
 * ```
 */
export interface StandinMatchers<R = void> {
  /** The subject was asked for a reply: at least once, or exactly `times` times. */
  toHaveBeenAsked(times?: number): R;
  /** One of the subject's reply requests holds `request`: each field it names is equal, objects partly. */
  toHaveBeenAskedWith(request: AskedRequest): R;
  /** The model called tool `name` (with an input that holds `input`, when given). */
  toHaveCalledTool(name: string, input?: unknown): R;
  /** The subject gave every answer it was scripted with: await it. */
  toHaveAnsweredAll(): Promise<void>;
  /**
   * The reply (a text, a reply or run result) passes the judge: the app's classifier, asked
   * `question` about it (`options.repeat` times), gives a probability of at least `options.atLeast`
   * (their mean, or with `majority` more than half of them). Await it.
   */
  toPassJudge(app: App, question: ClassificationQuestion, options: JudgeOptions): Promise<void>;
}

/** The matchers that also work inside other matchers (`expect.objectContaining({ fake: expect.toHaveBeenAsked() })`). */
export type StandinAsymmetricMatchers = Omit<StandinMatchers<unknown>, 'toHaveAnsweredAll' | 'toPassJudge'>;
