import type { Classifier } from '../spec/Classifier.js';
import type { Capability, Provider } from '../spec/Provider.js';
import type { ToolRun } from '../runs/ToolRun.js';
import type { McpConnection } from '../mcp/McpConnection.js';

/**
 * What the core asks, on every call, for the service standing in front of what the container
 * binds: the stand-in side (`standin/testing`'s slots) implements it. `base` resolves what the
 * container binds (the real adapter, a module's binding); an implementation answers it when no
 * stand-in takes the call.
 */
export interface StandIns {
  /** The provider that answers `model`'s `capability` call made in `scope`. */
  provider(
    model: string,
    capability: Capability,
    scope: string,
    base: () => Provider | undefined,
  ): Provider | undefined;
  /**
   * The classifier that answers a classify call made in `scope`: `link` 0 is the classifier,
   * `link` n the config's `classifier.fallback[n - 1]`.
   */
  classifier(link: number, scope: string, base: () => Classifier | undefined): Classifier | undefined;
  /** What stands in front of tool `name`'s own `run` for a call made in `scope`; undefined when nothing does. */
  toolRun(name: string, scope: string): ToolRun | undefined;
  /** The MCP server `server` as a call made in `scope` reaches it: `base` is the configured client. */
  mcp(server: string, scope: string, base: () => McpConnection | undefined): McpConnection | undefined;
  /**
   * Lets go of what the stand-ins keep of `scope`, which ended: the per-scope counts that would
   * grow with every request, and with `calls` what they were sent there and how those calls ended
   * too (a scope the test closed). The test author's errors stay, for `verify`.
   */
  release(scope: string, calls: boolean): void;
}

/**
 * Where a container's stand-ins sit, bound at `Tokens.StandIns` in every container: empty in
 * production, so a call pays one property read for the seam; the stand-in side fills it the
 * first time something stands in.
 */
export class StandInSeat {
  standIns: StandIns | undefined;
}
