import type { Message, ReplyRequest, ToolCall, ToolResult, ToolSpec } from '../../services/spec/Provider.js';
import type { ContentPart } from '../../services/spec/ContentPart.js';
import { closedSchema } from '../closedSchema.js';
import { readShape, toJson } from '../readShape.js';
import { refused, WireFault } from '../WireFault.js';
import {
  path,
  readDocument,
  readImage,
  readResult,
  unsupported,
  writeResult,
  writeUserBlocks,
} from './converseContent.js';
import { readSettings, readValueAsked, writeSettings, type ValueAsked } from './converseSettings.js';
import { converseBody, type ConverseBlock, type ConverseBody } from './converseShapes.js';

/** What the adapter adds to a request beside the call: its settings' extra body fields and output limit. */
export interface ConverseExtras {
  /** Top-level fields laid under the request's own (the adapter's `body`, the call's `providerOptions`). */
  readonly body?: Readonly<Record<string, unknown>> | undefined;
  /** `inferenceConfig.maxTokens` when the call names no `maxOutputTokens`. */
  readonly maxTokens?: number | undefined;
}

/** How a Converse body is read: the model its path names, and how a JSON Schema written as a string is parsed. */
export interface ConverseReadOptions {
  readonly model: string;
  /** Parses the typed value's schema text (the wire server bounds its nesting); `JSON.parse` when left out. */
  readonly json?: ((text: string) => unknown) | undefined;
}

/** A Converse request as read: the call, and where its schemas sit in the body (for errors about them). */
export interface ConverseRead extends ValueAsked {
  readonly request: ReplyRequest;
  /** The place of each of `request.tools`' input schema. */
  readonly toolPlaces: readonly string[];
}

const FIRST_USER =
  'A conversation must start with a user message. Try again with a conversation that starts with a user message.';
const ALTERNATE =
  'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between ' +
  'user and assistant roles and try again.';

type Turn = { role: 'user' | 'assistant'; content: ConverseBlock[] };

/**
 * The Converse body of a reply request; the model goes in the path. Turns of one role next to each other are joined, as
 * Converse wants; a typed value asks for `outputConfig.textFormat` with every object closed. The extras' body lies
 * under the fields written here.
 */
