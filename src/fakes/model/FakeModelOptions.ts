import type { Clock } from '../../services/clock/Clock.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import type { Scopes } from '../../services/scopes/Scopes.js';
import type { FakeChecks } from './FakeChecks.js';
import type { SharedAnswers } from './SharedAnswers.js';
import type { Gates } from '../gates/Gates.js';
import type { Pace } from './pace.js';

/**
 * How a fake is made: what it stands in for, and where it keeps its cursors.
 *
 * @example
 * ```ts
 * const fake = new FakeModel([{ text: 'Hi' }], { model: 'writer', store: container.get(Tokens.CursorStore) });
 * ```
 */
export interface FakeModelOptions {
  /**
   * The one model the fake stands in for, named in its messages (`app.fake('writer', answers)`).
   * Left out, the fake may serve several models, and keys each step by model and step.
   */
  readonly model?: string;
  /** Where its cursors live: the container's store. Left out, a `MemoryCursorStore` of its own. */
  readonly store?: CursorStore;
  /** The container's scopes, so `pending()` reads the scope it is called in. */
  readonly scopes?: Scopes;
  /** What the calls it answers will offer, so answers are checked against it now. */
  readonly checks?: FakeChecks;
  /** In a namespace: the shared script replies are answered from, in place of the fake's own list. */
  readonly shared?: SharedAnswers;
  /** Where answers' `delayMs` and `partDelayMs` sleep: the app's clock. Left out, the system clock. */
  readonly clock?: Clock;
  /**
   * How many calls `sent` keeps, the oldest dropped first: {@link DEFAULT_SENT_LIMIT} when left out, so a fake
   * answering calls without end holds flat memory.
   */
  readonly sentLimit?: number;
  /**
   * With it, `sent` also keeps only the latest calls whose requests hold at most this many bytes (as
   * `weighSent` counts them; the newest is always kept): the wire server's fakes, whose clients send what they will.
   */
  readonly sentBytes?: number;
  /** How long a promise a function of the fake returns may take to settle, in ms (`T0047` past it). Default 30000. */
  readonly answerTimeoutMs?: number;
  /**
   * The one scope the fake answers in (`app.scope(id).fake`): `pending()`, `verify()` and `findings()` read it
   * when given no scope.
   */
  readonly scope?: string;
  /** Where its streams hold at gates: the app's (so `app.release` reaches them). Left out, gates of its own. */
  readonly gates?: Gates;
  /** How fast its answers stream when they name no pace or delays of their own (see `fake.pace`). */
  readonly pace?: Pace;
}

/** How many calls a fake's `sent` keeps when its options name no other: the latest 10,000. */
export const DEFAULT_SENT_LIMIT = 10_000;
