import type { CallSettings } from '../../services/spec/CallSettings.js';
import type { OutputSpec, ToolSpec } from '../../services/spec/Provider.js';
import { isRecord } from '../jsonValues.js';
import { refused, WireFault } from '../WireFault.js';
import type { OllamaChatRead } from './ollamaShapes.js';

/** What the adapter adds to a request beside the call: its settings' extra body fields and output limit. */
export interface RequestExtras {
  /** Top-level fields laid under the request's own (an `options` there is merged under the call's). */
  readonly body?: Readonly<Record<string, unknown>> | undefined;
  /** `options.num_predict` when the call names none. */
  readonly maxTokens?: number | undefined;
}

/** The name a typed value is read back under: Ollama's `format` names none. */
export const OLLAMA_OUTPUT_NAME = 'response';

/**
 * The call's settings as `options`. Ollama has no tool choice: `'none'` sends no tools (the writer leaves them out),
 * `'required'` or a named tool is `cannot_honour`.
 */
export function writeOllamaOptions(
  settings: CallSettings | undefined,
  extras: RequestExtras,
): Record<string, unknown> | undefined {
  const extra = extras.body?.options;
  const options: Record<string, unknown> = isRecord(extra) ? { ...extra } : {};
  const choice = settings?.toolChoice;
  if (choice === 'required' || typeof choice === 'object')
    throw new WireFault({
      kind: 'cannot_honour',
      setting: 'toolChoice',
      why: "Ollama's chat has no tool choice: the model decides whether to call a tool",
    });
  const maxTokens = settings?.maxOutputTokens ?? extras.maxTokens;
  if (settings?.temperature !== undefined) options.temperature = settings.temperature;
  if (settings?.topP !== undefined) options.top_p = settings.topP;
  if (maxTokens !== undefined) options.num_predict = maxTokens;
  if (settings?.stopSequences !== undefined) options.stop = [...settings.stopSequences];
  if (settings?.seed !== undefined) options.seed = settings.seed;
  return Object.keys(options).length > 0 ? options : undefined;
}

/** The settings a request's `options` ask for; the model's other options are read and not kept. */
export function readOllamaOptions(options: OllamaChatRead['options']): CallSettings | undefined {
  if (options === undefined || options === null) return undefined;
  const settings: { -readonly [K in keyof CallSettings]: CallSettings[K] } = {};
  if (typeof options.temperature === 'number') settings.temperature = options.temperature;
  if (typeof options.top_p === 'number') settings.topP = options.top_p;
  if (typeof options.num_predict === 'number' && options.num_predict > 0)
    settings.maxOutputTokens = options.num_predict;
  if (typeof options.stop === 'string') settings.stopSequences = [options.stop];
  else if (Array.isArray(options.stop)) settings.stopSequences = options.stop;
  if (typeof options.seed === 'number') settings.seed = options.seed;
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/** The tools a request offers, an object schema when one names no parameters. */
export function readOllamaTools(tools: NonNullable<OllamaChatRead['tools']>): ToolSpec[] {
  return tools.map((tool) => ({
    name: tool.function.name,
    ...(typeof tool.function.description === 'string' ? { description: tool.function.description } : {}),
    input: tool.function.parameters ?? { type: 'object' },
  }));
}

/** A typed value's schema from `format`: a JSON Schema as it is, `"json"` any JSON value; another word is refused. */
export function readOllamaFormat(format: OllamaChatRead['format']): OutputSpec | undefined {
  if (format === undefined || format === null || format === '') return undefined;
  if (format === 'json') return { name: OLLAMA_OUTPUT_NAME, schema: {} };
  if (typeof format === 'string')
    throw refused(['format'], `invalid format: ${JSON.stringify(format)}; expected "json" or a valid JSON schema`);
  return { name: OLLAMA_OUTPUT_NAME, schema: format };
}