export function writeConverse(request: ReplyRequest, extras: ConverseExtras = {}): ConverseBody {
  const messages: Turn[] = [];
  const add = (role: Turn['role'], blocks: ConverseBlock[]): void => {
    if (blocks.length === 0) return;
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  request.messages.forEach((message, i) => {
    const where = `request.messages[${i}]`;
    switch (message.role) {
      case 'user':
        add('user', writeUserBlocks(message.content, where));
        return;
      case 'assistant': {
        const blocks: ConverseBlock[] = [];
        if (message.content !== undefined && message.content !== '') blocks.push({ text: message.content });
        message.calls?.forEach((call, j) => {
          const input = toolInput(call.with, `${where}.calls[${j}].with`);
          blocks.push({ toolUse: { toolUseId: call.id, name: call.tool, input } });
        });
        add('assistant', blocks);
        return;
      }
      case 'tool':
        add(
          'user',
          message.results.map((result, j) => writeResult(result, `${where}.results[${j}]`)),
        );
        return;
    }
  });
  const body: Record<string, unknown> = { ...extras.body, messages };
  if (request.instructions !== undefined && request.instructions !== '') body.system = [{ text: request.instructions }];
  writeSettings(body, request, extras.maxTokens);
  if (request.output !== undefined) {
    const schema = JSON.stringify(closedSchema(request.output.schema).schema);
    const config = body.outputConfig;
    body.outputConfig = {
      ...(typeof config === 'object' && config !== null ? config : {}),
      textFormat: { type: 'json_schema', structure: { jsonSchema: { schema, name: request.output.name } } },
    };
  }
  return body as ConverseBody;
}

/**
 * Reads a Converse body into its call (a user turn's results first, then what the user said); a `refused` {@link
 * WireFault} names the first field at fault, in Bedrock's words where it has a rule.
 */
export function readConverse(value: unknown, options: ConverseReadOptions): ConverseRead {
  const body = readShape(converseBody, value);
  if (body.messages.length === 0) throw refused(['messages'], FIRST_USER);
  const messages: Message[] = [];
  const names = new Map<string, string>();
  body.messages.forEach((message, i) => {
    if (i === 0 && message.role !== 'user') throw refused(['messages', 0, 'role'], FIRST_USER);
    if (i > 0 && message.role === body.messages[i - 1]!.role) throw refused(['messages', i, 'role'], ALTERNATE);
    const at = ['messages', i, 'content'];
    if (message.role === 'assistant') messages.push(readAssistant(message.content, at, names));
    else messages.push(...readUser(message.content, at, names));
  });
  const request: { -readonly [K in keyof ReplyRequest]: ReplyRequest[K] } = { model: options.model, messages };
  const system = (body.system ?? []).flatMap((block) => (block.text === undefined ? [] : [block.text]));
  if (system.length > 0) request.instructions = system.join('\n\n');
  const tools: ToolSpec[] = [];
  const toolPlaces: string[] = [];
  body.toolConfig?.tools.forEach((tool, i) => {
    if (tool.systemTool !== undefined)
      throw unsupported(
        ['toolConfig', 'tools', i],
        `toolConfig.tools.${i} is a systemTool; the wire server runs no tools of its own. Offer a toolSpec.`,
      );
    const spec = tool.toolSpec;
    if (spec === undefined) return;
    tools.push({
      name: spec.name,
      ...(spec.description !== undefined ? { description: spec.description } : {}),
      input: spec.inputSchema.json,
    });
    toolPlaces.push(`toolConfig.tools.${i}.toolSpec.inputSchema.json`);
  });
  const asked = readValueAsked(body, tools, toolPlaces, options.json ?? parseJson);
  if (tools.length > 0) request.tools = tools;
  if (asked.output !== undefined) request.output = asked.output;
  const settings = readSettings(body, asked.valueTool !== undefined);
  if (settings !== undefined) request.settings = settings;
  return {
    request,
    toolPlaces,
    outputPlace: asked.outputPlace,
    ...(asked.valueTool !== undefined ? { valueTool: asked.valueTool } : {}),
  };
}

type Blocks = ReturnType<typeof readShape<typeof converseBody>>['messages'][number]['content'];

/** A user turn: its tool results as a tool message, then what the user said (text alone as a string). */
function readUser(content: Blocks, at: readonly PropertyKey[], names: ReadonlyMap<string, string>): Message[] {
  const parts: ContentPart[] = [];
  const results: ToolResult[] = [];
  content.forEach((block, j) => {
    const place = [...at, j];
    if (block.text !== undefined) parts.push({ type: 'text', text: block.text });
    else if (block.image !== undefined) parts.push(readImage(block.image, [...place, 'image']));
    else if (block.document !== undefined) parts.push(readDocument(block.document, [...place, 'document']));
    else if (block.guardContent?.text !== undefined) parts.push({ type: 'text', text: block.guardContent.text.text });
    else if (block.toolResult !== undefined) {
      const id = block.toolResult.toolUseId;
      results.push(readResult(block.toolResult, names.get(id) ?? 'unknown', [...place, 'toolResult']));
    } else if (block.toolUse !== undefined) {
      throw refused(
        [...place, 'toolUse'],
        `The toolUse block at ${path(place)} is in a user message. A toolUse block goes in an assistant message.`,
      );
    } else passOver(block, place);
  });
  const out: Message[] = results.length > 0 ? [{ role: 'tool', results }] : [];
  if (parts.length > 0 || results.length === 0) {
    const only = parts.length === 1 ? parts[0] : undefined;
    out.push({ role: 'user', content: only?.type === 'text' ? only.text : parts.length === 0 ? '' : parts });
  }
  return out;
}

/** An assistant turn: its text blocks joined, each tool use a call (remembered by id, for the results to name). */
function readAssistant(content: Blocks, at: readonly PropertyKey[], names: Map<string, string>): Message {
  let text = '';
  const calls: ToolCall[] = [];
  content.forEach((block, j) => {
    const place = [...at, j];
    if (block.text !== undefined) text += block.text;
    else if (block.citationsContent !== undefined)
      text += (block.citationsContent.content ?? []).map((piece) => piece.text).join('');
    else if (block.toolUse !== undefined) {
      const { toolUseId, name, input } = block.toolUse;
      names.set(toolUseId, name);
      calls.push({ id: toolUseId, tool: name, with: input ?? {} });
    } else if (block.toolResult !== undefined) {
      throw refused(
        [...place, 'toolResult'],
        `The toolResult block at ${path(place)} is in an assistant message. A toolResult block goes in a user message.`,
      );
    } else if (block.image !== undefined || block.document !== undefined) {
      throw unsupported(
        place,
        `${path(place)}: the wire server reads text and toolUse blocks in an assistant message.`,
      );
    } else passOver(block, place);
  });
  return { role: 'assistant', ...(text !== '' ? { content: text } : {}), ...(calls.length > 0 ? { calls } : {}) };
}

/** A block that carries nothing the engine is asked (a cache point, reasoning), or one the server cannot read. */
function passOver(block: Blocks[number], place: readonly PropertyKey[]): void {
  if (block.cachePoint !== undefined || block.reasoningContent !== undefined || block.citationsContent !== undefined)
    return;
  const kind = Object.keys(block)[0];
  if (kind === undefined)
    throw refused(place, `The ContentBlock object at ${path(place)} is empty. Set one of its fields, and try again.`);
  throw unsupported(
    place,
    `${path(place)} is a '${kind}' block; the wire server reads text, image, document, toolUse and toolResult ` +
      'blocks. Send the content as one of those.',
  );
}

/** A tool call's input as a `toolUse` block holds it: a JSON object. */
function toolInput(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined) return {};
  const parsed: unknown = JSON.parse(toJson(value, where));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new WireFault({
      kind: 'not_json',
      where,
      why: `Bedrock's toolUse blocks carry their input as a JSON object, and it is ${kindOf(parsed)}`,
    });
  }
  return parsed as Record<string, unknown>;
}

function kindOf(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}

function parseJson(text: string): unknown {
  return JSON.parse(text);
}
