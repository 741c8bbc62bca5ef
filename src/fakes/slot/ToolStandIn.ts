import type { ToolRun } from '../../services/runs/ToolRun.js';

/**
 * A layer's service on a tool's slot: it answers the tool's call itself (a fake tool, a replayed
 * tape) or hands it on with `next` (to the layer below, and under the last to the tool's own `run`).
 */
export interface ToolStandIn {
  readonly run: ToolRun;
}
