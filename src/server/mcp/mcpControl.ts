import type { IncomingMessage, ServerResponse } from 'node:http';
import { StandinError, bareMessage } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { readBody, readJson } from '../readBody.js';
import { sendJson } from '../respond.js';
import { checkScope } from '../resolveScope.js';
import { WireError } from '../WireError.js';
import { mcpExpected, mcpKeys, mcpPattern, mcpScriptsSchema, protoName } from './mcpScriptSchema.js';
import type { McpWire } from './McpWire.js';

/** The control routes of the MCP servers start with this, after `/__standin/`. */
export const MCP_CONTROL = 'mcp/';

/**
 * `PUT /__standin/mcp/<name>[?scope=id][&merge=1]`: scripts one MCP server (the document's `mcp.<name>`). 400 `W0050`
 * for a bad body, `W0019` a bad query; 500 `W0051` when the SDK cannot load, nothing changed.
 */
export async function mcpControl(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  name: string,
  mcp: McpWire,
  limit: number,
): Promise<void> {
  if (request.method !== 'PUT' && request.method !== 'POST') {
    throw new WireError(
      'W0005',
      404,
      `There is no control route ${request.method} mcp/${name.slice(0, 64)}: send PUT.`,
      {
        type: 'not_found_error',
        retry: false,
      },
    );
  }
  const { scope, merge } = mcpQuery(url);
  const body = readJson(await readBody(request, limit));
  const document = { [name]: body };
  const proto = protoName(document);
  const parsed = mcpScriptsSchema.safeParse(document);
  if (proto !== undefined || !parsed.success) {
    const lines =
      proto !== undefined
        ? [`${proto.replace('scripts.', '')}: '__proto__' cannot be a name. Rename it.`]
        : describeIssues('mcp', document, parsed.error!.issues, {
            pattern: (path) => mcpPattern(['mcp', ...path]),
            expected: Object.fromEntries(Object.entries(mcpExpected).map(([at, what]) => [at.slice(4), what])),
            keys: Object.fromEntries(Object.entries(mcpKeys).map(([at, keys]) => [at.slice(4), keys])),
          });
    throw new WireError('W0050', 400, `The MCP server script is malformed:\n${lines.join('\n')}`, {
      type: 'invalid_request_error',
      retry: false,
    });
  }
  try {
    await mcp.sdk();
  } catch (error) {
    if (!(error instanceof StandinError)) throw error;
    throw new WireError('W0051', 500, bareMessage(error), { type: 'server_error', retry: false });
  }
  mcp.book.script(name, parsed.data[name]!, scope, merge);
  sendJson(response, 200, { ok: true, server: name, scope: scope ?? null, replaced: !merge });
}

function mcpQuery(url: URL): { scope: string | undefined; merge: boolean } {
  const seen = new Set<string>();
  for (const key of url.searchParams.keys()) {
    if (key !== 'scope' && key !== 'merge')
      throw badQuery(`PUT mcp/<name> takes scope and merge, not '${key.slice(0, 40)}'.`);
    if (seen.has(key)) throw badQuery(`the parameter '${key}' is given twice; give it once.`);
    seen.add(key);
  }
  const merge = url.searchParams.get('merge');
  if (merge !== null && merge !== '1')
    throw badQuery(`merge is '${merge.slice(0, 40)}'; send merge=1, or leave it out.`);
  const scope = url.searchParams.get('scope');
  return { scope: scope === null ? undefined : checkScope(scope, 'the scope parameter'), merge: merge === '1' };
}

function badQuery(message: string): WireError {
  return new WireError('W0019', 400, `The control request's query is refused: ${message}`, {
    type: 'invalid_request_error',
    param: 'query',
    retry: false,
  });
}
