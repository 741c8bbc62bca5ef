import { bareMessage, type StandinError } from '../../errors/StandinError.js';
import { ToolError } from '../../services/runs/ToolRun.js';
import type { ToolContext } from '../../services/runs/tool.js';
import type { ToolCall } from '../../services/spec/Provider.js';
import type { Finding } from '../script/Finding.js';
import type { ToolStandIn } from '../slot/ToolStandIn.js';
import type { CassetteTape } from './CassetteTape.js';
import { plainJson } from './plainJson.js';
import { toolKey, toolRunLine, type RecordedToolRun } from './toolRuns.js';
import { toolMissError, unplacedToolError } from './toolMiss.js';

/** How many errors calls raised a cassette keeps for `app.verify()`: the first ones say enough. */
const MAX_RAISED = 20;

/**
 * A cassette's stand-in in front of every tool (`tools: true`): a tool run is kept in the `tools` of the reply entry
 * that answered its step, matched by tool name and the input's canonical JSON, the nth call taking the nth run. Replay
 * never runs the tool (a recorded error is thrown as a `ToolError`, which the model reads); `record` runs it and keeps
 * what it answered.
 */
export class ToolTape implements ToolStandIn {
  readonly #tape: CassetteTape;
  /** Per entry, the indexes of its runs a call replayed. */
  readonly #taken = new Map<number, Set<number>>();
  /**
   * Each run's place among its step's calls, so runs are written in the order the reply asked, however the tools
   * finished.
   */
  readonly #orders = new Map<number, number[]>();
  readonly #raised: Finding[] = [];

  constructor(tape: CassetteTape) {
    this.#tape = tape;
  }

  readonly run = async (
    _input: unknown,
    call: ToolCall,
    context: ToolContext,
    next: () => Promise<unknown>,
  ): Promise<unknown> => {
    const tape = this.#tape;
    const step = tape.steps.get(`${context.runId}#${context.step}`);
    if (step === undefined)
      throw this.#raise(unplacedToolError(tape.path, tape.mode, call, context.runId, context.step));
    const input = plainJson(call.with ?? null, `the input of tool '${call.tool}'`, tape.scrub);
    const key = toolKey(call.tool, input);
    const n = step.counts.get(key) ?? 0;
    step.counts.set(key, n + 1);
    const runs = tape.entry(step.position)?.tools ?? [];
    const matches = runs.flatMap((run, index) => (toolKey(run.tool, run.input) === key ? [index] : []));
    const at = matches[n];
    if (tape.mode !== 'record' && at !== undefined) {
      this.#takenOf(step.position).add(at);
      const run = runs[at]!;
      if ('error' in run) throw new ToolError(run.error);
      return run.output;
    }
    if (tape.mode === 'replay') {
      const { path } = tape;
      const where = { runId: context.runId, step: context.step, position: step.position };
      const counts = { count: n + 1, recorded: matches.length };
      throw this.#raise(toolMissError({ path, call, input, ...where, ...counts, entries: tape.file().entries }));
    }
    let output: unknown;
    try {
      output = await next();
    } catch (error) {
      if (!context.signal.aborted) {
        const message = tape.scrub(error instanceof Error ? error.message : String(error));
        this.#add(step.position, n, key, call, { tool: call.tool, input, error: message });
      }
      throw error;
    }
    const kept = plainJson(output ?? null, `the output of tool '${call.tool}'`, tape.scrub);
    this.#add(step.position, n, key, call, { tool: call.tool, input, output: kept });
    return output;
  };

  /** Each run of the file's entries that were replayed which no call replayed (`V0022`), then the errors calls raised. */
  findings(): Finding[] {
    const tape = this.#tape;
    const unreplayed = new Set(tape.unreplayed().map(({ position }) => position));
    const found: Finding[] = [];
    for (let position = 0; position < tape.keptCount; position++) {
      const runs = tape.entry(position)?.tools;
      if (runs === undefined || unreplayed.has(position)) continue;
      const fromFile = this.#orders.get(position)?.filter((order) => order === -1).length ?? runs.length;
      const taken = this.#taken.get(position);
      for (let index = 0; index < fromFile; index++) {
        if (taken?.has(index) === true) continue;
        found.push({
          scope: '',
          code: 'V0022',
          line: `entries[${position}].tools[${index}] ${toolRunLine(runs[index]!)} never replayed`,
        });
      }
    }
    return [...found, ...this.#raised];
  }

  /**
   * Puts a run on its entry in the reply's order, unless another scope already put it there: every run is in the file
   * once.
   */
  #add(position: number, n: number, key: string, call: ToolCall, run: RecordedToolRun): void {
    const tape = this.#tape;
    const entry = tape.entry(position)!;
    const runs = [...(entry.tools ?? [])];
    if (runs.filter((other) => toolKey(other.tool, other.input) === key).length > n) return;
    const orders = this.#orders.get(position) ?? runs.map(() => -1);
    const ids = tape.prepared(position).parts.flatMap((part) => (part.type === 'call' ? [part.call.id] : []));
    const order = ids.includes(call.id) ? ids.indexOf(call.id) : ids.length;
    let at = orders.length;
    while (at > 0 && orders[at - 1]! > order) at--;
    runs.splice(at, 0, run);
    orders.splice(at, 0, order);
    this.#orders.set(position, orders);
    tape.replace(position, { ...entry, tools: runs });
  }

  #takenOf(position: number): Set<number> {
    let taken = this.#taken.get(position);
    if (taken === undefined) this.#taken.set(position, (taken = new Set()));
    return taken;
  }

  #raise(error: StandinError): StandinError {
    if (this.#raised.length < MAX_RAISED) this.#raised.push({ scope: '', code: error.code, line: bareMessage(error) });
    return error;
  }
}
