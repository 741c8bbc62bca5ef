import { StandinError, bareMessage } from '../errors/StandinError.js';

/** The most scopes the ledger keeps; past it, a new scope's use is not kept (`reset` clears them). */
export const MAX_SCOPES = 100_000;
/** The most test author's errors kept per scope for verify; the rest are counted. */
export const MAX_ERRORS_PER_SCOPE = 20;

/** One request answered with a test author's error, as verify lists it. */
export interface WireErrorNote {
  /** The endpoint's path. */
  readonly path: string;
  /** The error's code, such as `T0013`. */
  readonly code: string;
  /** Its message's first line, without the code. */
  readonly message: string;
}

/** What the ledger keeps of one scope. */
interface ScopeUse {
  readonly models: Set<string>;
  readonly errors: WireErrorNote[];
  errorCount: number;
}

/**
 * Each scope's used model ids and the test author's errors answered there (T-codes, a classifier's K-codes, a `W0003`
 * 404 for a model scripted for other scopes). Verify fails on any, even one the client swallowed.
 */
export class ScopeLedger {
  readonly #scopes = new Map<string, ScopeUse>();
  readonly #word: (message: string) => string;

  /** `word` rewrites each error's message as verify reports it (the server's own scripts name their paths). */
  constructor(word: (message: string) => string = (message) => message) {
    this.#word = word;
  }

  /** Notes that a request ran in `scope`. */
  ran(scope: string): void {
    this.#use(scope);
  }

  /** Notes that a request in `scope` called `model`. */
  used(scope: string, model: string): void {
    this.#use(scope)?.models.add(model);
  }

  /** Notes `error` when it is a test author's error answered to a request in `scope`; answers whether it was one. */
  raised(scope: string, path: string, error: unknown): boolean {
    const found = authorsError(error);
    if (found === undefined) return false;
    this.note(scope, path, found);
    return true;
  }

  /** Notes a test author's error answered in `scope`, whatever its code. */
  note(scope: string, path: string, error: StandinError): void {
    const use = this.#use(scope);
    if (use === undefined) return;
    use.errorCount++;
    if (use.errors.length < MAX_ERRORS_PER_SCOPE)
      use.errors.push({ path, code: error.code, message: this.#word(bareMessage(error).split('\n', 1)[0]!) });
  }

  /** The scopes requests ran in, sorted. */
  get scopes(): string[] {
    return [...this.#scopes.keys()].sort();
  }

  /** The model ids requests in `scope` called. */
  models(scope: string): ReadonlySet<string> {
    return this.#scopes.get(scope)?.models ?? new Set();
  }

  /** Whether any request in any scope called `model`. */
  usedAnywhere(model: string): boolean {
    for (const use of this.#scopes.values()) if (use.models.has(model)) return true;
    return false;
  }

  /** The errors answered in `scope` (the first kept), and how many there were. */
  errors(scope: string): { readonly kept: readonly WireErrorNote[]; readonly count: number } {
    const use = this.#scopes.get(scope);
    return { kept: use?.errors ?? [], count: use?.errorCount ?? 0 };
  }

  /** Forgets `scope`, or every scope. */
  forget(scope?: string): void {
    if (scope === undefined) this.#scopes.clear();
    else this.#scopes.delete(scope);
  }

  #use(scope: string): ScopeUse | undefined {
    let use = this.#scopes.get(scope);
    if (use === undefined) {
      if (this.#scopes.size >= MAX_SCOPES) return undefined;
      use = { models: new Set(), errors: [], errorCount: 0 };
      this.#scopes.set(scope, use);
    }
    return use;
  }
}

/** The test author's error in `error` or its cause: T-codes and K0008, K0011, K0013. */
export function authorsError(error: unknown): StandinError | undefined {
  for (let at = error, depth = 0; at instanceof StandinError && depth < 4; at = at.cause, depth++) {
    const code = at.code;
    if (code.startsWith('T') || code === 'K0011' || code === 'K0013') return at;
    if (
      code === 'K0008' &&
      (at as { metadata?: { cause?: unknown } }).metadata?.cause === 'classification_script_exhausted'
    )
      return at;
  }
  return undefined;
}
