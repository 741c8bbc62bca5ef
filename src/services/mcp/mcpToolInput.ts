import type { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { readJsonSchema } from '../../validation/jsonSchema/readJsonSchema.js';
import { carryJsonSchema } from '../requests/jsonSchemaOf.js';
import type { McpToolInfo } from './McpConnection.js';

/**
 * The zod shape of an MCP tool's input, read from the JSON Schema the server listed (every `pattern` matched in linear
 * time): the model's input is checked against it before the call goes to the server. Providers are sent the server's
 * own schema (less its `$schema`), not zod's rewriting of it.
 *
 * @throws {StandinError} `M0008` naming the server and the tool when the schema cannot be read.
 */
export function mcpToolInput(server: string, tool: McpToolInfo): z.ZodType {
  const { $schema: _, ...json } = tool.inputSchema;
  let schema: z.ZodType;
  try {
    if (json.type !== 'object') throw new Error(`its type is ${JSON.stringify(json.type) ?? 'missing'}, not "object"`);
    schema = readJsonSchema(json);
  } catch (error) {
    throw new StandinError(
      'M0008',
      `MCP server '${server}', tool '${tool.name}': its input schema cannot be read: ${(error as Error).message}. ` +
        `Fix the tool's inputSchema on the server, or leave the tool out: app.mcpTools('${server}', { tools: [...] }).`,
    );
  }
  carryJsonSchema(schema, json);
  return schema;
}
