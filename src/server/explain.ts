import type { IncomingHttpHeaders } from 'node:http';
import { StandinError, bareMessage } from '../errors/StandinError.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import { SCOPE_HEADER } from './resolveScope.js';
import { authorsError } from './ScopeLedger.js';
import { inScripts } from './scriptPaths.js';
import { IDEMPOTENCY_HEADER, RETRY_HEADER } from './StepKeys.js';

/** What a request told the server, for advice on its error. */
export interface Asked {
  /** The scope it ran in (`''` for the default scope). */
  readonly scope: string;
  readonly headers: IncomingHttpHeaders;
  /** It was not marked as a retry, and had the path and body of a request remembered in its scope. */
  readonly unmarkedRepeat: boolean;
  /** The server scripts its own models (from scripts documents and `server.fake`), not a given app's. */
  readonly ownScripts: boolean;
}

/**
 * A test author's error in the wire's terms: a script is named by its path in the scripts document; a `T0013` repeating
 * the last request unmarked says how to mark a retry; `T0041`/`T0042` name the scope header.
 */
export function explain(error: unknown, asked: Asked): unknown {
  const found = authorsError(error);
  if (found === undefined) return error;
  const advice = adviceFor(found.code, asked);
  const message = asked.ownScripts ? inScripts(bareMessage(found)) : bareMessage(found);
  if (advice === undefined && message === bareMessage(found)) return error;
  return new StandinError(found.code, advice === undefined ? message : `${message}\n${advice}`, { cause: found });
}

function adviceFor(code: string, asked: Asked): string | undefined {
  if (code === 'T0013' && asked.unmarkedRepeat) {
    return (
      `Over the wire: this request has the body of an earlier request in its scope but is not marked as a ` +
      `retry, so it is the next step. If it is a retry, send the header ${RETRY_HEADER}: 1 (or the same ` +
      `${IDEMPOTENCY_HEADER} header on every attempt): it then gets the answer its first attempt got.`
    );
  }
  if (code === 'T0041' || code === 'T0042') {
    const what = code === 'T0041' ? 'the model' : 'the classifier';
    if (asked.scope === DEFAULT_SCOPE) {
      return (
        `Over the wire: this request sent no ${SCOPE_HEADER} header, so it ran outside the scopes ${what} is ` +
        `scripted for. Send the header ${SCOPE_HEADER}: <id> naming the scope the script was loaded for (a client ` +
        `that can set no header: the API key scope:<id>), or script ${what} for every scope.`
      );
    }
    const by = asked.headers[SCOPE_HEADER] === undefined ? 'API key scope:<id>' : `${SCOPE_HEADER} header`;
    return (
      `Over the wire: this request's scope is '${asked.scope}', the one its ${by} names. Send the header of a ` +
      `scope ${what} is scripted for, or script ${what} for '${asked.scope}' too.`
    );
  }
  return undefined;
}
