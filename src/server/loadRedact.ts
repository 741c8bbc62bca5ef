import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StandinError } from '../errors/StandinError.js';
import type { RedactFunction } from '../fakes/cassettes/redactSecrets.js';

/**
 * The redact function of the module at `path` (`--redact <module>`): its default export, or its `redact` export.
 *
 * @throws {StandinError} `V0012` for a module that does not load or has no such function.
 */
export /** The redact function of the module at `path`: its default export, or its `redact` export. */
async function loadRedact(path: string): Promise<RedactFunction> {
  let module: { default?: unknown; redact?: unknown };
  try {
    module = (await import(pathToFileURL(resolve(path)).href)) as typeof module;
  } catch (error) {
    throw new StandinError('V0012', `--redact ${path} does not load: ${(error as Error).message}`, { cause: error });
  }
  const redact = typeof module.default === 'function' ? module.default : module.redact;
  if (typeof redact !== 'function') {
    throw new StandinError(
      'V0012',
      `--redact ${path} has no redact function: export one as the default export or as 'redact', such as ` +
        `export default (text) => text.replaceAll('alice@example.com', '[email]').`,
    );
  }
  return redact as RedactFunction;
}
