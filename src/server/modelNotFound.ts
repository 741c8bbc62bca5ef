import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import type { DialectAnswers } from './dialects/DialectAnswers.js';
import { SCOPE_HEADER } from './resolveScope.js';
import type { WireError } from './WireError.js';

/** Where a request ran, for a 404's advice: its scope, and the scopes that script the model it asked for. */
export interface NotFoundScope {
  /** The request's scope (`''` for the default scope). */
  readonly scope: string;
  /** The scopes whose own scripts serve the model. */
  readonly scriptedIn: readonly string[];
}

/**
 * The provider's 404 for an unscripted model (`W0003`), naming the scope and, when others script it, the scope header.
 */
export function modelNotFound(
  dialect: DialectAnswers,
  model: unknown,
  scripted: readonly string[],
  where?: NotFoundScope,
): WireError {
  const name = typeof model === 'string' ? model : JSON.stringify(model);
  const list = scripted.length > 0 ? scripted.join(', ') : 'none';
  let fix =
    `The wire server scripts these models here: ${list}. Script '${name}' (server.fake, or PUT ` +
    `/__standin/scripts), or call one of them.`;
  if (where !== undefined) {
    const here =
      where.scope === DEFAULT_SCOPE
        ? `the default scope (the request sent no ${SCOPE_HEADER} header)`
        : `scope '${where.scope}'`;
    const shown = where.scriptedIn
      .slice(0, 5)
      .map((scope) => `'${scope}'`)
      .join(', ');
    const elsewhere =
      where.scriptedIn.length > 0
        ? ` It is scripted for scope${where.scriptedIn.length === 1 ? '' : 's'} ` +
          `${shown}${where.scriptedIn.length > 5 ? ', ...' : ''}: send the header ${SCOPE_HEADER}: <id> naming one.`
        : '';
    fix =
      `The request ran in ${here}, where the wire server scripts these models: ${list}.${elsewhere} Else script ` +
      `'${name}' for this scope or every scope (server.fake, or PUT /__standin/scripts), or call one of them.`;
  }
  return dialect.notFound(name, fix);
}
