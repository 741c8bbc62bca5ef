import type { Classifier } from '../spec/Classifier.js';
import type { Capability, Provider } from '../spec/Provider.js';
import type { ToolRun } from '../runs/ToolRun.js';
import type { McpConnection } from '../mcp/McpConnection.js';

/**
 * What the core asks on every call for a stand-in in front of the container's binding; `standin/testing`'s slots
 * implement it. `base` resolves the binding, answered when no stand-in takes the call.
 */
export interface StandIns {
  /** The provider that answers `model`'s `capability` call made in `scope`. */
  provider(
    model: string,
    capability: Capability,
    scope: string,
    base: () => Provider | undefined,
  ): Provider | undefined;
  /** The classifier for a call in `scope`, `link` as {@link Services.classifier} numbers it. */
  classifier(link: number, scope: string, base: () => Classifier | undefined): Classifier | undefined;
  /** What stands in front of tool `name`'s own `run` for a call made in `scope`; undefined when nothing does. */
  toolRun(name: string, scope: string): ToolRun | undefined;
  /** The MCP server `server` as a call made in `scope` reaches it: `base` is the configured client. */
  mcp(server: string, scope: string, base: () => McpConnection | undefined): McpConnection | undefined;
  /**
   * Lets go of what the stand-ins keep of an ended scope (with `calls`, what they were sent too); the test author's
   * errors stay, for `verify`.
   */
  release(scope: string, calls: boolean): void;
}

/** Where a container's stand-ins sit: empty in production, so a call pays one property read for the seam. */
export class StandInSeat {
  standIns: StandIns | undefined;
}
