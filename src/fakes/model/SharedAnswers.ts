import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import type { RaisedError, RaisedView } from '../script/RaisedErrors.js';
import type { SentNote } from '../shared/SharedSent.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import type { SentCall } from './SentCall.js';

/**
 * Where a faked model in a namespace takes its answers: a script other processes share. The fake
 * consults it in place of its own list; its cursors live in the namespace's store.
 */
export interface SharedAnswers {
  /**
   * The cursor identity of the published script `pending()` and `verify()` read; undefined for a stand-in that only
   * answers.
   */
  readonly script: string | undefined;
  /**
   * The answer for one call: its step's index taken and the call (`noted` by {@link note})
   * recorded in the namespace, in one round trip.
   */
  take(request: ReplyRequest, context: CallContext, owner: string, noted: SentNote): Promise<PreparedAnswer>;
  /** Lists a call the fake was just sent in `sent`, before its record in the namespace. */
  note(call: SentCall): SentNote;
  /** Settles a noted call the fake failed before taking an answer: the namespace never gets it, `sent` keeps it. */
  unrecorded(noted: SentNote): void;
  /** The namespace's calls as the last `sync()` read them, then the calls this fake was sent since. */
  readonly sent: readonly SentCall[];
  /** Reads the namespace's calls (the latest, bounded) into `sent`. */
  sync(): Promise<void>;
  /**
   * Records in the namespace a test author's error a call raised, under the generation the call
   * answered from, so `verify()` in every process of the namespace sees it. Settles once Redis took
   * it or failed to; never rejects.
   */
  record(raised: RaisedError, context: CallContext): Promise<void>;
  /** The errors the namespace recorded against the script (see `SharedRaised`), since the last `forget()`. */
  raised(): Promise<RaisedView>;
  /**
   * Forgets the calls `sent` holds now, read and this process's own (a later `sync()` reads the
   * record again), and leaves the errors recorded so far out of later reads.
   */
  forget(): void;
}
