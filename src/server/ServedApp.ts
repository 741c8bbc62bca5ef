import type { TestApp } from '../testing/TestApp.js';
import type { ScriptBook } from './ScriptBook.js';

/** What answers a server's requests: the app each request runs on, held while it runs, and closing them all. */
export interface Serving {
  use<T>(fn: (app: TestApp) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** One app the server made, and the calls running on it. */
interface Made {
  readonly app: TestApp;
  readonly key: string;
  calls: number;
  retired: boolean;
}

/**
 * The app a server answers with. A given app is never disposed (its caller owns it); one the server makes is remade
 * when the scripted ids change, the old one disposed once its last call ends, so scripting leaks no containers.
 */
export class ServedApp implements Serving {
  readonly #given: TestApp | undefined;
  readonly #book: ScriptBook | undefined;
  readonly #make: ((models: readonly string[]) => TestApp) | undefined;
  #current: Made | undefined;
  readonly #running = new Set<Made>();
  readonly #disposals = new Set<Promise<void>>();

  constructor(
    settings:
      | { readonly given: TestApp }
      | { readonly book: ScriptBook; readonly make: (models: readonly string[]) => TestApp },
  ) {
    this.#given = 'given' in settings ? settings.given : undefined;
    this.#book = 'book' in settings ? settings.book : undefined;
    this.#make = 'make' in settings ? settings.make : undefined;
  }

  /** Runs `fn` on the app that answers now, holding that app until `fn` settles. */
  async use<T>(fn: (app: TestApp) => Promise<T>): Promise<T> {
    if (this.#given !== undefined) return fn(this.#given);
    const made = this.#now();
    made.calls++;
    this.#running.add(made);
    try {
      return await fn(made.app);
    } finally {
      made.calls--;
      if (made.calls === 0) {
        this.#running.delete(made);
        if (made.retired) this.#dispose(made.app);
      }
    }
  }

  /** Disposes every app the server made (never a given one): now when idle, else once its last call ends. */
  async close(): Promise<void> {
    const current = this.#current;
    this.#current = undefined;
    if (current !== undefined && current.calls === 0) this.#dispose(current.app);
    else if (current !== undefined) current.retired = true;
    for (const made of this.#running) made.retired = true;
    await Promise.all(this.#disposals);
  }

  #now(): Made {
    const book = this.#book!;
    const key = book.key;
    const current = this.#current;
    if (current !== undefined && current.key === key) return current;
    const made: Made = { app: this.#make!(book.models()), key, calls: 0, retired: false };
    this.#current = made;
    if (current !== undefined) {
      if (current.calls === 0) this.#dispose(current.app);
      else current.retired = true;
    }
    return made;
  }

  #dispose(app: TestApp): void {
    const done = app.dispose().finally(() => this.#disposals.delete(done));
    this.#disposals.add(done);
  }
}
