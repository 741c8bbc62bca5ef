/** Checking a scripts document whole before any of it lands, so a document refused halfway changes nothing. */

import { MemoryCursorStore } from '../services/cursors/MemoryCursorStore.js';
import { SystemClock } from '../services/clock/SystemClock.js';
import type { Scripts } from './scriptsSchema.js';
import { ClassifierBook } from './ClassifierBook.js';
import { loadScripts } from './loadScripts.js';
import { ScriptBook } from './ScriptBook.js';

/**
 * Loads `scripts` (for `scope`, or for every scope) onto throwaway books, throwing what loading them would throw.
 *
 * @throws {WireError} `W0008` naming the path of the problem and the fix; `W0016` for a malformed classifier `fail`
 * entry.
 */
export function checkScripts(scripts: Scripts, scope: string | undefined): void {
  const scratch = new MemoryCursorStore();
  const books = { models: new ScriptBook(scratch, new SystemClock(), 0, 0), classifiers: new ClassifierBook(scratch) };
  loadScripts(
    {
      fake: (model, answers) => books.models.fake(model, answers),
      fakeClassifier: (script) => books.classifiers.fake(script),
    },
    scripts,
    scope,
  );
}
