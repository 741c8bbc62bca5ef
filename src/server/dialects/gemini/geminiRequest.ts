/** The Gemini generateContent request as the server reads and checks it, kept apart from how it answers. */

import type { ReplyInput } from '../../../services/requests/prepareReply.js';
import type { Message, ToolCall, ToolResult } from '../../../services/spec/Provider.js';
import { checkFields, need } from '../../checkFields.js';
import { geminiSchema } from './geminiSchema.js';
import { toolsOf, type WireTool } from '../../toolsOf.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';
import { isObject, resultOf } from '../../wireInput.js';

const known = new Set([
  'contents',
  'systemInstruction',
  'tools',
  'toolConfig',
  'safetySettings',
  'generationConfig',
  'cachedContent',
  'labels',
  'model',
]);

/** The fields of a part the server reads; the others are refused rather than answered as if absent. */
type Turn = { role: 'user' | 'model'; parts: readonly unknown[] };

/** Refuses what the server cannot honour, with Gemini's 400. */
function unsupported(where: string, why: string): WireError {
  return new WireError('W0004', 400, `${where}: ${why}`, {
    type: 'INVALID_ARGUMENT',
    param: where,
    retry: false,
  });
}

/**
 * Reads and checks a `generateContent` body into what the engine is asked: `contents` (text,
 * `functionCall` and `functionResponse` parts; thought parts are skipped), `systemInstruction`,
 * `tools[].functionDeclarations` (`parametersJsonSchema`, or `parameters` in Gemini's schema form)
 * and a typed value from `generationConfig.responseJsonSchema` or `responseSchema`.
 *
 * @example
 * ```ts
 * const input = readGenerate(readJson(context.body), context);
 * ```
 */
export function readGenerate(body: Record<string, unknown>, context: WireContext): ReplyInput {
  checkFields(body, known);
  const raw = need(
    Array.isArray(body.contents) && body.contents.length > 0 && (body.contents as unknown[]),
    'contents',
    'a non-empty list of contents { role, parts }',
  );
  const messages: Message[] = [];
  /** The calls of the last model turn that no functionResponse has answered yet. */
  let open: ToolCall[] = [];
  let callCount = 0;
  raw.forEach((item, i) => {
    const where = `contents[${i}]`;
    const turn = need(
      isObject(item) &&
        (item.role === undefined || item.role === 'user' || item.role === 'model') &&
        Array.isArray(item.parts) && { role: item.role === 'model' ? 'model' : 'user', parts: item.parts as unknown[] },
      where,
      "a content { role: 'user' | 'model', parts: [...] }",
    ) as Turn;
    let text = '';
    const calls: ToolCall[] = [];
    const results: ToolResult[] = [];
    turn.parts.forEach((rawPart, j) => {
      const at = `${where}.parts[${j}]`;
      const part = need(isObject(rawPart) && rawPart, at, 'a part object');
      if (typeof part.text === 'string') {
        if (part.thought !== true) text += part.text;
      } else if (isObject(part.functionCall) && turn.role === 'model' && typeof part.functionCall.name === 'string') {
        const call = part.functionCall;
        const id = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${callCount}`;
        callCount++;
        calls.push({ id, tool: call.name as string, with: call.args ?? {} });
      } else if (
        isObject(part.functionResponse) &&
        turn.role === 'user' &&
        typeof part.functionResponse.name === 'string'
      ) {
        results.push(resultFor(part.functionResponse, open));
      } else {
        const kind = Object.keys(part).find((key) => key !== 'thoughtSignature') ?? 'empty';
        throw unsupported(
          at,
          `the wire server reads text, functionCall and functionResponse parts, not '${kind}'. Send the content as text.`,
        );
      }
    });
    if (turn.role === 'model') {
      open = [...calls];
      messages.push({ role: 'assistant', ...(text ? { content: text } : {}), ...(calls.length > 0 ? { calls } : {}) });
    } else {
      if (results.length > 0) messages.push({ role: 'tool', results });
      if (text !== '' || results.length === 0) messages.push({ role: 'user', content: text });
    }
  });
  const input: { -readonly [K in keyof ReplyInput]: ReplyInput[K] } = { messages };
  const system = body.systemInstruction;
  if (typeof system === 'string') input.instructions = system;
  else if (isObject(system) && Array.isArray(system.parts))
    input.instructions = system.parts
      .map((p: unknown) => (isObject(p) && typeof p.text === 'string' ? p.text : ''))
      .join('\n');
  if (body.tools !== undefined) {
    const offered = toolsOf(
      declarations(body.tools),
      context.schemas,
      (i) => `tools.functionDeclarations[${i}].parameters`,
    );
    if (offered !== undefined) input.tools = offered;
  }
  const config = body.generationConfig;
  if (isObject(config)) {
    const count = config.candidateCount;
    if (count !== undefined && count !== 1)
      throw unsupported(
        'generationConfig.candidateCount',
        'the wire server gives one candidate; send 1 or leave it out.',
      );
    const schema =
      config.responseJsonSchema ??
      (config.responseSchema === undefined ? undefined : geminiSchema(config.responseSchema));
    if (schema !== undefined) input.output = context.schemas.read(schema, 'generationConfig.responseJsonSchema');
  }
  return input;
}

/** The tool result a functionResponse carries, answering the open call of its name (its id when it names one). */
function resultFor(response: Record<string, unknown>, open: ToolCall[]): ToolResult {
  const tool = response.name as string;
  const byId = typeof response.id === 'string' ? open.findIndex((call) => call.id === response.id) : -1;
  const index = byId !== -1 ? byId : open.findIndex((call) => call.tool === tool);
  const id =
    index === -1 ? (typeof response.id === 'string' ? response.id : `call_${tool}`) : open.splice(index, 1)[0]!.id;
  const said = isObject(response.response) ? response.response : {};
  if (said.error !== undefined)
    return { id, tool, error: typeof said.error === 'string' ? said.error : JSON.stringify(said.error) };
  // Gemini's documented `output`, the AI SDK's `content` (JSON text or text), or the whole response object.
  const output =
    'output' in said ? said.output : typeof said.content === 'string' ? resultOf(said.content) : (said.content ?? said);
  return { id, tool, output };
}

/** The function declarations of a request's tools; other tools (search, code execution) are refused. */
function declarations(tools: unknown): WireTool[] {
  const list = need(Array.isArray(tools) && (tools as unknown[]), 'tools', 'a list of tools { functionDeclarations }');
  return list.flatMap((entry, i) => {
    const tool = need(isObject(entry) && entry, `tools[${i}]`, 'a tool { functionDeclarations }');
    const other = Object.keys(tool).find((key) => key !== 'functionDeclarations');
    if (other !== undefined)
      throw unsupported(
        `tools[${i}].${other}`,
        'the wire server offers function declarations only; the client runs its tools.',
      );
    const found = need(
      Array.isArray(tool.functionDeclarations) && (tool.functionDeclarations as unknown[]),
      `tools[${i}].functionDeclarations`,
      'a list of function declarations { name, description?, parametersJsonSchema? }',
    );
    return found.map((raw, j) => {
      const fn = need(
        isObject(raw) && typeof raw.name === 'string' && raw,
        `tools[${i}].functionDeclarations[${j}]`,
        'a declaration { name }',
      );
      const parameters =
        fn.parametersJsonSchema ?? (fn.parameters === undefined ? { type: 'object' } : geminiSchema(fn.parameters));
      return {
        name: fn.name as string,
        description: typeof fn.description === 'string' ? fn.description : undefined,
        parameters,
      };
    });
  });
}
