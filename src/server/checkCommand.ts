import { StandinError, bareMessage } from '../errors/StandinError.js';
import type { StandinConfigInput } from '../config/configSchema.js';
import { classifierOf } from '../fakes/cassettes/missError.js';
import type { RedactFunction } from '../fakes/cassettes/redactSecrets.js';
import { checkCassette, type CassetteCheck, type CheckedEntry } from './checkCassette.js';
import { readRegularFile } from './regularFile.js';
import type { CommandOutput } from './serveCommand.js';

/** The largest config file read: a config is a few lines. */
const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

/** What `standin cassettes check` was given besides its files. */
export interface CheckArguments {
  readonly config: string | undefined;
  readonly update: boolean;
  readonly tolerance: string | undefined;
  readonly redact: RedactFunction | undefined;
}

/**
 * Runs `standin cassettes check`: a line per entry, what changed and a diff under each changed one, a summary per file.
 * 0 nothing changed in structure, 1 something did, 2 bad arguments or a file that cannot be read, 3 an entry could not
 * be checked (the provider not reached, or the key refused) and none changed.
 */
export async function checkCommand(
  files: readonly string[],
  args: CheckArguments,
  output: CommandOutput,
): Promise<number> {
  if (args.config === undefined) {
    output.err('V0012: check needs the config of the live providers: --config <config.json>.');
    return 2;
  }
  const tolerance = args.tolerance === undefined ? undefined : Number(args.tolerance);
  if (tolerance !== undefined && (args.tolerance!.trim() === '' || !Number.isFinite(tolerance) || tolerance < 0)) {
    output.err(
      `V0012: --tolerance ${args.tolerance} is not a fraction: give how far units may move, 0 or more, such as 0.5 ` +
        `(±50%).`,
    );
    return 2;
  }
  let config: StandinConfigInput;
  try {
    config = readConfig(args.config);
  } catch (error) {
    output.err(`${(error as StandinError).code}: ${bareMessage(error)}`);
    return 2;
  }
  let code = 0;
  for (const file of files) {
    let report: CassetteCheck;
    try {
      report = await checkCassette(file, {
        config,
        update: args.update,
        unitsTolerance: tolerance,
        redact: args.redact,
      });
    } catch (error) {
      const prefix = error instanceof StandinError ? `${error.code}: ` : `${file}: `;
      output.err(`${prefix}${bareMessage(error)}`);
      code = 2;
      continue;
    }
    for (const entry of report.entries) for (const line of entryLines(entry)) output.out(line);
    output.out(summary(report));
    if (code !== 2 && report.code !== 0 && code !== 1) code = report.code;
  }
  return code;
}

/** The config file at `path`, as JSON. @throws {StandinError} `V0013` when it cannot be read or is not JSON. */
function readConfig(path: string): StandinConfigInput {
  let text: string;
  try {
    text = readRegularFile(path, MAX_CONFIG_BYTES, 'config');
  } catch (error) {
    throw new StandinError('V0013', `--config ${path} cannot be read: ${bareMessage(error)}`, { cause: error });
  }
  try {
    return JSON.parse(text) as StandinConfigInput;
  } catch (error) {
    throw new StandinError(
      'V0013',
      `--config ${path} is not JSON (${(error as Error).message}). Give a JSON config such as {"models": {"writer": ` +
        `{"provider": "openai", "model": "gpt-4.1-mini"}}}, keys left to the environment.`,
    );
  }
}

function entryLines(entry: CheckedEntry): string[] {
  const who = entry.model === undefined ? classifierOf(undefined) : `${entry.model} ${entry.call}`;
  const head = `entries[${entry.position}] ${who}: ${entry.verdict}`;
  if (entry.reason !== undefined) return [`${head}: ${entry.reason}`];
  if (entry.verdict === 'wording only' && entry.wording.length > 0) return [`${head} (${entry.wording.join(', ')})`];
  if (entry.verdict !== 'changed') return [head];
  return [
    head,
    ...entry.changes.map((change) => `  ${change}`),
    '  the recorded answer ("-") against the new one ("+"):',
    ...(entry.diff ?? []).map((line) => `    ${line}`),
  ];
}

function summary(report: CassetteCheck): string {
  const counts = new Map<string, number>();
  for (const entry of report.entries) counts.set(entry.verdict, (counts.get(entry.verdict) ?? 0) + 1);
  const parts = ['same', 'wording only', 'changed', 'error', 'not checked'].flatMap((verdict) =>
    counts.has(verdict) ? [`${counts.get(verdict)} ${verdict}`] : [],
  );
  const count = report.entries.length;
  const updated =
    report.updated.length === 0
      ? ''
      : `; recorded again ${report.updated.map((position) => `entries[${position}]`).join(', ')}`;
  return `${report.path}: ${count} entr${count === 1 ? 'y' : 'ies'}${parts.length === 0 ? '' : `: ${parts.join(', ')}`}${updated}`;
}
