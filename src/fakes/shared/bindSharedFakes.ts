import type { Container } from 'inversify';
import { RedisCursorStore } from '../../services/cursors/RedisCursorStore.js';
import { scriptedLayer } from '../slot/layers.js';
import { slotsOf } from '../slot/Slots.js';
import { Tokens } from '../../tokens/Tokens.js';
import { FakeModel } from '../model/FakeModel.js';
import { SharedClassifier } from './SharedClassifier.js';
import { SharedScripts, SharedScriptsToken } from './SharedScripts.js';
import { SharedToolFollower } from './SharedToolFollower.js';
import { SharedMcpFollower } from './SharedMcpFollower.js';
import type { Layer } from '../slot/Layer.js';
import type { McpConnection } from '../../services/mcp/McpConnection.js';
import { SharedTools, SharedToolsToken } from './SharedTools.js';

/**
 * Joins a test container to its config's namespace: a namespace layer on every model's and the classifier's slot
 * answers from the published scripts, and `app.fake` / `app.fakeClassifier` publish to it.
 */
export function bindSharedFakes(container: Container): void {
  const config = container.get(Tokens.Config);
  const cursors = config.cursors;
  if (typeof cursors !== 'object' || cursors.store !== 'redis' || cursors.namespace === undefined) return;
  const store = container.get(Tokens.CursorStore);
  if (!(store instanceof RedisCursorStore)) return;
  const shared = new SharedScripts(store);
  container.bind(SharedScriptsToken).toConstantValue(shared);
  const scopes = container.get(Tokens.Scopes);
  const slots = slotsOf(container);
  const namespace = `namespace '${cursors.namespace}'`;
  for (const model of Object.keys(config.models)) {
    const follower = new FakeModel([], { model, store, scopes, shared: shared.follower(model) });
    slots.model(model).put(scriptedLayer('namespace', follower, `${namespace} (model '${model}')`));
  }
  // As for the models: in a namespace the namespace's script answers, whatever the container binds.
  slots.classifierSlot().put(scriptedLayer('namespace', new SharedClassifier(shared), `${namespace} (the classifier)`));
  // A tool some process faked answers from the namespace's list; any other tool runs its own run.
  const tools = new SharedTools(shared);
  container.bind(SharedToolsToken).toConstantValue(tools);
  const label = `${namespace} (tools)`;
  slots.everyTool().put(scriptedLayer('namespace', new SharedToolFollower(tools, scopes, label), label));
  // A configured MCP server some process faked answers from the namespace's listing and lists; else the real client.
  for (const server of Object.keys(config.mcp?.servers ?? {})) {
    const slot = slots.mcpServer(server);
    const named = `${namespace} (MCP server '${server}')`;
    const base = () => container.get(Tokens.Mcp).connection(server);
    const layer: Layer<McpConnection> = scriptedLayer(
      'namespace',
      new SharedMcpFollower(tools, scopes, server, named, () => slot.answer('tools', scopes.current(), base, layer)),
      named,
    );
    slot.put(layer);
  }
}

/** The shared scripts of a test container in a namespace, or undefined outside one. */
export function sharedScriptsOf(container: Container): SharedScripts | undefined {
  return container.isBound(SharedScriptsToken) ? container.get(SharedScriptsToken) : undefined;
}
