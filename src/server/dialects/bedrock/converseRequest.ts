/** The Bedrock Converse request as the server reads and checks it, kept apart from how it answers. */

import type { ReplyInput } from '../../../services/requests/prepareReply.js';
import type { Message, ToolCall, ToolResult } from '../../../services/spec/Provider.js';
import { checkFields, need } from '../../checkFields.js';
import { readJsonDocument } from '../../readBody.js';
import { toolsOf } from '../../toolsOf.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';
import { isObject } from '../../wireInput.js';

const known = new Set([
  'messages',
  'system',
  'inferenceConfig',
  'toolConfig',
  'guardrailConfig',
  'additionalModelRequestFields',
  'promptVariables',
  'additionalModelResponseFieldPaths',
  'requestMetadata',
  'performanceConfig',
  'serviceTier',
  'outputConfig',
]);

/** Blocks a model reads that carry nothing the engine is asked: a cache point, a guardrail's marks, reasoning. */
const passed = new Set(['cachePoint', 'guardContent', 'reasoningContent', 'citationsContent']);

/**
 * Reads and checks a Converse body into what the engine is asked: `system` text blocks as the
 * instructions, `text` / `toolUse` / `toolResult` blocks as messages (a result's `json` as its
 * output, its `text` as JSON when it reads as JSON, `status: 'error'` as the error), the
 * `toolConfig` tools, and a typed value from `outputConfig.textFormat` (a JSON Schema in a string)
 * or the Anthropic-on-Bedrock `additionalModelRequestFields.output_config.format`. A block the
 * server cannot hand the engine (an image, a document) is `W0004`, a field of the wrong shape `W0002`.
 *
 * @example
 * ```ts
 * const input = readConverse(readJson(context.body), context);
 * ```
 */
export function readConverse(body: Record<string, unknown>, context: WireContext): ReplyInput {
  checkFields(body, known);
  const raw = need(
    Array.isArray(body.messages) && body.messages.length > 0 && (body.messages as unknown[]),
    'messages',
    'a non-empty list of messages',
  );
  const messages: Message[] = [];
  const names = new Map<string, string>();
  raw.forEach((item, i) => {
    const where = `messages.${i}`;
    const m = need(
      isObject(item) && (item.role === 'user' || item.role === 'assistant') && Array.isArray(item.content) && item,
      where,
      'a message { role: "user" | "assistant", content: [blocks] }',
    );
    let text = '';
    const calls: ToolCall[] = [];
    const results: ToolResult[] = [];
    (m.content as unknown[]).forEach((raw, j) => {
      const at = `${where}.content.${j}`;
      const b = need(isObject(raw) && raw, at, 'a content block');
      if (typeof b.text === 'string') text += b.text;
      else if (isObject(b.toolUse) && m.role === 'assistant') {
        const { toolUseId, name, input } = b.toolUse;
        if (typeof toolUseId !== 'string' || typeof name !== 'string')
          need(false, `${at}.toolUse`, 'a { toolUseId, name, input }');
        names.set(toolUseId as string, name as string);
        calls.push({ id: toolUseId as string, tool: name as string, with: input ?? {} });
      } else if (isObject(b.toolResult) && m.role === 'user') {
        const id = need(
          typeof b.toolResult.toolUseId === 'string' && b.toolResult.toolUseId,
          `${at}.toolResult.toolUseId`,
          'a string',
        );
        const output = resultContent(b.toolResult.content);
        const tool = names.get(id) ?? 'unknown';
        results.push(
          b.toolResult.status === 'error'
            ? { id, tool, error: typeof output === 'string' ? output : JSON.stringify(output) }
            : { id, tool, output },
        );
      } else if (!Object.keys(b).some((key) => passed.has(key))) {
        throw new WireError(
          'W0004',
          400,
          `${at} is a '${Object.keys(b)[0] ?? 'empty'}' block; the wire server reads text, toolUse and toolResult ` +
            'blocks. Send the content as text.',
          { type: 'ValidationException', param: at, retry: false },
        );
      }
    });
    if (m.role === 'assistant')
      messages.push({ role: 'assistant', ...(text ? { content: text } : {}), ...(calls.length > 0 ? { calls } : {}) });
    else {
      if (results.length > 0) messages.push({ role: 'tool', results });
      if (text !== '' || results.length === 0) messages.push({ role: 'user', content: text });
    }
  });
  const input: { -readonly [K in keyof ReplyInput]: ReplyInput[K] } = { messages };
  if (Array.isArray(body.system)) {
    const system = body.system.flatMap((b: unknown) => (isObject(b) && typeof b.text === 'string' ? [b.text] : []));
    if (system.length > 0) input.instructions = system.join('\n\n');
  }
  const tools = isObject(body.toolConfig) && Array.isArray(body.toolConfig.tools) ? body.toolConfig.tools : [];
  const wire = tools.flatMap((t: unknown, i) => {
    if (isObject(t) && isObject(t.cachePoint)) return [];
    const spec = need(
      isObject(t) && isObject(t.toolSpec) && typeof t.toolSpec.name === 'string' && t.toolSpec,
      `toolConfig.tools.${i}`,
      'a tool { toolSpec: { name, description?, inputSchema: { json } } }',
    );
    return [
      {
        name: spec.name as string,
        description: typeof spec.description === 'string' ? spec.description : undefined,
        parameters: isObject(spec.inputSchema) ? spec.inputSchema.json : undefined,
      },
    ];
  });
  const offered = toolsOf(wire, context.schemas, (i) => `toolConfig.tools.${i}.toolSpec.inputSchema.json`);
  if (offered !== undefined) input.tools = offered;
  const output = outputSchema(body);
  if (output !== undefined) input.output = context.schemas.read(output.schema, output.where);
  return input;
}

/** A tool result's content blocks as one output: a `json` block as it is, text blocks joined (as JSON when they read as it). */
function resultContent(content: unknown): unknown {
  if (!Array.isArray(content)) return null;
  const json = content.find((c: unknown) => isObject(c) && c.json !== undefined) as Record<string, unknown> | undefined;
  if (json !== undefined) return json.json;
  const text = content.map((c: unknown) => (isObject(c) && typeof c.text === 'string' ? c.text : '')).join('');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The typed value's JSON Schema a request asks for, and where it sits. */
function outputSchema(body: Record<string, unknown>): { schema: unknown; where: string } | undefined {
  const format = isObject(body.outputConfig) ? body.outputConfig.textFormat : undefined;
  const structure = isObject(format) && isObject(format.structure) ? format.structure.jsonSchema : undefined;
  if (isObject(structure)) {
    const where = 'outputConfig.textFormat.structure.jsonSchema.schema';
    const text = need(
      typeof structure.schema === 'string' && structure.schema,
      where,
      'a JSON Schema written as a string',
    );
    return { schema: readJsonDocument(text), where };
  }
  const extra = isObject(body.additionalModelRequestFields)
    ? body.additionalModelRequestFields.output_config
    : undefined;
  const native = isObject(extra) ? extra.format : undefined;
  if (isObject(native) && native.type === 'json_schema')
    return { schema: native.schema ?? {}, where: 'additionalModelRequestFields.output_config.format.schema' };
  return undefined;
}
