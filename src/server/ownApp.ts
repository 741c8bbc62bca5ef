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
 * The app of a server owning its app: a model per scripted id on the book's provider and store, the server's
 * classifier, and a real clock, so `delayMs` is a real wait. Calls go with `retry: false`: clients retry.
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
