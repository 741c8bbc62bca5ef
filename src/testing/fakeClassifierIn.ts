import type { Container } from 'inversify';
import { StandinError } from '../errors/StandinError.js';
import { FakeClassifier } from '../fakes/classification/FakeClassifier.js';
import { FunctionClassifier, type ClassifierFunction } from '../fakes/classification/FunctionClassifier.js';
import type { ClassificationScriptEntry } from '../fakes/script/scriptEntry.js';
import { sharedScriptsOf } from '../fakes/shared/bindSharedFakes.js';
import { SharedClassifier } from '../fakes/shared/SharedClassifier.js';
import { scriptedLayer } from '../fakes/slot/layers.js';
import { slotsOf } from '../fakes/slot/Slots.js';
import { Tokens } from '../tokens/Tokens.js';
import { isFitting, type Fitting } from '../fakes/fitting/fitting.js';

/**
 * Puts a scripted classifier on `container`'s classifier slot, for `app.fakeClassifier`: published
 * in a Redis namespace (a function or `fitting()` refused there, `D0006`), else kept in the
 * container's cursor store. Given `fitting()`, every question gets its fitting answer.
 *
 * @example
 * ```ts
 * const fake = fakeClassifierIn(app.container, [{ answers: { team: 'billing' } }]);
 * ```
 */
export function fakeClassifierIn(
  container: Container,
  script: readonly ClassificationScriptEntry[] | ClassifierFunction | Fitting | undefined,
): FakeClassifier | FunctionClassifier {
  const shared = sharedScriptsOf(container);
  if (shared !== undefined && isFitting(script)) {
    throw new StandinError(
      'D0006',
      'app.fakeClassifier(fitting()): this app shares its scripts through a Redis namespace, and fitting() is ' +
        'answered in the process that made it. Give a script of { answers }, { error } and { retryUntilCall } entries.',
    );
  }
  if (isFitting(script)) {
    const fake = new FakeClassifier({ store: container.get(Tokens.CursorStore), fitting: true });
    slotsOf(container)
      .classifierSlot()
      .put(scriptedLayer('fake', fake, 'app.fakeClassifier(fitting())'));
    return fake;
  }
  if (shared !== undefined) {
    if (typeof script === 'function') {
      throw new StandinError(
        'D0006',
        'app.fakeClassifier(fn): this app shares its scripts through a Redis namespace, and a function cannot ' +
          'cross processes. Give a script of { answers }, { error } and { retryUntilCall } entries.',
      );
    }
    const published = new SharedClassifier(shared, script ?? []);
    slotsOf(container)
      .classifierSlot()
      .put(scriptedLayer('fake', published, 'app.fakeClassifier(script)'));
    return published;
  }
  const store = container.get(Tokens.CursorStore);
  const fake =
    typeof script === 'function'
      ? new FunctionClassifier(script)
      : new FakeClassifier(script === undefined ? { store } : { script, store });
  slotsOf(container)
    .classifierSlot()
    .put(scriptedLayer('fake', fake, 'app.fakeClassifier(script)'));
  return fake;
}
