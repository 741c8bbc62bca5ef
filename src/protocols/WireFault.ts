import type { core } from 'zod';
import type { FailureKind } from '../services/spec/failures.js';

/** A request field a reader refused: zod's issue, or one of the provider's own rules in its words (`custom`). */
export type ShapeIssue = core.$ZodIssue;

/**
 * What went wrong on a provider's wire shapes. The protocols know no caller: the adapter turns it into a
 * `ProviderFailure` (or a `StandinError`), the wire server into the provider's 400.
 */
export type Fault =
  /** A reply that breaks the protocol: data that is not JSON, a stream cut short, a field of the wrong type. */
  | { readonly kind: 'malformed'; readonly what: string }
  /** A reply that reports a failure in its own terms: a content filter's finish, a refusal. */
  | { readonly kind: 'failed'; readonly failure: FailureKind; readonly message: string; readonly refusal?: string }
  /** An error the provider sent inside a reply (an error event): its body, and what to say when it says nothing. */
  | { readonly kind: 'reported'; readonly body: unknown; readonly fallback: string }
  /** A request part the protocol cannot carry (a file by URL, audio where only text goes). */
  | { readonly kind: 'cannot_send'; readonly where: string; readonly what: string; readonly takes: string }
  /** A call setting the protocol cannot honour (five stop sequences where four go). */
  | { readonly kind: 'cannot_honour'; readonly setting: string; readonly why: string }
  /** A request value JSON cannot carry (a BigInt, a cycle, a function): where it is, and why. */
  | { readonly kind: 'not_json'; readonly where: string; readonly why: string; readonly cause?: unknown }
  /** A request the reader refuses: the first field at fault. */
  | { readonly kind: 'refused'; readonly issue: ShapeIssue };

/** What the request's schema says of a refused field, for the provider's words about it. */
export interface FieldNotes {
  /** For a field the schema does not know: the fields it does, to name the closest. */
  readonly known?: readonly string[] | undefined;
  /** The field is a whole number (providers say "integer" of it, and "decimal" of other numbers). */
  readonly integer?: boolean | undefined;
}

/** A {@link Fault}, thrown. */
export class WireFault extends Error {
  constructor(
    readonly fault: Fault,
    readonly notes: FieldNotes = {},
  ) {
    super(faultText(fault));
    this.name = 'WireFault';
  }
}

function faultText(fault: Fault): string {
  switch (fault.kind) {
    case 'malformed':
      return `malformed: ${fault.what}`;
    case 'failed':
      return fault.message;
    case 'reported':
      return fault.fallback;
    case 'cannot_send':
      return `${fault.where}: cannot take ${fault.what}`;
    case 'cannot_honour':
      return `${fault.setting}: ${fault.why}`;
    case 'not_json':
      return `${fault.where}: ${fault.why}`;
    case 'refused':
      return fault.issue.message;
  }
}

/** A reply that breaks the protocol, thrown. */
export function malformed(what: string): WireFault {
  return new WireFault({ kind: 'malformed', what });
}

/** A refused request field, in the provider's own words, thrown. */
export function refused(path: readonly PropertyKey[], message: string): WireFault {
  return new WireFault({ kind: 'refused', issue: { code: 'custom', path: [...path], message, input: undefined } });
}
