import { ContainerModule } from 'inversify';
import type { Classifier } from '../services/spec/Classifier.js';
import type { Clock } from '../services/clock/Clock.js';
import type { CursorStore } from '../services/cursors/CursorStore.js';
import { createTestApp } from '../testing/createTestApp.js';
import type { TestApp } from '../testing/TestApp.js';
import { Tokens } from '../tokens/Tokens.js';
import type { ScriptBook } from './ScriptBook.js';

/** The provider name the server's own app gives every model: its scripts, never a real adapter. */
export const WIRE_PROVIDER = 'standin-wire';

/**
 * The test app a wire server that owns its app answers with: one model per scripted model id, each of provider
 * `standin-wire` (the script book's provider), the book's cursor store, and a real clock, and the server's classifier
 * (its scripts per scope), so an answer's `delayMs` is a real wait on the wire. The engine never retries (the server
 * calls with `retry: false`): clients do.
 */
export function ownApp(
  book: ScriptBook,
  store: CursorStore,
  clock: Clock,
  models: readonly string[],
  classifier: Classifier,
): TestApp {
  const app = createTestApp(
    { models: Object.fromEntries(models.map((id) => [id, { provider: WIRE_PROVIDER, model: id }])) },
    new ContainerModule(({ bind, rebind }) => {
      rebind(Tokens.Clock).toConstantValue(clock);
      rebind(Tokens.CursorStore).toConstantValue(store);
      bind(Tokens.Provider).toConstantValue(book.provider).whenNamed(WIRE_PROVIDER);
    }),
  );
  app.container.rebind(Tokens.Classifier).toConstantValue(classifier);
  return app;
}
