import type { ZodType } from 'zod';
import type { RetryConfigInput } from '../../config/configSchema.js';
import type { Attempt } from '../../errors/CallFailed.js';

/** How one engine call asks to be dispatched. */
export interface DispatchOptions {
  readonly signal?: AbortSignal | undefined;
  readonly requestId?: string | undefined;
  readonly retry?: false | RetryConfigInput | undefined;
  /** The step's key, when the call is a step of a run. */
  readonly stepKey?: string | undefined;
  /** The cursor scope, when the caller names one: the current scope otherwise. */
  readonly scope?: string | undefined;
}

/** One call on its way: its ids, its scope and signal, and the attempts that failed so far. */
export interface Call {
  readonly requestId: string;
  readonly stepKey: string;
  /** Runs once the call is over, when its step key was made here, so no later call can ask for it again. */
  readonly ended: (() => void)[] | undefined;
  readonly scope: string;
  readonly signal: AbortSignal;
  /** The zod shape of the typed value the call asks for, handed to providers in their context. */
  readonly output: ZodType | undefined;
  /** Every failed attempt so far, for the error that ends the call: made at the first failure. */
  failures: Attempt[] | undefined;
}
