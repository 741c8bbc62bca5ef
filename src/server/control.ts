import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PendingAnswer } from '../fakes/model/SentCall.js';
import { readBody, readJson } from './readBody.js';
import { sendBytes, sendJson, sendJsonText } from './respond.js';
import { base64 } from '../protocols/base64.js';
import type { Inspection } from './inspection.js';
import { contentPolicy, inspectorPage } from './inspectorPage.js';
import type { Scripts } from './scriptsSchema.js';
import type { SentEntry } from './SentEntry.js';
import type { WireErrorNote } from './ScopeLedger.js';
import { checkScope } from './resolveScope.js';
import { WireError } from './WireError.js';
import { namedUnused, unreplayedText } from './verifyReport.js';
import { StandinError, bareMessage } from '../errors/StandinError.js';
import { chaosRoute } from './controlChaos.js';
import type { WireChaos } from './WireChaos.js';
import { MCP_CONTROL, mcpControl } from './mcp/mcpControl.js';
import type { McpWire } from './mcp/McpWire.js';

const LEFT =
  'Each scope listed under unused has them all, per model. Remove them, or find why the client asked fewer times than ' +
  'the script expects.';
const TOOLS_LEFT =
  'Each scope listed under unusedTools has them all, per server and tool. Remove them, or find why the agent called ' +
  'the tool fewer times.';

/** The path every control API route starts with. */
export const CONTROL_PREFIX = '/__standin/';

/** What the control API drives: the server's own methods. */
export interface ControlTarget {
  load(scripts: Scripts, scope?: string, options?: { readonly replace?: boolean }): { readonly replaced: boolean };
  readonly sent: readonly SentEntry[];
  readonly sentDropped: number;
  pending(scope?: string): Promise<Record<string, Record<string, readonly PendingAnswer[]>>>;
  unreplayed(scope?: string): Promise<readonly string[]>;
  errors(scope?: string): Record<string, { readonly count: number; readonly errors: readonly WireErrorNote[] }>;
  reset(scope?: string, options?: { readonly defaults?: boolean }): Promise<void>;
  release(gate: string, scope?: string): void;
  transcript(scope?: string): string;
  inspection(): Promise<Inspection>;
}

/** The query parameters each route takes, besides `scope`. */
const params: Readonly<Record<string, readonly string[]>> = {
  'PUT scripts': ['scope', 'merge'],
  'POST scripts': ['scope', 'merge'],
  'GET sent': ['scope'],
  'GET pending': ['scope'],
  'GET verify': ['scope'],
  'POST verify': ['scope'],
  'POST reset': ['scope', 'defaults'],
  'POST release': ['scope', 'gate'],
  'GET transcript': ['scope'],
  'GET inspect': [],
  'GET ui': ['token'],
  'POST chaos': [],
  'DELETE chaos': [],
  'GET chaos': ['scope'],
};

/**
 * The control API under `/__standin/`, for tests in any language; every route needs the server's token (`Authorization:
 * Bearer <token>` or `x-standin-token: <token>`), else 401 (`W0006`).
 *
 * - `PUT /__standin/scripts[?scope=id][&merge=1]`: load scripts (the scripts file's shape) as the
 *   defaults every scope starts from, or for one scope; they replace every script there, unless
 *   `merge=1` (then each model named replaces that model's script, the rest stay). The answer's
 *   `replaced` says which it did: a server serving an app always merges.
 * - `GET /__standin/sent[?scope=id]`: `{ sent, dropped }`: what clients asked, in order (never an
 *   API key), and how many of the oldest were dropped past the server's limits.
 * - `GET /__standin/pending[?scope=id]`: the answers not given yet, per scope and model.
 * - `POST /__standin/verify[?scope=id]`: 200 `{ ok: true }`, or 409 `{ ok: false, unused, errors }`:
 *   answers left, and requests answered a test author's error (`T0013`, `T0008`, ...); without a scope, a served
 *   cassette's recordings never replayed too (`unreplayed`, `V0005`).
 * - `POST /__standin/reset[?scope=id]`: forget cursors, retries, `sent`, verify's record and the
 *   scope's own scripts, of that scope; without a scope, of every scope (the defaults stay unless
 *   `defaults=1`).
 * - `POST /__standin/release?gate=<name>[&scope=id]`: lets one stream held at that gate in that scope
 *   (the default scope when left out) on, or keeps the release for the next; 400 (`W0035`) for a gate
 *   no script names.
 * - `GET /__standin/transcript[?scope=id]`: the steps the fakes took as stable text (`text/plain`).
 * - `GET /__standin/inspect`: the inspector's view (JSON): per scope, steps, pending answers, verify.
 * - `GET /__standin/ui?token=<token>`: the inspector page; a browser cannot send a header, so this
 *   route alone takes the token in its query, which the page takes out of its address at once.
 * - `PUT /__standin/mcp/<name>[?scope=id][&merge=1]`: scripts MCP server `name` (see `mcpControl`); `pending` and
 *   `verify` list its tools' answers left, when there are any, under `tools` and `unusedTools`.
 *
 * - `POST /__standin/chaos` lays seeded chaos (`{ seed, rates, models?, scopes? }`), `DELETE` takes it off, `GET`
 *   answers it and the requests it disturbed (see `chaosRoute`).
 *
 * A parameter a route does not take, a scope id that is not 1 to 200 printable characters, and a flag other than `1`
 * are refused with 400 (`W0019`, `W0007`): a control request never does more or less than it says.
 */
