import { StandinError } from '../../errors/StandinError.js';
import type { ToolCall } from '../../services/spec/Provider.js';
import type { CassetteEntry } from './cassetteSchema.js';
import type { CassetteMode } from './cassetteSettings.js';
import { diffSize, lineDiff } from './lineDiff.js';
import { stableJson } from './stableJson.js';
import type { RecordedToolRun } from './toolRuns.js';

/** How many recorded tool runs the nearest-run search compares at most: a miss stays quick. */
const NEAREST_LIMIT = 200;

/** What a replay miss of a tool run knows: the call, its step's entry, and the cassette's entries. */
export interface ToolMiss {
  readonly path: string;
  readonly call: ToolCall;
  /** The call's input as the cassette keeps it (plain JSON, scrubbed). */
  readonly input: unknown;
  readonly runId: string;
  readonly step: number;
  /** The position of the reply entry that answered the step. */
  readonly position: number;
  /** Which call of this tool and input this is in the step, from 1, and how many runs of it the entry has. */
  readonly count: number;
  readonly recorded: number;
  /** The file's entries, to find the nearest recorded run in when the step's entry has none of this tool. */
  readonly entries: readonly CassetteEntry[];
}

/** `V0020`: the call, its step's entry, and how often its input was recorded or a diff against the nearest run. */
export function toolMissError(miss: ToolMiss): StandinError {
  const lines = [
    `Cassette ${miss.path} (replay) has no recording for this tool run: tool '${miss.call.tool}' (call id ` +
      `'${miss.call.id}') in step ${miss.step} of run ${miss.runId}, whose reply is entries[${miss.position}].`,
  ];
  const nearest = miss.recorded > 0 ? undefined : nearestRun(miss);
  if (miss.recorded > 0) {
    lines.push(
      `Its input was recorded ${miss.recorded} time${miss.recorded === 1 ? '' : 's'} in that entry, and this is call ` +
        `${miss.count} of it: the model asks for the tool more often than when it was recorded.`,
    );
  } else if (nearest === undefined) {
    lines.push(`The cassette has no run of tool '${miss.call.tool}' at all. The call's input:`);
    lines.push(...indented(stableJson(miss.input)));
  } else {
    lines.push(
      `The call against the nearest recorded run, entries[${nearest.position}].tools[${nearest.index}] — "-" ` +
        `recorded, "+" this call:`,
    );
    lines.push(...lineDiff(runText(nearest.run.tool, nearest.run.input), runText(miss.call.tool, miss.input)));
  }
  lines.push(
    'Make the model ask for what was recorded, or record the run: run the tests with ' +
      'STANDIN_CASSETTES=record-missing (keys set, the tool reachable), then commit the cassette.',
  );
  return new StandinError('V0020', lines.join('\n'));
}

/** `V0021`: no entry answered the step's reply (a layer above did), so the tape has no place for the run. */
export function unplacedToolError(
  path: string,
  mode: CassetteMode,
  call: ToolCall,
  runId: string,
  step: number,
): StandinError {
  return new StandinError(
    'V0021',
    `Cassette ${path} (${mode}, tools: true) cannot ${mode === 'replay' ? 'replay' : 'record'} the run of tool ` +
      `'${call.tool}' (call id '${call.id}'): step ${step} of run ${runId} was not answered by the cassette (a fake ` +
      `or another layer above it answered the model), and a tool run is kept beside the reply that asked for it. ` +
      `Let the cassette answer the model too, or fake the tool (app.fakeTool), or leave tools out of the cassette.`,
  );
}

function runText(tool: string, input: unknown): string {
  return stableJson({ input, tool }).trimEnd();
}

function indented(text: string): string[] {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => `  ${line}`);
}

/** The recorded run nearest the call: of its tool in its step's entry, else of its tool anywhere, else in its entry. */
function nearestRun(
  miss: ToolMiss,
): { readonly position: number; readonly index: number; readonly run: RecordedToolRun } | undefined {
  const own = (miss.entries[miss.position]?.tools ?? []).map((run, index) => ({ position: miss.position, index, run }));
  const anywhere = miss.entries.flatMap((entry, position) =>
    (entry.tools ?? []).map((run, index) => ({ position, index, run })),
  );
  const sameTool = (list: typeof own) => list.filter(({ run }) => run.tool === miss.call.tool);
  const pool = [sameTool(own), sameTool(anywhere), own].find((list) => list.length > 0) ?? [];
  const wanted = runText(miss.call.tool, miss.input);
  let best: { position: number; index: number; run: RecordedToolRun; size: number } | undefined;
  for (const candidate of pool.slice(0, NEAREST_LIMIT)) {
    const size = diffSize(runText(candidate.run.tool, candidate.run.input), wanted);
    if (best === undefined || size < best.size) best = { ...candidate, size };
  }
  return best;
}
