import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import type { RaisedError, RaisedView } from '../script/RaisedErrors.js';
import type { SentNote } from '../shared/SharedSent.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import type { SentCall } from './SentCall.js';

/** A script other processes share, consulted by a faked model in a namespace in place of its own list. */
export interface SharedAnswers {
  /** The script `pending()` and `verify()` read; undefined for a stand-in that only answers. */
  readonly script: string | undefined;
  /** The answer for one call, its step taken and the call recorded in the namespace in one round trip. */
  take(request: ReplyRequest, context: CallContext, owner: string, noted: SentNote): Promise<PreparedAnswer>;
  /** Lists a call the fake was just sent in `sent`, before its record in the namespace. */
  note(call: SentCall): SentNote;
  /** Settles a noted call the fake failed before taking an answer: the namespace never gets it, `sent` keeps it. */
  unrecorded(noted: SentNote): void;
  /** The namespace's calls as the last `sync()` read them, then the calls this fake was sent since. */
  readonly sent: readonly SentCall[];
  /** Reads the namespace's calls (the latest, bounded) into `sent`. */
  sync(): Promise<void>;
  /** Records a test author's error in the namespace, so `verify()` in every process sees it. Never rejects. */
  record(raised: RaisedError, context: CallContext): Promise<void>;
  /** The errors the namespace recorded against the script (see `SharedRaised`), since the last `forget()`. */
  raised(): Promise<RaisedView>;
  /** Forgets the calls `sent` holds now and leaves the errors recorded so far out of later reads. */
  forget(): void;
}
