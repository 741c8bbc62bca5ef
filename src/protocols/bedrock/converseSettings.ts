import type { CallSettings } from '../../services/spec/CallSettings.js';
import type { OutputSpec, ReplyRequest, ToolSpec } from '../../services/spec/Provider.js';
import type { readShape } from '../readShape.js';
import { refused, WireFault } from '../WireFault.js';
import type { converseBody } from './converseShapes.js';
import { isRecord } from '../jsonValues.js';

type Body = ReturnType<typeof readShape<typeof converseBody>>;

/** The name of the forced tool the AI SDK's Bedrock provider asks for a typed value through. */
const VALUE_TOOL = 'json';
const TEXT_FORMAT = 'outputConfig.textFormat.structure.jsonSchema.schema';
const NATIVE_FORMAT = 'additionalModelRequestFields.output_config.format.schema';

/** How a request asked for a typed value: its shape, where the shape sits, and the tool it is answered through. */
export interface ValueAsked {
  readonly output?: OutputSpec | undefined;
  /** Where the value's schema sits in the body. */
  readonly outputPlace: string;
  /** Set when the value was asked for as a forced tool's input: it is answered as a call of this tool. */
  readonly valueTool?: string | undefined;
}

/**
 * Writes the settings into `inferenceConfig` and `toolChoice`: `seed` is dropped (Converse has none), `auto` goes
 * unsaid, `none` offers no tools (Converse has no such choice). A choice that needs tools without any is
 * `cannot_honour`.
 */
export function writeSettings(body: Record<string, unknown>, request: ReplyRequest, maxTokens?: number): void {
  const call = request.settings;
  const inference: Record<string, unknown> = {};
  const max = call?.maxOutputTokens ?? maxTokens;
  if (max !== undefined) inference.maxTokens = max;
  if (call?.temperature !== undefined) inference.temperature = call.temperature;
  if (call?.topP !== undefined) inference.topP = call.topP;
  if (call?.stopSequences !== undefined) inference.stopSequences = [...call.stopSequences];
  if (Object.keys(inference).length > 0) body.inferenceConfig = inference;
  const tools = request.tools ?? [];
  const choice = call?.toolChoice;
  if (tools.length > 0 && choice !== 'none') {
    body.toolConfig = {
      tools: tools.map((tool) => ({
        toolSpec: {
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          inputSchema: { json: tool.input },
        },
      })),
      ...(choice === undefined || choice === 'auto'
        ? {}
        : { toolChoice: typeof choice === 'object' ? { tool: { name: choice.tool } } : { any: {} } }),
    };
  } else if (choice !== undefined && choice !== 'auto' && choice !== 'none') {
    throw new WireFault({
      kind: 'cannot_honour',
      setting: 'toolChoice',
      why: 'the request offers no tools to choose from',
    });
  }
}

/** The call's settings a Converse body carries; `valueTool` drops the tool choice that forced the value's tool. */
export function readSettings(body: Body, valueTool: boolean): CallSettings | undefined {
  const settings: { -readonly [K in keyof CallSettings]: CallSettings[K] } = {};
  const inference = body.inferenceConfig;
  if (inference?.maxTokens !== undefined) settings.maxOutputTokens = inference.maxTokens;
  if (inference?.temperature !== undefined) settings.temperature = inference.temperature;
  if (inference?.topP !== undefined) settings.topP = inference.topP;
  if (inference?.stopSequences !== undefined) settings.stopSequences = inference.stopSequences;
  const choice = body.toolConfig?.toolChoice;
  if (choice !== undefined && !valueTool) {
    if (choice.tool !== undefined) settings.toolChoice = { tool: choice.tool.name };
    else if (choice.any !== undefined) settings.toolChoice = 'required';
    else if (choice.auto !== undefined) settings.toolChoice = 'auto';
  }
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/**
 * The typed value a Converse body asks for: `outputConfig.textFormat`, Anthropic-on-Bedrock's `output_config.format`,
 * or a forced tool named `json` as the AI SDK's Bedrock provider asks, which is taken out of `tools` and answered as
 * its call.
 */
export function readValueAsked(
  body: Body,
  tools: ToolSpec[],
  places: string[],
  json: (text: string) => unknown,
): ValueAsked {
  const format = body.outputConfig?.textFormat?.structure.jsonSchema;
  if (format !== undefined) {
    return {
      output: { name: format.name ?? 'output', schema: schemaOf(format.schema, json) },
      outputPlace: TEXT_FORMAT,
    };
  }
  const native = body.additionalModelRequestFields?.output_config;
  const nativeFormat = isRecord(native) ? native.format : undefined;
  if (isRecord(nativeFormat) && nativeFormat.type === 'json_schema') {
    const schema = isRecord(nativeFormat.schema) ? nativeFormat.schema : {};
    return { output: { name: 'output', schema }, outputPlace: NATIVE_FORMAT };
  }
  const choice = body.toolConfig?.toolChoice;
  const forced = choice?.tool?.name === VALUE_TOOL || (choice?.any !== undefined && choice.tool === undefined);
  const at = tools.findIndex((tool) => tool.name === VALUE_TOOL);
  if (!forced || at === -1) return { outputPlace: TEXT_FORMAT };
  const [tool] = tools.splice(at, 1);
  const [place] = places.splice(at, 1);
  return { output: { name: VALUE_TOOL, schema: tool!.input }, outputPlace: place!, valueTool: VALUE_TOOL };
}

/** A JSON Schema written as a string, read as an object. */
function schemaOf(text: string, json: (text: string) => unknown): Readonly<Record<string, unknown>> {
  let schema: unknown;
  try {
    schema = json(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw refused(
      TEXT_FORMAT.split('.'),
      `The JSON schema at ${TEXT_FORMAT} is not valid JSON (${error.message}). Send the schema as JSON text.`,
    );
  }
  if (!isRecord(schema))
    throw refused(
      TEXT_FORMAT.split('.'),
      `The JSON schema at ${TEXT_FORMAT} is not an object. Send a JSON Schema object.`,
    );
  return schema;
}
