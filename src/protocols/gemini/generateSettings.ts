import type { CallSettings, ToolChoice } from '../../services/spec/CallSettings.js';
import { beyondLimit } from '../beyondLimit.js';
import type { GenerateBody, GenerateRead } from './generateShapes.js';

type ToolConfig = NonNullable<GenerateBody['toolConfig']>;

/**
 * Writes the settings into `generationConfig` and answers the `toolConfig`. A temperature over 2 or more than 5 stop
 * sequences, which Gemini refuses, are `cannot_honour`.
 */
export function writeSettings(settings: CallSettings, config: Record<string, unknown>): ToolConfig | undefined {
  if (settings.temperature !== undefined) {
    if (settings.temperature > 2) throw beyondLimit('temperature', 'a temperature from 0 to 2', settings.temperature);
    config.temperature = settings.temperature;
  }
  if (settings.topP !== undefined) config.topP = settings.topP;
  if (settings.maxOutputTokens !== undefined) config.maxOutputTokens = settings.maxOutputTokens;
  if (settings.stopSequences !== undefined) {
    if (settings.stopSequences.length > 5)
      throw beyondLimit('stopSequences', 'at most 5 stop sequences', settings.stopSequences.length);
    config.stopSequences = [...settings.stopSequences];
  }
  if (settings.seed !== undefined) config.seed = settings.seed;
  const choice = settings.toolChoice;
  if (choice === undefined) return undefined;
  return {
    functionCallingConfig:
      typeof choice === 'object'
        ? { mode: 'ANY', allowedFunctionNames: [choice.tool] }
        : { mode: choice === 'required' ? 'ANY' : choice.toUpperCase() },
  };
}

/**
 * The settings a request asks for: `ANY` naming one function is that tool, else `required`; `VALIDATED` is `auto`;
 * `topK` and penalties are read and not kept.
 */
export function readSettings(body: GenerateRead): CallSettings | undefined {
  const settings: { -readonly [K in keyof CallSettings]: CallSettings[K] } = {};
  const config = body.generationConfig;
  if (config !== undefined && config !== null) {
    if (typeof config.temperature === 'number') settings.temperature = config.temperature;
    if (typeof config.topP === 'number') settings.topP = config.topP;
    if (typeof config.maxOutputTokens === 'number') settings.maxOutputTokens = config.maxOutputTokens;
    if (Array.isArray(config.stopSequences)) settings.stopSequences = config.stopSequences;
    if (typeof config.seed === 'number') settings.seed = config.seed;
  }
  const choice = toolChoiceOf(body.toolConfig?.functionCallingConfig);
  if (choice !== undefined) settings.toolChoice = choice;
  return Object.keys(settings).length > 0 ? settings : undefined;
}

function toolChoiceOf(
  config: NonNullable<GenerateRead['toolConfig']>['functionCallingConfig'] | undefined,
): ToolChoice | undefined {
  switch (config?.mode ?? undefined) {
    case 'AUTO':
    case 'VALIDATED':
      return 'auto';
    case 'NONE':
      return 'none';
    case 'ANY': {
      const names = config?.allowedFunctionNames ?? [];
      return names.length === 1 ? { tool: names[0]! } : 'required';
    }
    default:
      return undefined;
  }
}