export async function control(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  target: ControlTarget,
  token: string,
  limit: number,
  chaos: WireChaos,
  mcp?: McpWire,
): Promise<void> {
  const page = request.method === 'GET' && url.pathname === `${CONTROL_PREFIX}ui`;
  if (!authorized(request, token) && !(page && sameToken(url.searchParams.get('token'), token))) {
    throw new WireError(
      'W0006',
      401,
      'The control API needs the token the server printed when it started (or the one in STANDIN_TOKEN): send ' +
        `Authorization: Bearer <token> or x-standin-token: <token>${page ? ', or open /__standin/ui?token=<token>' : ''}.`,
      {
        type: 'authentication_error',
        code: 'invalid_token',
        retry: false,
      },
    );
  }
  const route = `${request.method ?? 'GET'} ${url.pathname.slice(CONTROL_PREFIX.length)}`;
  const named = url.pathname.slice(CONTROL_PREFIX.length);
  if (mcp !== undefined && named.startsWith(MCP_CONTROL))
    return mcpControl(request, response, url, safeDecode(named.slice(MCP_CONTROL.length)), mcp, limit);
  const query = readQuery(url, route);
  const scope = query.scope;
  switch (route) {
    case 'PUT scripts':
    case 'POST scripts': {
      const { replaced } = target.load(readJson(await readBody(request, limit)) as Scripts, scope, {
        replace: !query.merge,
      });
      return sendJson(response, 200, { ok: true, scope: scope ?? null, replaced });
    }
    case 'GET sent': {
      const sent = scope === undefined ? target.sent : target.sent.filter((entry) => entry.scope === scope);
      return sendJsonText(response, 200, JSON.stringify({ sent, dropped: target.sentDropped }, bytesAsBase64));
    }
    case 'GET pending': {
      const tools = mcp?.book.pending(scope) ?? {};
      const pending = await target.pending(scope);
      return sendJson(response, 200, Object.keys(tools).length > 0 ? { pending, tools } : { pending });
    }
    case 'GET verify':
    case 'POST verify': {
      const unused = await target.pending(scope);
      const unusedTools = mcp?.book.pending(scope) ?? {};
      const errors = target.errors(scope);
      const failed = Object.keys(errors).length > 0;
      const left = Object.keys(unused).length > 0;
      const toolsLeft = Object.keys(unusedTools).length > 0;
      const unreplayed = await target.unreplayed(scope);
      const tapeLeft = unreplayed.length > 0;
      if (!failed && !left && !toolsLeft && !tapeLeft) return sendJson(response, 200, { ok: true });
      const messages = [
        ...(failed
          ? [
              `Requests were answered with a test author's error (W0018): each scope listed under errors has them, ` +
                `with the code and message of each. Fix each as its message says.`,
            ]
          : []),
        ...(left ? [`Some answers were never asked for (W0014): ${namedUnused(unused)}. ${LEFT}`] : []),
        ...(toolsLeft
          ? [`Some MCP tool answers were never asked for (W0054): ${namedUnused({}, unusedTools)}. ${TOOLS_LEFT}`]
          : []),
        ...(tapeLeft
          ? [`The served cassette has recordings no request replayed (V0005):\n${unreplayedText(unreplayed)}`]
          : []),
      ];
      return sendJson(response, 409, {
        ok: false,
        code: failed ? 'W0018' : left ? 'W0014' : toolsLeft ? 'W0054' : 'V0005',
        unused,
        ...(toolsLeft ? { unusedTools } : {}),
        ...(tapeLeft ? { unreplayed } : {}),
        errors,
        message: messages.join(' '),
      });
    }
    case 'POST reset':
      if (query.defaults && scope !== undefined) {
        throw badQuery(
          'defaults=1 resets the defaults every scope starts from, so it takes no scope; send it without scope=, or ' +
            'leave it out.',
        );
      }
      await target.reset(scope, { defaults: query.defaults });
      return sendJson(response, 200, {
        ok: true,
        scope: scope ?? null,
        reset:
          scope === undefined
            ? `every scope's cursors, retries, sent, verify record and own ` +
              `scripts${query.defaults ? ', and the defaults' : ''}`
            : `scope '${scope}': its cursors, retries, sent, verify record and own scripts`,
      });
    case 'POST release':
      releaseGate(target, url.searchParams.get('gate'), scope);
      return sendJson(response, 200, { ok: true, gate: url.searchParams.get('gate'), scope: scope ?? null });
    case 'GET transcript':
      return sendBytes(response, 200, target.transcript(scope), {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
      });
    case 'GET inspect':
      return sendJson(response, 200, await target.inspection(), { 'cache-control': 'no-store' });
    case 'GET ui':
      return sendBytes(response, 200, inspectorPage(), {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': contentPolicy("'self'"),
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
    case 'POST chaos':
    case 'DELETE chaos':
    case 'GET chaos':
      return chaosRoute(request.method!, request, response, chaos, limit, scope);
    default:
      throw new WireError(
        'W0005',
        404,
        `There is no control route ${route}. The routes are PUT scripts, GET sent, GET pending, POST verify, POST ` +
          `reset, POST release, GET transcript, GET inspect, GET ui, PUT mcp/<name> and POST, DELETE and GET chaos under ` +
          `${CONTROL_PREFIX}, each with an optional ?scope=<id> where it takes one.`,
        {
          type: 'not_found_error',
          retry: false,
        },
      );
  }
}

/** The query of a control request: its scope and flags, each checked. */
function readQuery(url: URL, route: string): { scope: string | undefined; merge: boolean; defaults: boolean } {
  const allowed = params[route];
  if (allowed === undefined) return { scope: undefined, merge: false, defaults: false };
  const seen = new Set<string>();
  for (const name of url.searchParams.keys()) {
    if (!allowed.includes(name))
      throw badQuery(`${route} takes no parameter '${name.slice(0, 40)}'; it takes ${allowed.join(', ')}.`);
    if (seen.has(name)) throw badQuery(`the parameter '${name}' is given twice; give it once.`);
    seen.add(name);
  }
  const scope = url.searchParams.get('scope');
  const flag = (name: string): boolean => {
    const value = url.searchParams.get(name);
    if (value === null) return false;
    if (value !== '1') throw badQuery(`${name} is '${value.slice(0, 40)}'; send ${name}=1, or leave it out.`);
    return true;
  };
  return {
    scope: scope === null ? undefined : checkScope(scope, 'the scope parameter'),
    merge: flag('merge'),
    defaults: flag('defaults'),
  };
}

/** Releases a gate for the control API: each refusal a 400 (`W0035`) carrying the fake's code and message. */
function releaseGate(target: ControlTarget, gate: string | null, scope: string | undefined): void {
  try {
    if (gate === null) throw new StandinError('T0073', 'POST release names no gate: send ?gate=<name>');
    target.release(gate, scope);
  } catch (error) {
    if (!(error instanceof StandinError)) throw error;
    throw new WireError('W0035', 400, `The release is refused (${error.code}): ${bareMessage(error)}`, {
      type: 'invalid_request_error',
      param: 'gate',
      retry: false,
    });
  }
}

/** A route segment decoded, or as it is when it does not decode (a stray `%`): the name check then refuses it. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function badQuery(message: string): WireError {
  return new WireError('W0019', 400, `The control request's query is refused: ${message}`, {
    type: 'invalid_request_error',
    param: 'query',
    retry: false,
  });
}

function authorized(request: IncomingMessage, token: string): boolean {
  const auth = request.headers.authorization;
  const given =
    auth !== undefined && /^bearer /i.test(auth) ? auth.slice(7).trim() : request.headers['x-standin-token'];
  return sameToken(given, token);
}

function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A part's bytes (an image, a file) as base64, not as an object of one key a byte. */
function bytesAsBase64(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? base64(value) : value;
}
