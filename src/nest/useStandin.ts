import type { App } from '../services/app/App.js';
import { STANDIN_APP } from './nestTokens.js';

/** What `useStandin` needs of Nest's `TestingModuleBuilder`, so this entry does not import @nestjs/testing. */
export interface OverridableBuilder<B> {
  overrideProvider(token: unknown): { useValue(value: unknown): B };
}

/**
 * Puts `app` (a test app with its fakes) in place of the standin app of a Nest testing module:
 * the whole standin graph — the engine, the cursor store, the classifier, what Nest injects and
 * what standin resolves for itself — is then the test app's. Overriding one bridged token alone
 * would change only what Nest injects, and leave standin's own calls on the real service.
 *
 * @example
 * ```ts
 * const app = createTestApp(config);
 * app.fake('writer', [{ text: 'Hello' }]);
 * const moduleRef = await useStandin(Test.createTestingModule({ imports: [AppModule] }), app).compile();
 * ```
 */
export function useStandin<B extends OverridableBuilder<B>>(builder: B, app: App): B {
  return builder.overrideProvider(STANDIN_APP).useValue(app);
}
