/**
 * Who grades the help desk's answers in its judged tests: in a nightly run (`HELPDESK_NIGHTLY=1`,
 * with `TYPESAFE_API_KEY`), TypeSafe's classifier; otherwise (`npm test`) a test app whose
 * classifier answers as `fitting()` does: deterministic, free, no network.
 */
import { createApp, type App } from 'standin';
import { createTestApp, fitting } from 'standin/testing';

/** The environment the choice reads. */
export interface GradersEnv {
  /** `1` grades with TypeSafe's classifier, for real. */
  readonly HELPDESK_NIGHTLY?: string | undefined;
  /** TypeSafe's key, for a nightly run. */
  readonly TYPESAFE_API_KEY?: string | undefined;
}

/**
 * The app whose classifier grades: TypeSafe's in a nightly run, fitting's fake otherwise.
 *
 * @example
 * ```ts
 * await expect(reply.answer).toPassJudge(graders(), Q.yesNo('Is it kind?'), { atLeast: 0.8, repeat: 3, majority: true });
 * ```
 */
export function graders(env: GradersEnv = process.env): App {
  if (env.HELPDESK_NIGHTLY !== '1') {
    const app = createTestApp({});
    app.fakeClassifier(fitting());
    return app;
  }
  const key = env.TYPESAFE_API_KEY?.trim();
  if (!key) throw new Error('HELPDESK_NIGHTLY=1 grades with the TypeSafe classifier: set TYPESAFE_API_KEY too.');
  return createApp({ classifier: { provider: 'typesafe' }, providers: { typesafe: { apiKey: key } } });
}
