import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PendingAnswer } from '../fakes/model/SentCall.js';
import { readBody, readJson } from './readBody.js';
import { sendJson } from './respond.js';
import type { Scripts } from './scriptsSchema.js';
import type { SentEntry } from './SentEntry.js';
import { WireError } from './WireError.js';

/** The path every control API route starts with. */
export const CONTROL_PREFIX = '/__standin/';

/** What the control API drives: the server's own methods. */
export interface ControlTarget {
  load(scripts: Scripts, scope?: string): void;
  readonly sent: readonly SentEntry[];
  pending(scope?: string): Promise<Record<string, Record<string, readonly PendingAnswer[]>>>;
  reset(scope?: string): Promise<void>;
}

/**
 * The control API under `/__standin/`, for tests in any language; every route needs the server's
 * token (`Authorization: Bearer <token>` or `x-standin-token: <token>`), else 401 (`W0006`).
 *
 * - `PUT /__standin/scripts[?scope=id]`: load scripts (the scripts file's shape) for every scope, or one.
 * - `GET /__standin/sent[?scope=id]`: what clients asked, in order (never an API key).
 * - `GET /__standin/pending[?scope=id]`: the answers not given yet, per scope and model.
 * - `POST /__standin/verify[?scope=id]`: 200 `{ ok: true }`, or 409 `{ ok: false, unused }`.
 * - `POST /__standin/reset[?scope=id]`: forget cursors, `sent` and per-scope scripts (of one scope, or all).
 *
 * @example
 * ```ts
 * await control(request, response, url, server, token, limit);
 * ```
 */
export async function control(request: IncomingMessage, response: ServerResponse, url: URL, target: ControlTarget, token: string, limit: number): Promise<void> {
  if (!authorized(request, token)) {
    throw new WireError('W0006', 401, 'The control API needs the token the server printed when it started (or the one in STANDIN_TOKEN): send Authorization: Bearer <token> or x-standin-token: <token>.', {
      type: 'authentication_error',
      code: 'invalid_token',
      retry: false,
    });
  }
  const route = `${request.method ?? 'GET'} ${url.pathname.slice(CONTROL_PREFIX.length)}`;
  const scope = url.searchParams.get('scope') ?? undefined;
  switch (route) {
    case 'PUT scripts':
    case 'POST scripts': {
      target.load(readJson(await readBody(request, limit)) as Scripts, scope);
      return sendJson(response, 200, { ok: true, scope: scope ?? null });
    }
    case 'GET sent':
      return sendJson(response, 200, { sent: scope === undefined ? target.sent : target.sent.filter((entry) => entry.scope === scope) });
    case 'GET pending':
      return sendJson(response, 200, { pending: await target.pending(scope) });
    case 'GET verify':
    case 'POST verify': {
      const unused = await target.pending(scope);
      const ok = Object.keys(unused).length === 0;
      return sendJson(response, ok ? 200 : 409, ok ? { ok } : { ok, unused, message: 'Some answers were never asked for: each scope listed has answers left, per model. Remove them, or find why the client asked fewer times than the script expects.' });
    }
    case 'POST reset':
      await target.reset(scope);
      return sendJson(response, 200, { ok: true, scope: scope ?? null });
    default:
      throw new WireError('W0005', 404, `There is no control route ${route}. The routes are PUT scripts, GET sent, GET pending, POST verify and POST reset under ${CONTROL_PREFIX}, each with an optional ?scope=<id>.`, {
        type: 'not_found_error',
        retry: false,
      });
  }
}

function authorized(request: IncomingMessage, token: string): boolean {
  const auth = request.headers.authorization;
  const given = auth !== undefined && /^bearer /i.test(auth) ? auth.slice(7).trim() : request.headers['x-standin-token'];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
