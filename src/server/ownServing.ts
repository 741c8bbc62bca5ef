import type { Gates } from '../fakes/gates/Gates.js';
import { SystemClock } from '../services/clock/SystemClock.js';
import { MemoryCursorStore } from '../services/cursors/MemoryCursorStore.js';
import { ClassifierBook } from './ClassifierBook.js';
import type { FakeServerSettings } from './FakeServerSettings.js';
import { ownApp } from './ownApp.js';
import { ScriptBook } from './ScriptBook.js';
import { DEFAULT_SENT_BYTES, DEFAULT_SENT_LIMIT } from './SentLog.js';
import { ServedApp } from './ServedApp.js';

/** What a server owning its app serves from: one store, the script and classifier books, the apps, the system clock. */
export function ownServing(settings: FakeServerSettings, gates: Gates) {
  const store = new MemoryCursorStore();
  const clock = new SystemClock();
  const book = new ScriptBook(
    store,
    clock,
    settings.sentLimit ?? DEFAULT_SENT_LIMIT,
    settings.sentBytes ?? DEFAULT_SENT_BYTES,
    gates,
  );
  const classifiers = new ClassifierBook(store);
  const served = new ServedApp({ book, make: (models) => ownApp(book, store, clock, models, classifiers.adapter) });
  return { store, book, classifiers, served };
}
