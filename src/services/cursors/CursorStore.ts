/**
 * How far one script's cursor went in released scopes, and a few of their names for messages: one group per position,
 * never one entry per scope.
 */
export interface ReleasedCursor {
  /** The cursor's position when the scopes were released: how many entries they took. */
  readonly at: number;
  /** How many released scopes had the cursor there. */
  readonly scopes: number;
  /** The first few of those scopes' names (at most {@link RELEASED_EXAMPLES}). */
  readonly examples: readonly string[];
}

/** How many scope names a {@link ReleasedCursor} keeps. */
export const RELEASED_EXAMPLES = 3;

/**
 * Where scripted fakes keep their state: how far each script's cursor has moved, which answer
 * each step got, and how often each retry entry was visited. Everything is partitioned by scope,
 * so two scopes (two requests, two tests) never see each other's cursors.
 *
 * A *script* is an identity chosen by the fake (its own id, an engine's cursor key, a script's
 * content hash or an explicit cursor handle); a *scope* is a partition name (`''` is the
 * container's default partition). All methods are async so a store may live out of process.
 */
export interface CursorStore {
  /** Where `script`'s cursor stands in `scope`, without moving it. A cursor starts at 0. */
  peek(scope: string, script: string): Promise<number>;
  /** Moves `script`'s cursor one on and answers where it stood before the move. */
  advance(scope: string, script: string): Promise<number>;
  /**
   * The answer index for one step. The first time `stepKey` asks, it gets the cursor's position
   * and the cursor moves one on; every later ask of the same `stepKey` gets that same index
   * and moves nothing. This is what lets a step that runs again get the answer it got before.
   */
  stepIndex(scope: string, script: string, stepKey: string): Promise<number>;
  /**
   * The answer index for one step of a script whose entries are chosen by the request: the first of `candidates` (the
   * entries that fit the request, in order) that no step of `scope` took yet, taken for `stepKey`, and the cursor
   * (which counts the entries taken) moves one on. Every later ask of the same `stepKey` gets that same index. -1 when
   * every candidate was taken. A store that leaves this out cannot serve answers chosen by `when`.
   */
  claim?(scope: string, script: string, stepKey: string, candidates: readonly number[]): Promise<number>;
  /** The entries of `script` that {@link claim} took in `scope`, in index order. */
  taken?(scope: string, script: string): Promise<readonly number[]>;
  /**
   * Forgets which answer `stepKey` got, once no call can ask for that step again (a call outside a run is over). The
   * cursor does not move back. A store that leaves this out keeps the record until it expires or `reset` removes it.
   */
  forgetStep?(scope: string, script: string, stepKey: string): Promise<void>;
  /** Counts one more visit of entry `entry` of `script` and answers the count (1 on the first visit). */
  visit(scope: string, script: string, entry: number): Promise<number>;
  /** The scopes in which `script` has any state, the default partition `''` included. */
  scopesOf(script: string): Promise<string[]>;
  /**
   * Forgets state: one script in one scope, every script in one scope, or (with no argument) everything in the store.
   */
  reset(scope?: string, script?: string): Promise<void>;
  /**
   * Releases a scope that is done (an HTTP request whose response closed): its cursors, steps and visits are forgotten,
   * and only how far each script's cursor had gone is kept, counted in {@link ReleasedCursor}s, so `verify()` still
   * counts what the scope took. Without it, a store only `reset`s.
   */
  release?(scope: string): Promise<void>;
  /** How far `script`'s cursor had gone in the scopes released so far: one group per position. */
  released?(script: string): Promise<readonly ReleasedCursor[]>;
  /** Connects a store that lives out of process (rejecting when it cannot); a store in memory has nothing to do. */
  ready?(): Promise<void>;
}
