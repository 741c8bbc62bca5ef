import { injectable } from 'inversify';
import { disposedError } from '../app/disposed.js';
import { RELEASED_EXAMPLES, type CursorStore, type ReleasedCursor } from './CursorStore.js';

interface ScriptState {
  readonly script: string;
  cursor: number;
  /** The one step known, before a second makes `steps` a Map: a scope that takes one step pays for no Map. */
  step: string | undefined;
  stepAt: number;
  steps: Map<string, number> | undefined;
  visits: Map<number, number> | undefined;
  taken: Set<number> | undefined;
}

/**
 * The in-memory {@link CursorStore}: a singleton per container, so cursors live exactly as long
 * as the container that owns them and two containers share nothing.
 *
 * @example
 * ```ts
 * const store = new MemoryCursorStore();
 * await store.stepIndex('', 'writer', 'run-1#0'); // 0
 * await store.stepIndex('', 'writer', 'run-1#1'); // 1
 * await store.stepIndex('', 'writer', 'run-1#0'); // 0 again: the same step
 * ```
 */
@injectable()
export class MemoryCursorStore implements CursorStore {
  /** Per scope, its one script's state, or a Map of them once a second script uses the scope. */
  readonly #scopes = new Map<string, ScriptState | Map<string, ScriptState>>();
  /** Per script, per cursor position: the released scopes that had it there. */
  readonly #released = new Map<string, Map<number, { scopes: number; examples: string[] }>>();

  #closed = false;

  /**
   * Closes the store: its container's app was disposed. Every later use fails with `E0050`
   * rather than answering from cursors no call can move any more.
   */
  close(): void {
    this.#closed = true;
    this.#scopes.clear();
    this.#released.clear();
  }

  #check(): void {
    if (this.#closed) throw disposedError("The cursor store (a fake's call, pending() or verify())");
  }

  #read(scope: string, script: string): ScriptState | undefined {
    this.#check();
    const scripts = this.#scopes.get(scope);
    return scripts instanceof Map ? scripts.get(script) : scripts?.script === script ? scripts : undefined;
  }

  #write(scope: string, script: string): ScriptState {
    this.#check();
    const scripts = this.#scopes.get(scope);
    if (scripts !== undefined && !(scripts instanceof Map) && scripts.script === script) return scripts;
    let state = scripts instanceof Map ? scripts.get(script) : undefined;
    if (state !== undefined) return state;
    state = { script, cursor: 0, step: undefined, stepAt: 0, steps: undefined, visits: undefined, taken: undefined };
    if (scripts === undefined) this.#scopes.set(scope, state);
    else if (scripts instanceof Map) scripts.set(script, state);
    else
      this.#scopes.set(
        scope,
        new Map([
          [scripts.script, scripts],
          [script, state],
        ]),
      );
    return state;
  }

  async peek(scope: string, script: string): Promise<number> {
    return this.#read(scope, script)?.cursor ?? 0;
  }

  async advance(scope: string, script: string): Promise<number> {
    const state = this.#write(scope, script);
    return state.cursor++;
  }

  async stepIndex(scope: string, script: string, stepKey: string): Promise<number> {
    return this.stepIndexNow(scope, script, stepKey);
  }

  /** {@link stepIndex} without a promise, for a faked reply that waits for nothing else. */
  stepIndexNow(scope: string, script: string, stepKey: string): number {
    const state = this.#write(scope, script);
    const known = stepOf(state, stepKey);
    if (known !== undefined) return known;
    const index = state.cursor++;
    setStep(state, stepKey, index);
    return index;
  }

  async claim(scope: string, script: string, stepKey: string, candidates: readonly number[]): Promise<number> {
    const state = this.#write(scope, script);
    const known = stepOf(state, stepKey);
    if (known !== undefined) return known;
    state.taken ??= new Set();
    for (const index of candidates) {
      if (state.taken.has(index)) continue;
      state.taken.add(index);
      setStep(state, stepKey, index);
      state.cursor++;
      return index;
    }
    return -1;
  }

  async taken(scope: string, script: string): Promise<readonly number[]> {
    return [...(this.#read(scope, script)?.taken ?? [])].sort((a, b) => a - b);
  }

  async forgetStep(scope: string, script: string, stepKey: string): Promise<void> {
    this.forgetStepNow(scope, script, stepKey);
  }

  /** {@link forgetStep} without a promise. */
  forgetStepNow(scope: string, script: string, stepKey: string): void {
    const state = this.#read(scope, script);
    if (state === undefined) return;
    if (state.step === stepKey) state.step = undefined;
    else state.steps?.delete(stepKey);
  }

  /** How many step records the store keeps, over every scope and script: what its memory grows with. */
  get stepCount(): number {
    let count = 0;
    for (const scripts of this.#scopes.values()) {
      for (const state of statesOf(scripts)) count += (state.steps?.size ?? 0) + (state.step === undefined ? 0 : 1);
    }
    return count;
  }

  async visit(scope: string, script: string, entry: number): Promise<number> {
    const state = this.#write(scope, script);
    state.visits ??= new Map();
    const count = (state.visits.get(entry) ?? 0) + 1;
    state.visits.set(entry, count);
    return count;
  }

  async scopesOf(script: string): Promise<string[]> {
    this.#check();
    const found: string[] = [];
    for (const [scope, scripts] of this.#scopes) {
      if (scripts instanceof Map ? scripts.has(script) : scripts.script === script) found.push(scope);
    }
    return found;
  }

  async release(scope: string): Promise<void> {
    this.#check();
    const scripts = this.#scopes.get(scope);
    if (scripts === undefined) return;
    this.#scopes.delete(scope);
    for (const state of statesOf(scripts)) {
      const script = state.script;
      // A cursor that never moved took nothing: keeping it would cost one entry per step key.
      if (state.cursor === 0) continue;
      let groups = this.#released.get(script);
      if (groups === undefined) {
        groups = new Map();
        this.#released.set(script, groups);
      }
      const group = groups.get(state.cursor) ?? { scopes: 0, examples: [] };
      group.scopes++;
      if (group.examples.length < RELEASED_EXAMPLES) group.examples.push(scope);
      groups.set(state.cursor, group);
    }
  }

  async released(script: string): Promise<readonly ReleasedCursor[]> {
    this.#check();
    const groups = this.#released.get(script);
    if (groups === undefined) return [];
    return [...groups]
      .sort(([a], [b]) => a - b)
      .map(([at, group]) => ({ at, scopes: group.scopes, examples: [...group.examples] }));
  }

  async reset(scope?: string, script?: string): Promise<void> {
    this.#check();
    if (scope === undefined) {
      this.#scopes.clear();
      this.#released.clear();
    } else if (script === undefined) this.#scopes.delete(scope);
    else {
      const scripts = this.#scopes.get(scope);
      if (scripts instanceof Map) {
        scripts.delete(script);
        if (scripts.size === 0) this.#scopes.delete(scope);
      } else if (scripts?.script === script) this.#scopes.delete(scope);
    }
  }
}

function statesOf(scripts: ScriptState | Map<string, ScriptState>): Iterable<ScriptState> {
  return scripts instanceof Map ? scripts.values() : [scripts];
}

function stepOf(state: ScriptState, key: string): number | undefined {
  return state.step === key ? state.stepAt : state.steps?.get(key);
}

/** Notes a new step: in the state itself when it knows no other, else in its Map. */
function setStep(state: ScriptState, key: string, index: number): void {
  if (state.step === undefined && (state.steps === undefined || state.steps.size === 0)) {
    state.step = key;
    state.stepAt = index;
    return;
  }
  (state.steps ??= new Map()).set(key, index);
}
