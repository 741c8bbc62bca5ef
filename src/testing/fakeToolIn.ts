import { closest } from '../validation/formatPath.js';
import type { Container } from 'inversify';
import { StandinError } from '../errors/StandinError.js';
import { assertAlive } from '../services/app/disposed.js';
import { FakeMcp } from '../fakes/tools/FakeMcp.js';
import { readMcpOptions, type FakeMcpOptions, type ReadMcpTool } from '../fakes/tools/fakeMcpOptions.js';
import { FakeTool } from '../fakes/tools/FakeTool.js';
import { readToolAnswers, type ToolAnswers } from '../fakes/tools/toolAnswers.js';
import { scriptedLayer } from '../fakes/slot/layers.js';
import { slotsOf } from '../fakes/slot/Slots.js';
import { Tokens } from '../tokens/Tokens.js';
import { mcpListingKey, mcpToolKey, SharedToolsToken, type SharedTools } from '../fakes/shared/SharedTools.js';
import { readGuard, shownName } from '../validation/readGuard.js';

export type { FakeMcp } from '../fakes/tools/FakeMcp.js';
export type { FakeMcpOptions } from '../fakes/tools/fakeMcpOptions.js';
export type { FakeTool } from '../fakes/tools/FakeTool.js';
export type { ToolAnswers } from '../fakes/tools/toolAnswers.js';

/**
 * Puts a fake tool on `container`'s slot of tool `name`, for `app.fakeTool` (every scope) and
 * `app.scope(id).fakeTool` (scope `scope` only): it replaces the fake of the same scope.
 *
 * @throws {StandinError} `T0127` for a name that is not a tool name; `T0122` for bad answers.
 * @example
 * ```ts
 * const guide = fakeToolIn(app.container, 'findInGuide', [{ output: { pages: [2] } }]);
 * ```
 */
export function fakeToolIn(container: Container, name: string, answers: ToolAnswers, scope?: string): FakeTool {
  const prefix = scope === undefined ? 'app' : `app.scope('${scope}')`;
  const owner = `${prefix}.fakeTool(${shownName(name)}, answers)`;
  assertAlive(container, `${prefix}.fakeTool(...)`);
  if (typeof name !== 'string' || name.length === 0 || name.length > 128 || name === '*') {
    throw new StandinError(
      'T0127',
      `${owner}: a tool is faked by the name the model calls it, a non-empty string of at most 128 characters, got ` +
        `${shownName(name)}.`,
    );
  }
  const read = readGuard(owner, () => readToolAnswers(answers, owner, 'answers'));
  const shared = container.isBound(SharedToolsToken) ? container.get(SharedToolsToken) : undefined;
  if (shared !== undefined && read.kind === 'function') {
    throw new StandinError(
      'D0006',
      `${owner}: this app shares its scripts through a Redis namespace, and a function cannot cross processes. ` +
        `Give a list of { output } and { fail } answers.`,
    );
  }
  // In a namespace the list is published: every process takes its answers, one per call, the cursor shared.
  const gen = shared === undefined || read.kind === 'function' ? undefined : shared.publish(name, read.answers, owner);
  const published =
    gen === undefined ? undefined : { id: shared!.scriptOf(name, gen), raised: shared!.raised(name, gen) };
  const fake = new FakeTool({ tool: name, owner, read, ...where(container, scope), shared: published });
  slotsOf(container)
    .tool(name)
    .put(scriptedLayer('fake', fake, owner, scope));
  return fake;
}

/**
 * Puts a fake MCP server on `container`'s slot of server `server`, for `app.fakeMcp` (every scope)
 * and `app.scope(id).fakeMcp` (scope `scope` only): it replaces the fake of the same scope.
 *
 * @throws {StandinError} `M0040` for a bad server name or options; `T0122` for bad answers.
 * @example
 * ```ts
 * const tickets = fakeMcpIn(app.container, 'tickets', { tools: { open: { answers: [{ output: { id: 7 } }] } } });
 * ```
 */
export function fakeMcpIn(container: Container, server: string, options: FakeMcpOptions, scope?: string): FakeMcp {
  const prefix = scope === undefined ? 'app' : `app.scope('${scope}')`;
  const owner = `${prefix}.fakeMcp(${shownName(server)}, { tools })`;
  assertAlive(container, `${prefix}.fakeMcp(...)`);
  if (typeof server !== 'string' || server.length === 0 || server.length > 128) {
    throw new StandinError(
      'M0040',
      `${owner}: a server is faked by its name under mcp.servers, a non-empty string of at most 128 characters, got ` +
        `${shownName(server)}.`,
    );
  }
  // An app that configures MCP servers fakes one of them: another name is a typo. One that configures none fakes freely.
  const configured = Object.keys(container.get(Tokens.Config).mcp?.servers ?? {});
  if (configured.length > 0 && !configured.includes(server)) {
    const guess = closest(server, configured);
    throw new StandinError(
      'M0040',
      `${owner}: the config's mcp.servers has no server '${server.slice(0, 64)}'` +
        `${guess === undefined ? '' : ` (did you mean '${guess}'?)`}; it has ${configured.map((name) => `'${name}'`).join(', ')}. ` +
        `Fake a configured server by its name.`,
    );
  }
  const tools = readGuard(owner, () => readMcpOptions(options, owner));
  const shared = container.isBound(SharedToolsToken) ? container.get(SharedToolsToken) : undefined;
  const fake = new FakeMcp({
    server,
    owner,
    tools,
    ...where(container, scope),
    shared: shared && publishMcp(shared, server, tools, owner),
  });
  slotsOf(container)
    .mcpServer(server)
    .put(scriptedLayer('fake', fake, owner, scope));
  return fake;
}

function where(container: Container, scope: string | undefined) {
  return { store: container.get(Tokens.CursorStore), scopes: container.get(Tokens.Scopes), scope };
}

/** Publishes a fake MCP server's listing and each tool's list in a namespace; a function cannot cross processes. */
function publishMcp(shared: SharedTools, server: string, tools: readonly ReadMcpTool[], owner: string) {
  const lists = tools.map((tool) => {
    if (tool.read.kind === 'function') {
      throw new StandinError(
        'D0006',
        `${owner}: this app shares its scripts through a Redis namespace, and a function cannot cross processes. ` +
          `Give tool '${tool.info.name}' a list of { output } and { fail } answers.`,
      );
    }
    return { name: tool.info.name, answers: tool.read.answers };
  });
  const gens = new Map(
    lists.map(({ name, answers }) => [name, shared.publish(mcpToolKey(server, name), answers, owner)]),
  );
  const gen = shared.publishListing(
    server,
    tools.map((tool) => tool.info),
    owner,
  );
  return {
    id: (tool: string) => shared.scriptOf(mcpToolKey(server, tool), gens.get(tool) ?? gen),
    raised: shared.raised(mcpListingKey(server), gen),
  };
}
