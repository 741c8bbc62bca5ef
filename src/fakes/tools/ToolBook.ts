import { StandinError } from '../../errors/StandinError.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { Finding } from '../script/Finding.js';
import {
  checkRaised,
  mergeRaised,
  raisedFindings,
  RaisedErrors,
  type RaisedError,
  type RaisedView,
} from '../script/RaisedErrors.js';
import { SentLog } from '../script/SentLog.js';
import type { PendingToolAnswer, ToolScript } from './ToolScript.js';

/** Where a namespace records the test author's errors calls of a published fake raised, in every process. */
export interface RaisedRecord {
  record(raised: RaisedError, gen: string | undefined): Promise<void>;
  read(): Promise<RaisedView>;
  forget(): void;
}

/** One call a fake tool (or a fake MCP server) was sent. */
export interface ToolSent {
  /** The tool, by the name it was called. */
  readonly tool: string;
  /** The input, as the tool got it (checked against the tool's shape first, for an app's tool). */
  readonly input: unknown;
  /** The scope the call was made in (`''` outside any scope). */
  readonly scope: string;
  /** The run, step and call that asked for it, for a tool the agent ran; absent for a call over MCP. */
  readonly runId?: string | undefined;
  readonly step?: number | undefined;
  readonly callId?: string | undefined;
}

/** How many calls a fake tool's `sent` keeps: the latest. */
export const TOOL_SENT_LIMIT = 10_000;

/**
 * A fake tool's or MCP server's record: calls sent, the test author's errors (kept for `verify` even when the app
 * caught them), unused answers.
 */
export class ToolBook {
  readonly owner: string;
  readonly sent = new SentLog<ToolSent>(TOOL_SENT_LIMIT);
  readonly #scripts: () => readonly ToolScript[];
  /** The one scope the fake answers in, when it was made for one. */
  readonly #scope: string | undefined;
  readonly #raised = new RaisedErrors();
  /** In a namespace, where every process records the errors its calls raised. */
  readonly #shared: RaisedRecord | undefined;

  constructor(owner: string, scripts: () => readonly ToolScript[], scope: string | undefined, shared?: RaisedRecord) {
    this.owner = owner;
    this.#scripts = scripts;
    this.#scope = scope;
    this.#shared = shared;
  }

  /** Keeps a test author's error (a T or M004x code), recording it in a namespace before the call fails. */
  async raised(error: unknown, call: ToolSent, gen?: string): Promise<RaisedError | undefined> {
    const name =
      call.runId === undefined
        ? `a call of tool '${call.tool}'`
        : `call '${call.callId ?? ''}' of tool '${call.tool}' (step ${call.step ?? 0} of run '${call.runId}')`;
    const noted = this.#raised.note(error, { scope: call.scope, call: name }, (kept) => /^(T|M004)/.test(kept.code));
    if (noted !== undefined) await this.#shared?.record(noted, gen);
    return noted;
  }

  /** The errors kept: this process's, and in a namespace those every process recorded. */
  async #view(): Promise<RaisedView> {
    const own = this.#raised.view();
    return this.#shared === undefined ? own : mergeRaised(own, await this.#shared.read());
  }

  /** The answers of every script no call took: in `scope` when named, else in every scope. */
  async pending(scope?: string): Promise<readonly PendingToolAnswer[]> {
    const only = scope ?? this.#scope;
    const all: PendingToolAnswer[] = [];
    for (const script of this.#scripts()) all.push(...(await script.unused(only)).pending);
    return all;
  }

  /** Each test author's error a call raised (`T0125`), then each answer no call took (`T0124`). */
  async findings(scope?: string): Promise<readonly Finding[]> {
    const only = scope ?? this.#scope;
    const found: Finding[] = raisedFindings(await this.#view(), 'T0125', only);
    for (const script of this.#scripts()) found.push(...(await script.unused(only)).findings);
    return found;
  }

  /** Throws `T0125` for the errors raised, then `T0124` for the answers no call took. */
  async verify(scope?: string): Promise<void> {
    const only = scope ?? this.#scope;
    checkRaised(await this.#view(), 'T0125', this.owner, only);
    const pending = await this.pending(only);
    if (pending.length === 0) return;
    const lines = (await this.findings(only))
      .filter((finding) => finding.code === 'T0124')
      .map(
        (finding) =>
          `  ${finding.scope === DEFAULT_SCOPE ? 'In the default scope' : `In scope '${finding.scope}'`}: ${finding.line}`,
      );
    throw new StandinError(
      'T0124',
      `${this.owner}: ${pending.length} tool answer${pending.length === 1 ? ' was' : 's were'} never used:\n` +
        `${lines.join('\n')}\nRemove them, or find why the app called the tool fewer times than the test expects.`,
    );
  }

  /** Forgets the calls sent in `scope`, now closed; the errors its calls raised stay, for `verify`. */
  close(scope: string): void {
    this.sent.drop((call) => call.scope === scope);
  }

  /** Forgets the calls sent and the errors kept; the cursors live in the store, which is reset apart. */
  forget(): void {
    this.sent.clear();
    this.#raised.clear();
    this.#shared?.forget();
  }
}
