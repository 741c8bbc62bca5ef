/** What a server reports per scope for `verify`, apart so which scope counts what stays in one place. */

import type { FakeModel } from '../fakes/model/FakeModel.js';
import type { PendingAnswer } from '../fakes/model/SentCall.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import type { TestApp } from '../testing/TestApp.js';
import { appModel, appPending } from './appModels.js';
import type { ScopeLedger, WireErrorNote } from './ScopeLedger.js';
import type { ScriptBook } from './ScriptBook.js';
import { ownRecord } from './ownRecord.js';

/** What a server knows of its scripts and of the scopes its requests ran in. */
export interface PendingSources {
  readonly ledger: ScopeLedger;
  /** The server's own scripts; undefined on a server serving an app. */
  readonly book: ScriptBook | undefined;
  /** The fakes a server serving an app made, by the model id clients send. */
  readonly appFakes: ReadonlyMap<string, FakeModel>;
  /** The app served, if the server was given one. */
  readonly given: TestApp | undefined;
}

/** The answers not given yet, per scope and model id (the default scope is `''`). See `FakeServer.pending`. */
export async function pendingAnswers(
  sources: PendingSources,
  scope?: string,
): Promise<Record<string, Record<string, readonly PendingAnswer[]>>> {
  const { ledger, book, appFakes, given } = sources;
  const scopes = scope !== undefined ? [scope] : [...new Set([...ledger.scopes, ...(book?.scopes ?? [])])].sort();
  const found = ownRecord<Record<string, readonly PendingAnswer[]>>();
  for (const name of scopes) {
    const counted = new Set([...ledger.models(name), ...(book?.own(name) ?? [])]);
    const unused =
      book !== undefined
        ? await book.pending(name, counted)
        : await appPending(appFakes, name, (model) => counted.has(model));
    if (Object.keys(unused).length > 0) found[name] = unused;
  }
  if (scope === undefined) {
    // A default script no request in any scope called: every answer of it is unused.
    const never = (model: string): boolean =>
      !ledger.usedAnywhere(model) && (given === undefined || !ledger.usedAnywhere(appModel(given, model) ?? model));
    const defaults =
      book !== undefined
        ? await book.pending(DEFAULT_SCOPE, book.defaults.filter(never))
        : await appPending(appFakes, DEFAULT_SCOPE, never);
    if (Object.keys(defaults).length > 0)
      found[DEFAULT_SCOPE] = Object.assign(ownRecord(), found[DEFAULT_SCOPE], defaults);
  }
  return found;
}

/**
 * The requests answered with a test author's error, per scope: in `scope`, or in every scope. See `FakeServer.errors`.
 */
export function scopeErrors(
  ledger: ScopeLedger,
  scope?: string,
): Record<string, { readonly count: number; readonly errors: readonly WireErrorNote[] }> {
  const found = ownRecord<{ count: number; errors: readonly WireErrorNote[] }>();
  for (const name of scope !== undefined ? [scope] : ledger.scopes) {
    const { kept, count } = ledger.errors(name);
    if (count > 0) found[name] = { count, errors: [...kept] };
  }
  return found;
}
