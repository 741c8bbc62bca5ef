import { StandinError } from '../../errors/StandinError.js';
import type { ClassificationAdapter, ClassifyCallOptions } from '../../services/spec/ClassificationAdapter.js';
import type { ClassificationRequest } from '../../services/classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../../services/classification/ClassificationResponse.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';

/**
 * Stands in for the classifier when a test gave some scopes scripts of their own
 * (`app.scope('req-1').fakeClassifier(script)`): a call in such a scope goes to that scope's
 * fake; a call in any other scope to the classifier faked for every scope, or fails with `T0042`
 * when there is none — never on to a real classifier, which the guard would not see.
 *
 * @example
 * ```ts
 * const router = new ScopeClassifier(undefined);
 * router.scoped.set('req-1', new FakeClassification({ script }));
 * ```
 */
export class ScopeClassifier implements ClassificationAdapter {
  readonly real = false;
  readonly provider = 'fake';
  /** The fake for every scope without a script of its own: `app.fakeClassifier`'s. */
  base: ClassificationAdapter | undefined;
  /** Each scope's own fake. */
  readonly scoped = new Map<string, ClassificationAdapter>();

  constructor(base: ClassificationAdapter | undefined) {
    this.base = base;
  }

  async classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    const scope = opts?.context?.scope ?? opts?.adapterOpts?.scope ?? DEFAULT_SCOPE;
    const classifier = this.scoped.get(scope) ?? this.base;
    if (classifier !== undefined) return classifier.classify(request, opts);
    const where = scope === DEFAULT_SCOPE ? 'outside any scope' : `in scope '${scope}'`;
    const scripted = [...this.scoped.keys()].map((name) => `'${name}'`).join(', ');
    throw new StandinError(
      'T0042',
      `The classifier is faked for scope${this.scoped.size === 1 ? '' : 's'} ${scripted} only, and was called ${where}. Fake it for this scope too (app.scope('${scope || 'name'}').fakeClassifier(script)), or for every other scope (app.fakeClassifier(script)).`,
    );
  }
}
