import { parseArgs } from 'node:util';
import { StandinError, bareMessage } from '../errors/StandinError.js';
import { pruneCassette, readUsage } from '../fakes/cassettes/pruneCassette.js';
import { MAX_CASSETTE_BYTES } from '../fakes/cassettes/readCassette.js';
import { redactCassette } from '../fakes/cassettes/redactCassette.js';
import type { RedactFunction } from '../fakes/cassettes/redactSecrets.js';
import { USAGE_VARIABLE } from '../fakes/cassettes/usageLog.js';
import { writeFileSafely } from '../fakes/cassettes/writeFileSafely.js';
import { checkCommand } from './checkCommand.js';
import { loadRedact } from './loadRedact.js';
import { readRegularFile } from './regularFile.js';
import type { CommandOutput } from './serveCommand.js';

/** What `standin cassettes --help` prints. */
export const CASSETTES_HELP = `Usage: standin cassettes prune [--usage <file>] [--dry-run] <cassette.json>...
       standin cassettes redact [--redact <module>] [--dry-run] <cassette.json>...
       standin cassettes check --config <config.json> [--update] [--tolerance <fraction>] [--redact <module>]
                               <cassette.json>...

prune   removes the entries the last test run did not replay. Run the tests with
        ${USAGE_VARIABLE}=<file> first (delete the file before the run); --usage names that
        file (default: ${USAGE_VARIABLE}). Every other byte of the file stays as it was.
redact  applies today's redaction (API keys in the environment, auth headers, bearer tokens,
        credentials in URLs) and a module's redact function to files recorded before them.
        The module's default export (or its 'redact' export) maps a string to a string.
        The file is written again in the format standin writes.
check   sends each recorded request to the live provider the config names (keys from the config or the
        environment, as when recording; one attempt, no fallback) and says of each entry: same, wording only
        (same finish, tool calls by name with inputs of the same keys and types, a typed value that fits the
        request's schema, units within the tolerance; text may differ), changed (with what changed and a diff),
        error (the provider not reached, or the key refused) or not checked (an entry with a when, or
        of a call other than reply).
        Exits 0 when nothing changed in structure, 1 when something did, 3 when an entry could not be
        checked and none changed, 2 for bad arguments or a file that cannot be read.

  --dry-run          says what would change and writes nothing (prune, redact)
  --redact <module>  a module's redact function, for the recorded texts (redact) or the new answers (check)
  --config <file>    the JSON config of the live providers (check)
  --update           records again, in the file, the entries that changed; every other byte stays (check)
  --tolerance <f>    how far units may move, as a fraction of the recorded count: 0.5 (the default) is ±50% (check)
`;

/** The largest usage file read: a note is a short line, and a run writes one per entry replayed. */
const MAX_USAGE_BYTES = 64 * 1024 * 1024;

/**
 * Runs `standin cassettes <prune|redact|check>`: 0 all done, 1 one refused (for check: one changed), 2 bad arguments;
 * check gives 3 for an entry the provider could not be asked about.
 */
export async function cassettesCommand(args: readonly string[], output: CommandOutput): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        usage: { type: 'string' },
        redact: { type: 'string' },
        'dry-run': { type: 'boolean' },
        config: { type: 'string' },
        update: { type: 'boolean' },
        tolerance: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    output.err(`V0012: ${(error as Error).message}. Run standin cassettes --help for the arguments.`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    output.out(CASSETTES_HELP);
    return 0;
  }
  const [action, ...files] = positionals;
  if ((action !== 'prune' && action !== 'redact' && action !== 'check') || files.length === 0) {
    output.err(
      `V0012: standin cassettes takes prune, redact or check, then one or more cassette files; got ` +
        `${positionals.length === 0 ? 'nothing' : positionals.join(' ')}. Run standin cassettes --help.`,
    );
    return 2;
  }
  const dry = values['dry-run'] === true;
  if (action === 'prune') {
    const usageFile = values.usage ?? process.env[USAGE_VARIABLE];
    if (usageFile === undefined || usageFile === '') {
      output.err(`V0012: prune needs the usage file a test run wrote: --usage <file>, or ${USAGE_VARIABLE} set.`);
      return 2;
    }
    let notes;
    try {
      notes = readUsage(readRegularFile(usageFile, MAX_USAGE_BYTES, 'usage file'), usageFile);
    } catch (error) {
      output.err(`V0009: ${usageFile}: cannot read the usage file: ${bareMessage(error)}`);
      return 2;
    }
    return eachFile(files, output, async (file, text) => {
      const { text: pruned, removed, entries } = pruneCassette(text, file, notes);
      if (removed.length > 0 && !dry) await writeFileSafely(file, pruned);
      const list = removed.length === 0 ? '' : ` (${removed.map((i) => `entries[${i}]`).join(', ')})`;
      return `${file}: ${dry ? 'would remove' : 'removed'} ${removed.length} of ${entries} entries${list}`;
    });
  }
  let user: RedactFunction | undefined;
  if (values.redact !== undefined) {
    try {
      user = await loadRedact(values.redact);
    } catch (error) {
      output.err(`V0012: ${bareMessage(error)}`);
      return 2;
    }
  }
  if (action === 'check') {
    const check = { config: values.config, update: values.update === true, tolerance: values.tolerance, redact: user };
    return checkCommand(files, check, output);
  }
  return eachFile(files, output, async (file, text) => {
    const { text: redacted, changed } = redactCassette(text, file, user);
    if (changed > 0 && !dry) await writeFileSafely(file, redacted);
    return `${file}: ${dry ? 'would rewrite' : 'rewrote'} ${changed} text${changed === 1 ? '' : 's'}`;
  });
}

/** Runs `task` on each file's text, printing its line or its refusal; 1 when any was refused. */
async function eachFile(
  files: readonly string[],
  output: CommandOutput,
  task: (file: string, text: string) => Promise<string>,
): Promise<number> {
  let code = 0;
  for (const file of files) {
    try {
      output.out(await task(file, readRegularFile(file, MAX_CASSETTE_BYTES, 'cassette')));
    } catch (error) {
      code = 1;
      const prefix = error instanceof StandinError ? `${error.code}: ` : `${file}: `;
      output.err(`${prefix}${bareMessage(error)}`);
    }
  }
  return code;
}
