import { injectable } from 'inversify';
import type { CursorStore } from './CursorStore.js';

interface ScriptState {
  cursor: number;
  steps: Map<string, number> | undefined;
  visits: Map<number, number> | undefined;
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
  readonly #scopes = new Map<string, Map<string, ScriptState>>();

  #read(scope: string, script: string): ScriptState | undefined {
    return this.#scopes.get(scope)?.get(script);
  }

  #write(scope: string, script: string): ScriptState {
    let scripts = this.#scopes.get(scope);
    if (scripts === undefined) {
      scripts = new Map();
      this.#scopes.set(scope, scripts);
    }
    let state = scripts.get(script);
    if (state === undefined) {
      state = { cursor: 0, steps: undefined, visits: undefined };
      scripts.set(script, state);
    }
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
    const state = this.#write(scope, script);
    state.steps ??= new Map();
    const known = state.steps.get(stepKey);
    if (known !== undefined) return known;
    const index = state.cursor++;
    state.steps.set(stepKey, index);
    return index;
  }

  async forgetStep(scope: string, script: string, stepKey: string): Promise<void> {
    this.#read(scope, script)?.steps?.delete(stepKey);
  }

  /** How many step records the store keeps, over every scope and script: what its memory grows with. */
  get stepCount(): number {
    let count = 0;
    for (const scripts of this.#scopes.values()) for (const state of scripts.values()) count += state.steps?.size ?? 0;
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
    const found: string[] = [];
    for (const [scope, scripts] of this.#scopes) if (scripts.has(script)) found.push(scope);
    return found;
  }

  async reset(scope?: string, script?: string): Promise<void> {
    if (scope === undefined) this.#scopes.clear();
    else if (script === undefined) this.#scopes.delete(scope);
    else {
      const scripts = this.#scopes.get(scope);
      scripts?.delete(script);
      if (scripts?.size === 0) this.#scopes.delete(scope);
    }
  }
}
