/** A field a call's context must carry: what it must hold, in words, and the check of it. */
export type ContextField = readonly [name: string, want: string, fits: (value: unknown) => boolean];

/** A field of a context that does not fit: missing, of the wrong type, or a getter that threw. */
export interface ContextMisfit {
  readonly field: ContextField;
  readonly found: 'missing' | 'of the wrong type' | 'throwing';
}

/**
 * The fields of `context` that do not fit, in the table's order; none, and nothing allocated, for a
 * context that fits, as every call the engine makes does. `first` stops at the first misfit.
 */
export function contextMisfits(context: object, fields: readonly ContextField[], first = false): ContextMisfit[] {
  let misfits: ContextMisfit[] | undefined;
  for (const field of fields) {
    let value: unknown;
    let found: ContextMisfit['found'] | undefined;
    try {
      value = (context as Record<string, unknown>)[field[0]];
      if (!field[2](value)) found = value === undefined ? 'missing' : 'of the wrong type';
    } catch {
      found = 'throwing';
    }
    if (found === undefined) continue;
    (misfits ??= []).push({ field, found });
    if (first) break;
  }
  return misfits ?? NONE;
}

const NONE: ContextMisfit[] = [];
