import type { Code } from '../../errors/catalog.js';

/**
 * One thing a stand-in's `verify()` would fail on: an answer never asked for, or a test author's
 * error a call raised (and the application may have swallowed). `app.verify()` gathers them from
 * every layer of every slot and reports them in one error, grouped by model and scope.
 */
export interface Finding {
  /** The scope it was found in: `''` for the default scope, the scope's id otherwise. */
  readonly scope: string;
  /** The code the stand-in's own `verify()` throws for it (`T0014`, `T0046`, `K0012`, `K0014`). */
  readonly code: Code;
  /** One line that says it, without the scope: `answers[1] { text: 'Hi' } never asked for`. */
  readonly line: string;
}
