import type { Tool } from '../services/runs/tool.js';
import type { SchemaCache } from './schemaCache.js';
import { ownRecord } from './ownRecord.js';

/** One tool as a request names it: its name, what it is for and its input's JSON Schema. */
export interface WireTool {
  readonly name: string;
  readonly description?: string | undefined;
  readonly parameters?: unknown;
}

/** Tools never run on the server: the client runs them and sends their results back. */
const clientRuns = (): never => {
  throw new Error('A tool offered over the wire runs in the client, never on the server.');
};

/** The engine's tools for a request, with a `run` never called: the server only replies. */
export function toolsOf(
  tools: readonly WireTool[],
  schemas: SchemaCache,
  where: (index: number) => string,
): Record<string, Tool> | undefined {
  if (tools.length === 0) return undefined;
  // No prototype: a tool a client names __proto__ is one more tool, never the record's prototype.
  const found = ownRecord<Tool>();
  tools.forEach((tool, i) => {
    found[tool.name] = {
      description: tool.description,
      input: schemas.read(tool.parameters, where(i)),
      run: clientRuns,
    };
  });
  return found;
}
