import type { ReplyInput } from '../services/requests/prepareReply.js';
import type { ReplyRequest } from '../services/spec/Provider.js';
import type { SchemaCache } from './schemaCache.js';
import { toolsOf } from './toolsOf.js';

/** Where a dialect's request carries a tool's input schema and the typed value's schema, for errors about them. */
export interface SchemaPlaces {
  readonly tool: (index: number) => string;
  readonly output: string;
}

/**
 * The engine's input for a request: tools and shape as zod read from JSON Schema (`W0004` naming one zod cannot read).
 */
export function engineInput(request: ReplyRequest, schemas: SchemaCache, places: SchemaPlaces): ReplyInput {
  const input: { -readonly [K in keyof ReplyInput]: ReplyInput[K] } = { messages: request.messages };
  if (request.instructions !== undefined) input.instructions = request.instructions;
  const tools = request.tools ?? [];
  const offered = toolsOf(
    tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.input })),
    schemas,
    places.tool,
  );
  if (offered !== undefined) input.tools = offered;
  if (request.output !== undefined) input.output = schemas.read(request.output.schema, places.output);
  if (request.settings !== undefined) input.settings = request.settings;
  return input;
}
