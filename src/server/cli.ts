#!/usr/bin/env node
// The `standin` command: `standin serve --scripts scripts.json`. See serveCommand for what it does.
import { serveCommand } from './serveCommand.js';
import { stopOnSignals } from './stopOnSignals.js';

const output = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};
// Signals are taken before the server starts: one that comes while it starts stops it once started.
const started = serveCommand(process.argv.slice(2), output);
stopOnSignals(
  started.then((result) => (typeof result === 'number' ? undefined : result)),
  output,
);
const result = await started;
if (typeof result === 'number') process.exitCode = result;
