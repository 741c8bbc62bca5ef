import { StandinError } from '../../errors/StandinError.js';
import { show } from '../../services/classification/shapeError.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { cursorRuns, type CursorRun } from '../script/cursorRuns.js';
import type { Finding } from '../script/Finding.js';
import type { ReadToolAnswers, ToolAnswer, ToolAnswerContext } from './toolAnswers.js';

/** An answer of a fake tool's list no call has taken yet in a scope. */
export interface PendingToolAnswer {
  /** The tool, by the name the model (or the MCP client) calls it. */
  readonly tool: string;
  /** The scope that has not taken it (`''` for the default scope). */
  readonly scope: string;
  /** Its index in the list. */
  readonly index: number;
  readonly answer: ToolAnswer;
}

/** What a tool's list left unused: one finding per answer, and the lines an error lists them with. */
export interface UnusedToolAnswers {
  readonly pending: readonly PendingToolAnswer[];
  readonly findings: readonly Finding[];
}

/**
 * One tool's answers and each scope's place in them, under a cursor of this script's own, so two fakes of one tool
 * never share a cursor.
 */
export class ToolScript {
  readonly tool: string;
  /** The answers as messages name them: `answers`, `tools.search.answers`. */
  readonly root: string;
  readonly #owner: string;
  readonly #read: ReadToolAnswers;
  readonly #store: CursorStore;
  readonly #id: string;

  constructor(settings: {
    readonly owner: string;
    readonly tool: string;
    readonly root: string;
    readonly read: ReadToolAnswers;
    readonly store: CursorStore;
    readonly id: string;
  }) {
    this.tool = settings.tool;
    this.root = settings.root;
    this.#owner = settings.owner;
    this.#read = settings.read;
    this.#store = settings.store;
    this.#id = settings.id;
  }

  /**
   * The answer for one call in `where.scope`: the scope's next answer of the list, or the
   * function's output (a `ToolError` it throws passes on).
   *
   * @throws {StandinError} `T0123` for a call past the last answer of the list.
   */
  async take(input: unknown, where: ToolAnswerContext): Promise<ToolAnswer> {
    const read = this.#read;
    if (read.kind === 'function') return { output: await read.answer(input, where) };
    const index = await this.#store.advance(where.scope, this.#id);
    const answer = read.answers[index];
    if (answer !== undefined) return answer;
    const count = read.answers.length;
    throw new StandinError(
      'T0123',
      `${this.#owner}: tool '${this.tool}' was called ${index + 1} times ${scopeName(where.scope)}, and ` +
        `${this.root} holds ${count} answer${count === 1 ? '' : 's'}: call ${index + 1} has none. Add an answer ` +
        `for it, or find why the app called the tool more often than the test expects. Input: ${show(input)}.`,
    );
  }

  /** The answers no call took, in `only` or every scope called in; all of them when no call took any. */
  async unused(only: string | undefined): Promise<UnusedToolAnswers> {
    if (this.#read.kind === 'function' || this.#read.answers.length === 0) return { pending: [], findings: [] };
    const answers = this.#read.answers;
    let runs: CursorRun[] = await cursorRuns({ store: this.#store, script: this.#id }, only);
    const never = runs.every((run) => run.at === 0);
    if (runs.length === 0) runs = [{ scope: only ?? DEFAULT_SCOPE, at: 0 }];
    const pending: PendingToolAnswer[] = [];
    const findings: Finding[] = [];
    for (const run of runs) {
      const scope = run.released?.examples[0] ?? run.scope;
      for (let index = run.at; index < answers.length; index++) {
        const answer = answers[index]!;
        pending.push({ tool: this.tool, scope, index, answer });
        const note = never ? ' (the tool was never called)' : run.at === 0 ? ' (the tool was never called there)' : '';
        findings.push({ scope, code: 'T0124', line: `${this.root}[${index}] ${show(answer)} never used${note}` });
      }
    }
    return { pending, findings };
  }
}

/** A scope as messages name it. */
export function scopeName(scope: string): string {
  return scope === DEFAULT_SCOPE ? 'outside any scope' : `in scope '${scope}'`;
}
