import type { ContentPart } from '../../services/spec/ContentPart.js';
import type { Message, Reasoning, ReplyRequest, ToolCall, ToolResult, ToolSpec } from '../../services/spec/Provider.js';
import { readShape, toJson } from '../readShape.js';
import { WireFault } from '../WireFault.js';
import { readUserPart, writeUserParts, type WrittenPart } from './geminiParts.js';
import { geminiRefused } from './geminiRefused.js';
import { fromGeminiSchema, toResponseSchema } from './geminiSchema.js';
import { readSettings, writeSettings } from './generateSettings.js';
import { generateBody, partData, type GenerateBody, type GeneratePart, type GenerateRead } from './generateShapes.js';
import { isRecord, resultOf } from '../jsonValues.js';

/** What the adapter adds to a request beside the call: its settings' extra body fields and output limit. */
export interface GenerateExtras {
  /** Top-level fields laid under the request's own (a `generationConfig` there is merged under the call's). */
  readonly body?: Readonly<Record<string, unknown>> | undefined;
  /** `maxOutputTokens` when the call names none. */
  readonly maxTokens?: number | undefined;
}

/**
 * Google's documented signature for a replayed call without the model's own (another model's, a cassette's): Gemini 3
 * refuses one with none.
 */
export const SKIP_SIGNATURE = 'skip_thought_signature_validator';

/** The name a typed value is read back under: Gemini's request names none. */
export const OUTPUT_NAME = 'response';

/**
 * The `generateContent` body of a reply request. Signed reasoning goes back as signed thought parts; call ids and
 * signatures are kept, a first call without its own signed with {@link SKIP_SIGNATURE};
 * turns of one role side by side are joined; a typed value is `responseJsonSchema`. A call input that is no JSON object
 * is `cannot_send`.
 */
export function writeGenerate(request: ReplyRequest, extras: GenerateExtras = {}): GenerateBody {
  const contents: { role: 'user' | 'model'; parts: WrittenPart[] }[] = [];
  const add = (role: 'user' | 'model', parts: WrittenPart[]): void => {
    if (parts.length === 0) return;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };
  request.messages.forEach((message, i) => {
    const where = `request.messages[${i}]`;
    if (message.role === 'user') add('user', writeUserParts(message.content));
    else if (message.role === 'assistant') {
      const parts: WrittenPart[] = [];
      for (const reasoning of message.reasoning ?? [])
        if (reasoning.signature !== undefined)
          parts.push({ text: reasoning.text, thought: true, thoughtSignature: reasoning.signature });
      if (message.content) parts.push({ text: message.content });
      message.calls?.forEach((call, j) => {
        const args = callArgs(call.with, `${where}.calls[${j}].with`);
        const signature = call.signature ?? (j === 0 ? SKIP_SIGNATURE : undefined);
        parts.push({
          functionCall: { id: call.id, name: call.tool, args },
          ...(signature === undefined ? {} : { thoughtSignature: signature }),
        });
      });
      add('model', parts);
    } else {
      add(
        'user',
        message.results.map((result, j) => ({
          functionResponse: {
            id: result.id,
            name: result.tool,
            response:
              result.error !== undefined
                ? { error: result.error }
                : { output: jsonCopy(result.output ?? null, `${where}.results[${j}].output`) },
          },
        })),
      );
    }
  });
  const extra = extras.body ?? {};
  const config: Record<string, unknown> = isRecord(extra.generationConfig) ? { ...extra.generationConfig } : {};
  const body: Record<string, unknown> = { ...extra, contents };
  if (request.instructions !== undefined) body.systemInstruction = { parts: [{ text: request.instructions }] };
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = [
      {
        functionDeclarations: request.tools.map((tool) => ({
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          parametersJsonSchema: tool.input,
        })),
      },
    ];
  }
  if (extras.maxTokens !== undefined) config.maxOutputTokens = extras.maxTokens;
  if (request.output !== undefined) {
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = toResponseSchema(request.output.schema);
  }
  if (request.settings !== undefined) {
    const toolConfig = writeSettings(request.settings, config);
    if (toolConfig !== undefined) body.toolConfig = toolConfig;
  }
  if (Object.keys(config).length > 0) body.generationConfig = config;
  return body as GenerateBody;
}

/** A call's arguments as a `functionCall` holds them: a JSON object. */
function callArgs(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined) return {};
  const args = jsonCopy(value, where);
  if (!isRecord(args))
    throw new WireFault({
      kind: 'cannot_send',
      where,
      what: `a call input that is ${Array.isArray(args) ? 'a list' : args === null ? 'null' : `a ${typeof args}`}`,
      takes: "a JSON object: Gemini's functionCall parts carry their args as an object",
    });
  return args;
}

/** A value as JSON carries it (no undefined, no functions); a `not_json` fault naming `where` when JSON cannot. */
function jsonCopy(value: unknown, where: string): unknown {
  return JSON.parse(toJson(value, where)) as unknown;
}

/**
 * Reads a `generateContent` body into its call; a `functionResponse` answers the open call of its `id`, else of its
 * name; a model turn's signed thoughts are its reasoning, a call's own signature kept (Google's skip sentinel is
 * none). A `refused` {@link WireFault} names the first field at fault.
 */
