import { failureKindOf, type FailureTable } from '../../src/protocols/failures.js';
import { errorReport } from '../../src/services/providers/http/ErrorReport.js';
import { failureKind } from '../../src/services/providers/http/failureKind.js';
import type { FailureKind } from '../../src/services/spec/failures.js';

/** The kind an adapter reads of an error body with its status, as its exchange does: its table first, then the words. */
export function kindRead(table: FailureTable, status: number, body: unknown): FailureKind {
  const report = errorReport(body)!;
  return failureKindOf(table, { status, ...report }) ?? failureKind(status, report);
}
