import { FakeClassifier } from '../fakes/classification/FakeClassifier.js';
import type { ClassificationScriptEntry } from '../fakes/script/scriptEntry.js';
import { isFitting, type Fitting } from '../fakes/fitting/fitting.js';
import type { Classifier, ClassifyCallOptions } from '../services/spec/Classifier.js';
import type { ClassificationRequest } from '../services/classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../services/classification/ClassificationResponse.js';
import type { CursorStore } from '../services/cursors/CursorStore.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';

/** A wire server's classifier scripts, one fake per scope, so a script loaded for one scope never answers another. */
export class ClassifierBook {
  readonly #store: CursorStore;
  #shared: FakeClassifier;
  readonly #scoped = new Map<string, FakeClassifier>();

  constructor(store: CursorStore) {
    this.#store = store;
    this.#shared = new FakeClassifier({ store });
  }

  /** Scripts the classifier for every scope or one, replacing the earlier script there. */
  fake(script: readonly ClassificationScriptEntry[] | Fitting | undefined, scope?: string): FakeClassifier {
    const store = this.#store;
    const fake = new FakeClassifier(
      isFitting(script) ? { store, fitting: true } : script === undefined ? { store } : { script, store },
    );
    if (scope === undefined) this.#shared = fake;
    else this.#scoped.set(scope, fake);
    return fake;
  }

  /** Forgets the scripts of `scope`, or of every scope; the script for every scope stays. */
  forget(scope?: string): void {
    if (scope === undefined) this.#scoped.clear();
    else this.#scoped.delete(scope);
  }

  /** Forgets the script for every scope: the classifier answers with its defaults there again. */
  forgetDefault(): void {
    this.#shared = new FakeClassifier({ store: this.#store });
  }

  /** The scopes that have a classifier script of their own. */
  get scopes(): string[] {
    return [...this.#scoped.keys()];
  }

  /** The classifier the server's app binds: the fake of the call's scope answers. */
  readonly adapter: Classifier = {
    real: false,
    provider: 'fake',
    classify: (request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> => {
      const scope = opts?.context?.scope ?? DEFAULT_SCOPE;
      return (this.#scoped.get(scope) ?? this.#shared).classify(request, opts);
    },
  };
}
