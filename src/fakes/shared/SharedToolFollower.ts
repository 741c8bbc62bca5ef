import { ToolError, type ToolRun } from '../../services/runs/ToolRun.js';
import type { Scopes } from '../../services/scopes/Scopes.js';
import type { Finding } from '../script/Finding.js';
import type { ToolStandIn } from '../slot/ToolStandIn.js';
import { ToolBook, type ToolSent } from '../tools/ToolBook.js';
import { ToolScript } from '../tools/ToolScript.js';
import type { SharedTools } from './SharedTools.js';

/**
 * A namespace's stand-in in front of every tool: a tool some process faked takes the next published answer in the
 * call's scope, shared by every process; others run as they are. `T0123` is recorded for the publisher's `verify()`.
 */
export class SharedToolFollower implements ToolStandIn {
  readonly #tools: SharedTools;
  readonly #scopes: Scopes;
  readonly #book: ToolBook;
  readonly #owner: string;

  constructor(tools: SharedTools, scopes: Scopes, owner: string) {
    this.#tools = tools;
    this.#scopes = scopes;
    this.#owner = owner;
    this.#book = new ToolBook(owner, () => [], undefined);
  }

  readonly run: ToolRun = async (input, call, context, next) => {
    const published = await this.#tools.published(call.tool);
    if (published === undefined) return next();
    const { runId, step, callId, signal } = context;
    const scope = this.#scopes.current();
    const sent: ToolSent = { tool: call.tool, input, scope, runId, step, callId };
    this.#book.sent.push(sent);
    const script = new ToolScript({
      owner: `${this.#owner} (tool '${call.tool}')`,
      tool: call.tool,
      root: 'answers',
      read: { kind: 'list', answers: published.answers },
      store: this.#tools.store,
      id: this.#tools.scriptOf(call.tool, published.gen),
    });
    let answer;
    try {
      answer = await script.take(input, { scope, signal, runId, step, callId });
    } catch (error) {
      const noted = await this.#book.raised(error, sent);
      if (noted !== undefined) await this.#tools.raised(call.tool, published.gen).record(noted, published.gen);
      throw error;
    }
    if (answer.fail !== undefined) throw new ToolError(answer.fail);
    return answer.output;
  };

  /** The calls this container's stand-in answered from the namespace, oldest first. */
  get sent(): readonly ToolSent[] {
    return this.#book.sent.calls;
  }

  /** The test author's errors this container's calls raised (`T0125`). */
  findings(): Promise<readonly Finding[]> {
    return this.#book.findings();
  }

  forget(): void {
    this.#book.forget();
  }
}
