import { stableJson } from './stableJson.js';

/**
 * One tool run a cassette with `tools: true` keeps beside the reply entry whose answer asked for it:
 * the tool's name, its input as the model gave it (the call's `with`), and what the model read back,
 * the tool's `output` or its `error` message.
 *
 * @example
 * ```ts
 * const run: RecordedToolRun = { tool: 'lookUpOrder', input: { order: 7 }, output: { ships: 'Monday' } };
 * const failed: RecordedToolRun = { tool: 'openTicket', input: { title: 'Card' }, error: 'The ticket system is down.' };
 * ```
 */
export type RecordedToolRun =
  | { readonly tool: string; readonly input: unknown; readonly output: unknown }
  | { readonly tool: string; readonly input: unknown; readonly error: string };

const runKeys: ReadonlySet<string> = new Set(['tool', 'input', 'output', 'error']);

/** What is wrong with an entry's `tools` (runs, in a reply entry only), or undefined. */
export function toolRunsProblem(call: string, tools: unknown, root: string): string | undefined {
  if (tools === undefined) return undefined;
  if (call !== 'reply') return `${root}.tools: tool runs sit beside the reply that asked for them; remove them here.`;
  if (!Array.isArray(tools)) return `${root}.tools: expected a list of tool runs, got ${kindOf(tools)}.`;
  for (const [i, run] of tools.entries()) {
    const at = `${root}.tools[${i}]`;
    const shape = 'a tool run { tool, input, output } or { tool, input, error }';
    if (typeof run !== 'object' || run === null || Array.isArray(run)) return `${at}: expected ${shape}.`;
    const unknown = Object.keys(run).find((key) => !runKeys.has(key));
    if (unknown !== undefined) return `${at}.${unknown}: not a field of ${shape}. Remove it.`;
    const { tool, error } = run as Record<string, unknown>;
    if (typeof tool !== 'string' || tool.length === 0) return `${at}.tool: expected the tool's name, a string.`;
    if (!Object.hasOwn(run, 'input')) return `${at}: add input, the tool's input as the model gave it.`;
    const answers = Number(Object.hasOwn(run, 'output')) + Number(Object.hasOwn(run, 'error'));
    if (answers !== 1) return `${at}: give exactly one of output (what the tool answered) or error (its message).`;
    if (error !== undefined && typeof error !== 'string') return `${at}.error: expected the error's message, a string.`;
  }
  return undefined;
}

/**
 * A run's key: tool name and the input's canonical JSON, so key order and hand edits that keep the content do not
 * matter.
 */
export function toolKey(tool: string, input: unknown): string {
  return `${tool}\u0000${stableJson(input)}`;
}

/** A tool run in one line, for messages: `lookUpOrder {"order":7} → {"ships":"Monday"}`. */
export function toolRunLine(run: RecordedToolRun): string {
  const answer = 'error' in run ? `failed: ${run.error}` : `→ ${JSON.stringify(run.output) ?? 'null'}`;
  const text = `${run.tool} ${JSON.stringify(run.input) ?? 'null'} ${answer}`;
  return text.length <= 120 ? text : `${text.slice(0, 119)}…`;
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
