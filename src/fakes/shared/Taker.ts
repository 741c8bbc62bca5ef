/** The state a shared model source carries from call to call, apart from the scripts that use it. */

import type { CallContext } from '../../services/spec/Provider.js';
import type { PreparedAnswer } from '../model/prepareAnswer.js';
import type { SharedSent } from './SharedSent.js';

/** How one faked model's calls take answers: its keys, made once, and the generation it last read. */
export interface Taker {
  readonly model: string;
  /** The model's published head, the one key the step script is given. */
  readonly head: readonly [string];
  /** The model's name as key names hold it. */
  readonly encoded: string;
  readonly view: SharedSent;
  /** The last generation and its prepared answers, so a step of the same generation looks nothing up. */
  last: { readonly gen: string; readonly answers: readonly PreparedAnswer[] } | undefined;
  /** The generation each call answered from, once known: an error the call raises is recorded under it. */
  readonly gens: WeakMap<CallContext, string>;
}
