import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import type {
  ClassificationScriptEntry,
  ClassificationScriptValue,
} from '../../services/spec/ClassificationScriptEntry.js';
import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import { isPlainObject, show } from '../../services/classification/shapeError.js';
import { lazySchema } from '../../validation/lazySchema.js';

export type {
  ClassificationScriptEntry,
  ClassificationScriptValue,
} from '../../services/spec/ClassificationScriptEntry.js';

/** A script entry is a plain object with one of these keys; answers are checked against their questions when read. */
export const classificationScriptEntrySchema = lazySchema(() =>
  z
    .custom<object>(isPlainObject)
    .pipe(
      z.union([
        z.strictObject({ answers: z.custom<Readonly<Record<string, ClassificationScriptValue>>>(isPlainObject) }),
        z.strictObject({ error: z.instanceof(ClassificationAdapterError) }),
        z.strictObject({ retryUntilCall: z.number().refine(Number.isInteger).min(1) }),
      ]),
    ),
);

/** The entry's shape by the schema's rule, without parsing or allocating, as every call asks it. */
export function entryKind(entry: unknown): 'answers' | 'error' | 'retry' | undefined {
  if (!isPlainObject(entry)) return undefined;
  let kind: 'answers' | 'error' | 'retry' | undefined;
  let keys = 0;
  for (const key in entry) {
    keys++;
    if (key === 'answers') kind = isPlainObject(entry.answers) ? 'answers' : undefined;
    else if (key === 'error') kind = entry.error instanceof ClassificationAdapterError ? 'error' : undefined;
    else if (key === 'retryUntilCall')
      kind = Number.isInteger(entry.retryUntilCall) && (entry.retryUntilCall as number) >= 1 ? 'retry' : undefined;
  }
  return keys === 1 ? kind : undefined;
}

/** The error for a script entry of no legal shape, at `index` of its script. */
export function invalidEntry(entry: unknown, index: number): StandinError {
  return new StandinError(
    'K0010',
    `invalid FakeClassifier script entry at index ${index}: ${show(entry)} (an entry is one of { answers: { id: ` +
      `value } }, { error: new ClassificationAdapterError(reason) } or { retryUntilCall: n } with n a whole number ` +
      `of 1 or more).`,
  );
}

/** The error for a script that is not a list. */
export function notAScript(script: unknown): StandinError {
  return new StandinError(
    'K0010',
    `A FakeClassifier script must be a list of entries, got ${show(script)}. Write [{ answers: { team: 'billing' } ` +
      `}, { retryUntilCall: 2 }].`,
  );
}

/** `K0010` at the first entry of no legal shape; whether answers fit their questions is a call's to check. */
export function checkScript(script: unknown): asserts script is readonly ClassificationScriptEntry[] {
  if (!Array.isArray(script)) throw notAScript(script);
  for (let index = 0; index < script.length; index++) {
    if (!(index in script) || !classificationScriptEntrySchema.safeParse(script[index]).success)
      throw invalidEntry(script[index], index);
  }
}