export function readGenerate(value: unknown, model: string): ReplyRequest {
  const body = readShape(generateBody, value);
  const messages: Message[] = [];
  /** The calls of the last model turn that no functionResponse has answered yet. */
  let open: ToolCall[] = [];
  let callCount = 0;
  body.contents.forEach((content, i) => {
    const role = content.role ?? 'user';
    let text = '';
    const calls: ToolCall[] = [];
    const results: ToolResult[] = [];
    const parts: ContentPart[] = [];
    const reasoning: Reasoning[] = [];
    content.parts.forEach((part, j) => {
      const at = ['contents', i, 'parts', j];
      const kind = partData.find((field) => part[field] !== undefined && part[field] !== null)!;
      const signature = part.thoughtSignature ?? undefined;
      if (kind === 'text') {
        if (role === 'model' && (part.thought === true || signature !== undefined))
          reasoning.push({ text: part.thought === true ? part.text! : '', ...(signature ? { signature } : {}) });
        if (part.thought === true) return;
        if (role === 'model') text += part.text!;
        else parts.push({ type: 'text', text: part.text! });
      } else if (kind === 'functionCall' && role === 'model') {
        const call = part.functionCall!;
        const signed = signature !== undefined && signature !== SKIP_SIGNATURE ? { signature } : {};
        calls.push({ id: call.id || `call_${callCount}`, tool: call.name, with: call.args ?? {}, ...signed });
        callCount++;
      } else if (kind === 'functionResponse' && role === 'user') {
        results.push(resultFor(part.functionResponse!, open));
      } else if ((kind === 'inlineData' || kind === 'fileData') && role === 'user') {
        parts.push(readUserPart(part, at));
      } else throw unread(kind, role, at);
    });
    if (role === 'model') {
      open = [...calls];
      messages.push({
        role: 'assistant',
        ...(reasoning.some((block) => block.signature !== undefined) ? { reasoning } : {}),
        ...(text ? { content: text } : {}),
        ...(calls.length > 0 ? { calls } : {}),
      });
      return;
    }
    if (results.length > 0) messages.push({ role: 'tool', results });
    if (parts.length === 0 && results.length > 0) return;
    const only = parts.length === 1 ? parts[0]! : undefined;
    messages.push({ role: 'user', content: only?.type === 'text' ? only.text : parts.length === 0 ? '' : parts });
  });
  const request: { -readonly [K in keyof ReplyRequest]: ReplyRequest[K] } = { model, messages };
  const system = body.systemInstruction;
  if (system !== undefined && system !== null) {
    request.instructions = system.parts
      .map((part, j) => {
        if (typeof part.text === 'string') return part.text;
        throw geminiRefused(
          ['systemInstruction', 'parts', j],
          'the wire server reads the text parts of a system instruction; send it as text.',
          'unhonoured',
        );
      })
      .join('\n');
  }
  const tools = toolsOf(body.tools ?? []);
  if (tools.length > 0) request.tools = tools;
  const config = body.generationConfig;
  if (config?.candidateCount !== undefined && config.candidateCount !== null && config.candidateCount !== 1)
    throw geminiRefused(
      ['generationConfig', 'candidateCount'],
      'the wire server gives one candidate; send 1 or leave it out.',
      'unhonoured',
    );
  const schema =
    config?.responseJsonSchema ??
    (config?.responseSchema === undefined || config.responseSchema === null
      ? undefined
      : fromGeminiSchema(config.responseSchema));
  if (schema !== undefined) request.output = { name: OUTPUT_NAME, schema };
  const settings = readSettings(body);
  if (settings !== undefined) request.settings = settings;
  return request;
}

/** The refusal of a part the wire server does not read where it stands. */
function unread(kind: (typeof partData)[number], role: string, at: readonly PropertyKey[]): WireFault {
  if (kind === 'functionCall' || kind === 'functionResponse')
    return geminiRefused(
      [...at, kind],
      `a ${kind} part goes in a turn of role ${kind === 'functionCall' ? 'model' : 'user'}, not ${role}.`,
    );
  return geminiRefused(
    at,
    role === 'model'
      ? `the wire server reads the text and functionCall parts of a model turn, not '${kind}'; send it as text.`
      : `the wire server reads text, inlineData, fileData and functionResponse parts, not '${kind}' (the work of ` +
          'a tool Google runs); send the content as text.',
    'unhonoured',
  );
}

type FunctionResponse = NonNullable<GeneratePart['functionResponse']>;

/** The tool result a functionResponse carries, answering the open call of its id, or else of its name. */
function resultFor(response: FunctionResponse, open: ToolCall[]): ToolResult {
  const tool = response.name;
  const byId = typeof response.id === 'string' ? open.findIndex((call) => call.id === response.id) : -1;
  const index = byId !== -1 ? byId : open.findIndex((call) => call.tool === tool);
  const id = index === -1 ? response.id || `call_${tool}` : open.splice(index, 1)[0]!.id;
  const said = response.response;
  if (said.error !== undefined)
    return { id, tool, error: typeof said.error === 'string' ? said.error : JSON.stringify(said.error) };
  // Gemini's documented `output`, the AI SDK's `content` (JSON text or text), or the whole response object.
  const output =
    'output' in said ? said.output : typeof said.content === 'string' ? resultOf(said.content) : (said.content ?? said);
  return { id, tool, output };
}

/** The tools a request's function declarations offer; a tool Google runs on its side is refused. */
function toolsOf(tools: NonNullable<GenerateRead['tools']>): ToolSpec[] {
  return tools.flatMap((tool, i) => {
    const other = Object.keys(tool).find(
      (key) => key !== 'functionDeclarations' && tool[key as keyof typeof tool] !== undefined,
    );
    if (other !== undefined)
      throw geminiRefused(
        ['tools', i, other],
        'the wire server offers function declarations only; the client runs its tools.',
        'unhonoured',
      );
    return (tool.functionDeclarations ?? []).map((fn): ToolSpec => ({
      name: fn.name,
      ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
      input:
        fn.parametersJsonSchema ??
        (fn.parameters === undefined || fn.parameters === null ? { type: 'object' } : fromGeminiSchema(fn.parameters)),
    }));
  });
}
