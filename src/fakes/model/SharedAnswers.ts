import type { CallContext, ReplyRequest } from '../../services/providers/Provider.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import type { SentCall } from './SentCall.js';

/**
 * Where a faked model in a namespace takes its answers: a script other processes share. The fake
 * consults it in place of its own list; its cursors live in the namespace's store.
 *
 * @example
 * ```ts
 * const fake = new FakeModel(answers, { model: 'writer', store, shared: scripts.publishModel('writer', answers, owner) });
 * ```
 */
export interface SharedAnswers {
  /** The cursor identity of the published script `pending()` and `verify()` read; undefined for a stand-in that only answers. */
  readonly script: string | undefined;
  /** The answer for one call: its step's index taken and the call recorded, in one round trip. */
  take(request: ReplyRequest, context: CallContext, owner: string): Promise<PreparedAnswer>;
  /** What the script was sent in every process of the namespace (the latest calls, bounded). */
  sent(): Promise<readonly SentCall[]>;
}
