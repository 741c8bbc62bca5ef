import { randomUUID } from 'node:crypto';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { ToolError } from '../../services/runs/ToolRun.js';
import type { ToolContext } from '../../services/runs/tool.js';
import type { Scopes } from '../../services/scopes/Scopes.js';
import type { ToolCall } from '../../services/spec/Provider.js';
import type { Finding } from '../script/Finding.js';
import type { ToolStandIn } from '../slot/ToolStandIn.js';
import { ToolBook, type RaisedRecord, type ToolSent } from './ToolBook.js';
import type { ReadToolAnswers } from './toolAnswers.js';
import { ToolScript, type PendingToolAnswer } from './ToolScript.js';

/** How a {@link FakeTool} is made. */
export interface FakeToolSettings {
  /** The tool, by the name the model calls it. */
  readonly tool: string;
  /** What the test wrote, for messages: `app.fakeTool('findInGuide', answers)`. */
  readonly owner: string;
  readonly read: ReadToolAnswers;
  /** The container's cursor store. */
  readonly store: CursorStore;
  /** The container's scopes: a call's scope is the one it runs in. */
  readonly scopes: Scopes;
  /** The one scope the fake answers in, when it was made for one. */
  readonly scope?: string | undefined;
  /** In a namespace: the cursor identity its published generation has in every process, and where errors are recorded. */
  readonly shared?: { readonly id: string; readonly raised: RaisedRecord } | undefined;
}

/**
 * A faked tool, from `app.fakeTool(name, answers)`: it stands in for the tool's `run` (an app's tool or an MCP tool, by
 * the name the model calls it), answering each call from a list taken in order per scope, or from a function of the
 * input. The input is checked against the tool's shape before the fake sees it; the tool's own `run` is never called.
 * `{ fail }` reaches the model as the tool's error, with strict tools too.
 *
 * @example
 * ```ts
 * const guide = app.fakeTool('findInGuide', [{ output: { pages: [2] } }]);
 * await app.run(helpdesk, 'How do I reset my password?');
 * guide.sent[0]?.input; // { words: 'reset a password' }
 * await guide.verify();
 * ```
 */
export class FakeTool implements ToolStandIn {
  /** The tool it stands in for. */
  readonly tool: string;
  readonly #script: ToolScript;
  readonly #book: ToolBook;
  readonly #scopes: Scopes;
  readonly #scope: string | undefined;

  constructor(settings: FakeToolSettings) {
    const { tool, owner, read, store } = settings;
    this.tool = tool;
    const id = settings.shared?.id ?? `fake-tool:${randomUUID()}`;
    this.#script = new ToolScript({ owner, tool, root: 'answers', read, store, id });
    this.#book = new ToolBook(owner, () => [this.#script], settings.scope, settings.shared?.raised);
    this.#scopes = settings.scopes;
    this.#scope = settings.scope;
  }

  /** Answers a call of the tool; never hands it to the tool's own `run`. */
  readonly run = async (
    input: unknown,
    call: ToolCall,
    context: ToolContext,
    _real: () => Promise<unknown>,
  ): Promise<unknown> => {
    const { runId, step, callId, signal } = context;
    const scope = this.#scope ?? this.#scopes.current();
    const sent: ToolSent = { tool: call.tool, input, scope, runId, step, callId };
    this.#book.sent.push(sent);
    let answer;
    try {
      answer = await this.#script.take(input, { scope, signal, runId, step, callId });
    } catch (error) {
      await this.#book.raised(error, sent);
      throw error;
    }
    if (answer.fail !== undefined) throw new ToolError(answer.fail);
    return answer.output;
  };

  /**
   * Each call the fake was sent, oldest first (the latest 10,000): the tool, its input, the scope,
   * and the run, step and call id that asked for it. Frozen. In a Redis namespace, this app's calls only.
   */
  get sent(): readonly ToolSent[] {
    return this.#book.sent.calls;
  }

  /** The answers no call took: in `scope` when named, else in every scope the tool was called in. */
  pending(scope?: string): Promise<readonly PendingToolAnswer[]> {
    return this.#book.pending(scope);
  }

  /** Everything `verify(scope)` would report, one finding per line, without throwing. */
  findings(scope?: string): Promise<readonly Finding[]> {
    return this.#book.findings(scope);
  }

  /**
   * Throws `T0125` when a call raised a test author's error (a call past the last answer, `T0123`),
   * even one the app caught; then `T0124` when an answer was never used, naming each with its scope.
   */
  verify(scope?: string): Promise<void> {
    return this.#book.verify(scope);
  }

  /** Forgets the calls sent and the errors kept, as `app.reset()` does. */
  forget(): void {
    this.#book.forget();
  }

  /** With `calls`, forgets the calls sent in `scope`, closed (`app.scope(id).close()`); its errors stay for `verify`. */
  close(scope: string, calls: boolean): void {
    if (calls) this.#book.close(scope);
  }
}
