import type { CallContext } from '../../services/spec/Provider.js';
import type { Clock } from '../../services/clock/Clock.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import type { SentNote } from '../shared/SharedSent.js';
import type { ReadAnswers } from './readAnswers.js';
import type { SentCall } from './SentCall.js';
import type { SharedAnswers } from './SharedAnswers.js';
import type { ToolInputs } from './toolInputs.js';

/** What a faked model's calls read of it: fixed when it is made, but for `sent`, which `note` adds to. */
export interface FakeState {
  /** The fake as its messages name it: `app.fake('writer', answers)` or `fakeProvider(answers)`. */
  readonly owner: string;
  /** The one model it stands in for; undefined for a fake that may serve several. */
  readonly model: string | undefined;
  /** Its answers, read and checked. */
  readonly read: ReadAnswers;
  /** Where its cursors live. */
  readonly store: CursorStore;
  /** Its cursor identity in the store: its own, or the namespace's published script. */
  readonly script: string;
  /** In a namespace: the shared script replies are answered from. */
  readonly shared: SharedAnswers | undefined;
  /** Where answers' delays sleep. */
  readonly clock: Clock;
  /** The input shapes of the tools in the checks, for a function's answers, checked when they come. */
  readonly inputs: ToolInputs | undefined;
  /** How long a promise a function of the fake returns may take to settle, in ms. */
  readonly answerTimeoutMs: number;
  /** Lists a call in `sent`; in a namespace, answers its note there, which the call's record settles. */
  note(call: SentCall): SentNote | undefined;
  /** Keeps a test author's error a call raised, for `verify`. */
  raised(error: unknown, context: CallContext): void;
}
