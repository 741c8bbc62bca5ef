import { randomUUID } from 'node:crypto';
import type { Code } from '../../errors/catalog.js';
import { StandinError, bareMessage } from '../../errors/StandinError.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { Finding } from './Finding.js';

/** The most raised errors a fake keeps for `verify`: the first ones, which tell the most. */
export const MAX_RAISED = 100;

/** One call that raised a test author's error. */
export interface RaisedError {
  /** The scope the call ran in (`''` outside any scope). */
  readonly scope: string;
  /** The call, as a message names it: `step 'call:…#3' (attempt 1)`, `request 'r-1'`. */
  readonly call: string;
  readonly error: StandinError;
  /** Tells one raising apart from every other, in this process and in a namespace's record of it. */
  readonly id?: string | undefined;
}

/** The errors `verify` reports: the ones kept, in the order raised, and how many were raised in all. */
export interface RaisedView {
  readonly kept: readonly RaisedError[];
  readonly count: number;
}

/**
 * The test author's errors a fake raised, kept so `verify()` fails even when the app caught one and answered a 500.
 * Keeps the first {@link MAX_RAISED}, counts the rest.
 */
export class RaisedErrors {
  readonly #kept: RaisedError[] = [];
  #count = 0;

  /** Keeps a test author's error, with an id so a namespace may record it too; undefined for any other error. */
  note(
    error: unknown,
    where: { readonly scope: string; readonly call: string },
    isAuthors: (error: StandinError) => boolean = testAuthors,
  ): RaisedError | undefined {
    if (!(error instanceof StandinError) || !isAuthors(error)) return undefined;
    this.#count++;
    const raised: RaisedError = { scope: where.scope, call: where.call, error, id: randomUUID() };
    if (this.#kept.length < MAX_RAISED) this.#kept.push(raised);
    return raised;
  }

  /** What was kept, in the order it was raised. */
  get errors(): readonly RaisedError[] {
    return [...this.#kept];
  }

  /** What `verify` reports of this process's calls: the kept errors and the count of all. */
  view(): RaisedView {
    return { kept: [...this.#kept], count: this.#count };
  }

  /** Forgets every error kept and counted, as a fake's `forget()` does between tests. */
  clear(): void {
    this.#kept.length = 0;
    this.#count = 0;
  }

  /** One finding per kept error (in `scope`, when one is named): see {@link raisedFindings}. */
  findings(code: Code, scope?: string): Finding[] {
    return raisedFindings(this.view(), code, scope);
  }

  /** Throws `code` listing the kept errors: see {@link checkRaised}. */
  check(code: Code, owner: string, scope?: string): void {
    checkRaised(this.view(), code, owner, scope);
  }
}

/** One finding per kept error; those past the limit as one more finding in the default scope. */
export function raisedFindings(view: RaisedView, code: Code, scope?: string): Finding[] {
  const kept = inScope(view, scope);
  const found: Finding[] = kept.map((raised) => ({ scope: raised.scope, code, line: raisedLine(raised) }));
  const more = countIn(view, scope, kept) - kept.length;
  if (more > 0) {
    const calls = `${more} more call${more === 1 ? '' : 's'}`;
    const line = `${calls}, in any scope, raised a test author's error (not kept)`;
    found.push({ scope: DEFAULT_SCOPE, code, line });
  }
  return found;
}

/**
 * Throws `code` listing every kept error of `view` with its scope and call, when any was raised
 * (in `scope`, when one is named).
 *
 * @throws {StandinError} `code` (`T0046` for a faked model, `K0014` for a faked classifier).
 */
export function checkRaised(view: RaisedView, code: Code, owner: string, scope?: string): void {
  if (view.count === 0) return;
  const kept = inScope(view, scope);
  if (kept.length === 0) return;
  const count = countIn(view, scope, kept);
  const lines = kept.map((raised) => {
    const where = raised.scope === DEFAULT_SCOPE ? 'the default scope' : `scope '${raised.scope}'`;
    return `  In ${where}, ${raisedLine(raised)}`;
  });
  const more = count > kept.length ? `\n  ... and ${count - kept.length} more` : '';
  const calls = `${count} call${count === 1 ? '' : 's'}`;
  throw new StandinError(
    code,
    `${owner}: ${calls} raised a test author's error, even if the app caught ${count === 1 ? 'it' : 'them'}:\n` +
      `${lines.join('\n')}${more}\nFix each: the error's own message says what to write.`,
    { cause: kept[0]!.error },
  );
}

/** The namespace's errors, then this process's it does not hold, each once. */
export function mergeRaised(own: RaisedView, recorded: RaisedView): RaisedView {
  if (recorded.count === 0) return own;
  const ids = new Set(recorded.kept.map((raised) => raised.id));
  const only = own.kept.filter((raised) => raised.id === undefined || !ids.has(raised.id));
  const kept = [...recorded.kept, ...only];
  return { kept, count: recorded.count + own.count - (own.kept.length - only.length) };
}

function inScope(view: RaisedView, scope: string | undefined): readonly RaisedError[] {
  return scope === undefined ? view.kept : view.kept.filter((raised) => raised.scope === scope);
}

/** How many were raised: every one counted with no scope named; in a scope, the ones kept there. */
function countIn(view: RaisedView, scope: string | undefined, kept: readonly RaisedError[]): number {
  return scope === undefined ? view.count : kept.length;
}

/** A kept error, as a line names it: the call, then the error's code and the first line of its message. */
function raisedLine({ call, error }: RaisedError): string {
  return `${call}: ${error.code} ${bareMessage(error).split('\n', 1)[0]!}`;
}

/** A test author's error: the faked model's T-codes, and a classifier script's K0008 (spent), K0011 and K0013. */
function testAuthors(error: StandinError): boolean {
  if (error.code.startsWith('T') || error.code === 'K0011' || error.code === 'K0013') return true;
  const cause = (error as { metadata?: { cause?: unknown } }).metadata?.cause;
  return error.code === 'K0008' && cause === 'classification_script_exhausted';
}
