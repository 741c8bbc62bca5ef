import { existsSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { StandinError, bareMessage } from '../errors/StandinError.js';
import { readCassette } from '../fakes/cassettes/readCassette.js';
import { cassetteSteps } from '../fakes/transcript/cassetteSteps.js';
import { inspectorPage } from './inspectorPage.js';
import type { CommandOutput } from './serveCommand.js';

/**
 * Runs `standin inspect <cassette.json> [-o out.html]`: the cassette's inspector page as static HTML. Answers 0, or 2
 * after printing what was wrong.
 */
export function inspectCommand(args: readonly string[], output: CommandOutput): number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { out: { type: 'string', short: 'o' } } });
  } catch (error) {
    output.err(`W0030: ${(error as Error).message}. Run standin inspect <cassette.json> [-o out.html].`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) {
    output.err(
      `W0030: standin inspect takes one cassette; got ${positionals.length === 0 ? 'none' : positionals.join(' ')}. ` +
        'Run standin inspect <cassette.json> [-o out.html].',
    );
    return 2;
  }
  const path = positionals[0]!;
  if (!existsSync(path)) {
    output.err(`W0031: ${path}: there is no such cassette. Give the path of a cassette an app recorded.`);
    return 2;
  }
  let page: string;
  try {
    const { entries } = readCassette(path);
    page = inspectorPage({
      title: basename(path),
      live: false,
      scopes: [{ scope: '', steps: cassetteSteps(entries), pending: [], verify: [] }],
    });
  } catch (error) {
    if (!(error instanceof StandinError)) throw error;
    output.err(`${error.code}: ${bareMessage(error)}`);
    return 2;
  }
  if (values.out === undefined) {
    output.out(page);
    return 0;
  }
  try {
    writeFileSync(values.out, page);
  } catch (error) {
    output.err(
      `W0032: ${values.out}: cannot write the page: ${(error as Error).message}. Give -o a path that can be written.`,
    );
    return 2;
  }
  output.out(`wrote ${values.out}: ${path}, as a page`);
  return 0;
}
