import { ContainerModule } from 'inversify';
import {
  Tokens,
  type Classifier,
  type ClassificationRequest,
  type ClassificationResponse,
  type ClassifyCallOptions,
  type CursorStore,
} from 'standin';
import { FakeClassifier, type ClassificationScriptEntry } from 'standin/testing';
import { exampleTickets } from '../exampleTickets.js';
import { exampleScripts, otherTicketTriage } from './exampleScripts.js';

/**
 * The demo's classifier: a scripted {@link FakeClassifier} per script, picked by the ticket's
 * text — the example ticket's own script, or for any other ticket one picked by its words. One
 * script cannot serve several tickets when every request starts its cursors afresh (each HTTP
 * request is a scope of its own), so each ticket goes to the fake scripted for it. The fakes keep
 * their cursors in the app's cursor store, per request scope.
 *
 * @example
 * ```ts
 * const app = createTestApp(config, exampleTriageModule());
 * (await app.classify(exampleTickets[0].message, triageQuestions)).answer('team')?.choice; // 'billing'
 * ```
 */
export class ExampleTriage implements Classifier {
  readonly real = false;
  readonly provider = 'fake';
  readonly #store: CursorStore;
  /** One fake per script, made when a ticket first needs it. */
  readonly #fakes = new Map<ClassificationScriptEntry, FakeClassifier>();
  readonly #byMessage: ReadonlyMap<string, ClassificationScriptEntry>;

  constructor(store: CursorStore) {
    this.#store = store;
    this.#byMessage = new Map(
      exampleTickets.flatMap((t) =>
        exampleScripts[t.id] === undefined ? [] : [[t.message, exampleScripts[t.id]!.triage]],
      ),
    );
  }

  classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    const message = typeof request.state === 'string' ? request.state.trim() : JSON.stringify(request.state);
    const entry = this.#byMessage.get(message) ?? otherTicketTriage(message);
    let fake = this.#fakes.get(entry);
    if (fake === undefined) {
      fake = new FakeClassifier({ script: [entry], store: this.#store });
      this.#fakes.set(entry, fake);
    }
    return fake.classify(request, opts);
  }
}

/**
 * Binds {@link ExampleTriage} at `Tokens.Classifier`, on the container's cursor store.
 *
 * @example
 * ```ts
 * const app = createApp(config, exampleTriageModule());
 * ```
 */
export function exampleTriageModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(Tokens.Classifier)
      .toDynamicValue((context) => new ExampleTriage(context.get(Tokens.CursorStore)))
      .inSingletonScope();
  });
}
