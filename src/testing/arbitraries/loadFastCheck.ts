import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as FastCheckModule from 'fast-check';
import { StandinError } from '../../errors/StandinError.js';

/** fast-check's namespace, as `import * as fc from 'fast-check'` gives it. */
export type FastCheck = typeof FastCheckModule;

/** How fast-check is loaded: the default reads it from where standin is installed. */
export type LoadFastCheck = () => FastCheck;

let loaded: FastCheck | undefined;

/**
 * fast-check, loaded when an arbitrary is first asked for, so `standin/arbitraries` loads without it (it is an optional
 * peer). An arbitrary must be made synchronously, so it is `require`d: the file `import` resolves to (Node's
 * `import.meta.resolve`), which Node's `require` of an ES module hands back as the very instance a test's
 * `import fc from 'fast-check'` holds; where that cannot be done, its CommonJS build (fast-check tells an arbitrary by
 * its methods, not its class, so `fc.assert` takes arbitraries of either build).
 *
 * @throws {StandinError} `T0110` when fast-check is not installed.
 */
export function loadFastCheck(load: LoadFastCheck = requireFastCheck): FastCheck {
  if (load === requireFastCheck && loaded !== undefined) return loaded;
  let fc: FastCheck;
  try {
    fc = load();
  } catch (error) {
    throw new StandinError(
      'T0110',
      "arbitraryAnswer / arbitraryScript need the package 'fast-check', and it cannot be loaded " +
        `(${error instanceof Error ? error.message.split('\n')[0] : String(error)}). Install it beside standin: ` +
        'npm install --save-dev fast-check.',
      { cause: error },
    );
  }
  if (load === requireFastCheck) loaded = fc;
  return fc;
}

function requireFastCheck(): FastCheck {
  const require = createRequire(import.meta.url);
  if (typeof import.meta.resolve === 'function') {
    try {
      return require(fileURLToPath(import.meta.resolve('fast-check'))) as FastCheck;
    } catch {
      // A runtime that cannot require an ES module (or resolve it): the CommonJS build below.
    }
  }
  return require('fast-check') as FastCheck;
}
