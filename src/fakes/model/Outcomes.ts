import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { StandinError } from '../../errors/StandinError.js';
import type { Answer } from './Answer.js';
import type { CallContext } from '../../services/spec/Provider.js';
import type { SentWhere } from './SentCall.js';

/**
 * How one call a fake was sent ended, named by kind or code only, so a transcript never carries a step key, id or time.
 * `at` orders calls of several fakes and is never shown.
 */
export interface Outcome {
  readonly at: number;
  /** A reply's answer record. */
  readonly answer?: Answer;
  /** A record call's result. */
  readonly result?: unknown;
  /** How it failed: `server failure`, `T0013`, `aborted`. */
  readonly failure?: string;
}

/** What one call ended with: none of it while the call runs. */
export type Ended = { readonly answer: Answer } | { readonly result: unknown } | { readonly failure: string };

/** How a call held in `sent`'s ring ended, as `SentLog.settle` keeps it: 0 while it runs. */
export const ANSWERED = 1;
export const RESULTED = 2;
export const FAILED = 3;

/** The outcome of a call `sent` holds, from what its ring keeps beside it. */
export function outcomeOf(
  held: { readonly at: number; readonly end: number; readonly value: unknown } | undefined,
): Outcome | undefined {
  if (held === undefined) return undefined;
  const { at, end, value } = held;
  if (end === ANSWERED) return { at, answer: value as Answer };
  if (end === RESULTED) return { at, result: value };
  return end === FAILED ? { at, failure: value as string } : { at };
}

/** {@link Ended} of an end kind and value. */
export function endedOf(end: number, value: unknown): Ended {
  if (end === ANSWERED) return { answer: value as Answer };
  return end === RESULTED ? { result: value } : { failure: value as string };
}

/** The most calls from one place (scope, step, attempt) kept: a wire client's retries of one request. */
const MAX_REPEATS = 16;

/** How many calls every fake of this process has started: the order of calls across fakes. */
let asked = 0;

/** The next place in the order of calls across fakes: what a judge, shown among them in a transcript, is placed by. */
export function nextAsked(): number {
  return ++asked;
}

/**
 * The outcomes of the calls a namespace's `sent` lists (whose entries are read from the namespace, not held here), by
 * where each came from; as many places as `sent` keeps, the oldest forgotten first.
 */
export class Outcomes {
  readonly #limit: number;
  readonly #kept = new Map<string, Outcome[]>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Keeps how the latest call at `where` ended; a later note (a stream failing part-way) replaces the earlier. */
  note(where: SentWhere, outcome: Ended): void {
    const calls = this.#kept.get(keyOf(where));
    const last = calls?.at(-1);
    if (calls !== undefined && last !== undefined) calls[calls.length - 1] = { at: last.at, ...outcome };
  }

  /**
   * Notes that a call at `where` starts. Past twice the limit the oldest go at once, down to the limit: removing one
   * key per call leaves a Map's holes to be stepped over on every call.
   */
  start(where: SentWhere): void {
    const key = keyOf(where);
    let calls = this.#kept.get(key);
    if (calls === undefined) {
      calls = [];
      this.#kept.set(key, calls);
      if (this.#kept.size > 2 * this.#limit) this.#trim();
    }
    calls.push({ at: nextAsked() });
    if (calls.length > MAX_REPEATS) calls.shift();
  }

  /** Keeps the latest `limit` calls' outcomes. */
  #trim(): void {
    const latest = [...this.#kept].slice(-this.#limit);
    this.#kept.clear();
    for (const [key, calls] of latest) this.#kept.set(key, calls);
  }

  /** Notes where a call starts, then how `call` ends; answers what it settles to. */
  follow<T>(where: SentWhere, call: () => Promise<T>, ended: (value: T) => Ended): Promise<T> {
    this.start(where);
    let called: Promise<T>;
    try {
      called = call();
    } catch (error) {
      called = Promise.reject(error as Error);
    }
    return called.then(
      (value) => {
        this.note(where, ended(value));
        return value;
      },
      (error: unknown) => {
        this.note(where, { failure: failureName(error) });
        throw error;
      },
    );
  }

  /** How the `nth` call (from 0) at `where` ended, if it is still kept. */
  of(where: SentWhere, nth = 0): Outcome | undefined {
    return this.#kept.get(keyOf(where))?.[nth];
  }

  /** Forgets the outcomes of the calls made in `scope`, as its `sent` entries are forgotten when it closes. */
  drop(scope: string): void {
    const prefix = `${scope}\u0000`;
    for (const key of this.#kept.keys()) if (key.startsWith(prefix)) this.#kept.delete(key);
  }

  /** Forgets every outcome, as `sent` is forgotten. */
  clear(): void {
    this.#kept.clear();
  }
}

/**
 * A failure named by what stays the same from run to run (kind or code), never its message, which names step keys and
 * ids.
 */
export function failureName(error: unknown): string {
  if (error instanceof ProviderFailure) return `${error.kind} failure`;
  if (error instanceof StandinError) return error.code;
  if (error instanceof Error && error.name === 'AbortError') return 'aborted';
  return 'error';
}

function keyOf(where: SentWhere): string {
  return `${where.scope}\u0000${where.step}\u0000${where.attempt}`;
}

/** Where a call came from, as its `sent` entry says it. */
export function whereOf(context: CallContext): SentWhere {
  return { scope: context.scope, step: context.stepKey, attempt: context.attempt };
}
