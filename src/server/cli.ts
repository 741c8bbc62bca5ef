#!/usr/bin/env node
// The `standin` command: `standin serve --scripts scripts.json` (see serveCommand), `standin inspect <cassette.json>`
// (see inspectCommand) and `standin cassettes prune|redact|check` (see cassettesCommand).
import { cassettesCommand } from './cassettesCommand.js';
import { inspectCommand } from './inspectCommand.js';
import { OUTLIVE_PARENT, serveCommand } from './serveCommand.js';
import { stopOnSignals } from './stopOnSignals.js';

const output = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};
const args = process.argv.slice(2);
if (args[0] === 'cassettes') {
  process.exitCode = await cassettesCommand(args.slice(1), output);
} else if (args[0] === 'inspect') {
  process.exitCode = inspectCommand(args.slice(1), output);
} else {
  await serve();
}

async function serve(): Promise<void> {
  // Signals are taken before the server starts: one that comes while it starts stops it once started.
  const started = serveCommand(args, output);
  const outlive = args.includes(OUTLIVE_PARENT);
  // A server that outlives its starter may outlive the reader of its output too: a line nobody reads is dropped.
  if (outlive) for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  stopOnSignals(
    started.then((result) => (typeof result === 'number' ? undefined : result)),
    output,
    { watchParent: !outlive },
  );
  const result = await started;
  if (typeof result === 'number') process.exitCode = result;
}
