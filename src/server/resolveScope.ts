import type { IncomingHttpHeaders } from 'node:http';
import { WireError } from './WireError.js';

/** The header a client names its scope in. */
export const SCOPE_HEADER = 'x-standin-scope';
/** The API key form that names a scope, for clients that can set a key but no header: `scope:<id>`. */
export const SCOPE_KEY_PREFIX = 'scope:';
/** The longest scope id the server takes. */
export const MAX_SCOPE_LENGTH = 200;

/**
 * A request's scope: `x-standin-scope`, else an API key `scope:<id>` in any provider's key header, else the default. An
 * id is 1 to 200 printable characters (`W0007`).
 */
export function resolveScope(headers: IncomingHttpHeaders): string | undefined {
  const header = headers[SCOPE_HEADER];
  if (header !== undefined) return check(Array.isArray(header) ? header[0] : header, `the ${SCOPE_HEADER} header`);
  const key = apiKey(headers);
  if (key?.startsWith(SCOPE_KEY_PREFIX))
    return check(key.slice(SCOPE_KEY_PREFIX.length), `the API key '${SCOPE_KEY_PREFIX}<id>'`);
  return undefined;
}

function apiKey(headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization;
  if (auth !== undefined && /^bearer /i.test(auth)) return auth.slice(7).trim();
  const key = headers['x-api-key'] ?? headers['api-key'] ?? headers['x-goog-api-key'];
  return Array.isArray(key) ? key[0] : key;
}

/** `id` when it is a scope id (1 to 200 printable characters, no spaces); `W0007` (400) naming `where` otherwise. */
export function checkScope(id: string | undefined, where: string): string {
  return check(id, where);
}

function check(id: string | undefined, where: string): string {
  if (id === undefined || id.length === 0 || id.length > MAX_SCOPE_LENGTH || !/^[\x21-\x7e]+$/.test(id)) {
    throw new WireError(
      'W0007',
      400,
      `The scope named by ${where} is not 1 to ${MAX_SCOPE_LENGTH} printable characters without spaces. Name the ` +
        `scope with such an id, such as 'test-42'.`,
      { type: 'invalid_request_error', param: 'scope', retry: false },
    );
  }
  return id;
}
