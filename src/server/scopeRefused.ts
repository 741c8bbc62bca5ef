import { StandinError } from '../errors/StandinError.js';

/** `W0013`: a server serving an app's fakes scripts them for every scope, never for one scope alone. */
export function scopeRefused(what: string, scope: string): StandinError {
  return new StandinError(
    'W0013',
    `a server serving an app's fakes scripts them for every scope; it cannot script ${what} for scope '${scope}' ` +
      `alone. Leave the scope out, or make the server without app.`,
  );
}
