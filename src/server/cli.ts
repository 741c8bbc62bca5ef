#!/usr/bin/env node
// The `standin` command: `standin serve --scripts scripts.json`. See serveCommand for what it does.
import { serveCommand } from './serveCommand.js';

const started = await serveCommand(process.argv.slice(2), { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) });
if (typeof started === 'number') {
  process.exitCode = started;
} else {
  const stop = (): void => {
    void started.close().then(() => {
      process.stdout.write('standin wire server stopped\n');
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
