import type { FailureTable } from '../../protocols/failures.js';
import type { FieldNotes, ShapeIssue } from '../../protocols/WireFault.js';
import type { WireError, WireErrorDetails } from '../WireError.js';

/** How a dialect answers beside its endpoints' own replies: its request ids, its failures, its refusals. */
export interface DialectAnswers {
  /** Its name, as the server's logs and reports show it. */
  readonly name: string;
  /** Its answer to a scripted failure of each kind. */
  readonly failures: FailureTable;
  /** The error type of the wire server's own failure (a 500). */
  readonly internalType: string;
  /** The provider's error body. */
  errorBody(message: string, details: WireErrorDetails, requestId: string, status: number): unknown;
  /** The headers every response carries its request id in, and those an error carries beside its body. */
  headers(
    requestId: string,
    error?: { readonly status: number; readonly details: WireErrorDetails },
  ): Record<string, string>;
  /** The provider's 404 for a model the server does not serve; `fix` says what the server serves instead. */
  notFound(model: string, fix: string): WireError;
  /** The provider's 400 for a request field it refuses, in its own words. */
  refused(issue: ShapeIssue, notes?: FieldNotes): WireError;
}
