import type { CallSettings } from '../../spec/CallSettings.js';
import { cannotHonour } from '../../requests/cannotSend.js';

const PROVIDER = 'Gemini generateContent';

/**
 * Writes a call's settings into a Gemini request: `temperature` (0 to 2, else `E0021`), `topP`,
 * `maxOutputTokens` (over the adapter's), `stopSequences` (at most 5, else `E0021`) and `seed`
 * in `generationConfig`; `toolChoice` as `toolConfig.functionCallingConfig` (`auto` AUTO,
 * `none` NONE, `required` ANY, a named tool ANY with `allowedFunctionNames`).
 *
 * @example
 * ```ts
 * const body: Record<string, unknown> = {};
 * const config: Record<string, unknown> = {};
 * geminiSettings(body, config, { temperature: 0, toolChoice: { tool: 'search' } });
 * // config: { temperature: 0 }; body: { toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['search'] } } }
 * ```
 */
export function geminiSettings(
  body: Record<string, unknown>,
  config: Record<string, unknown>,
  settings: CallSettings,
): void {
  if (settings.temperature !== undefined) {
    if (settings.temperature > 2)
      throw cannotHonour(
        PROVIDER,
        'temperature',
        `it takes a temperature from 0 to 2, and got ${settings.temperature}`,
      );
    config.temperature = settings.temperature;
  }
  if (settings.topP !== undefined) config.topP = settings.topP;
  if (settings.maxOutputTokens !== undefined) config.maxOutputTokens = settings.maxOutputTokens;
  if (settings.stopSequences !== undefined) {
    if (settings.stopSequences.length > 5)
      throw cannotHonour(
        PROVIDER,
        'stopSequences',
        `it takes at most 5 stop sequences, and got ${settings.stopSequences.length}`,
      );
    config.stopSequences = [...settings.stopSequences];
  }
  if (settings.seed !== undefined) config.seed = settings.seed;
  const choice = settings.toolChoice;
  if (choice !== undefined) {
    const functionCallingConfig =
      typeof choice === 'object'
        ? { mode: 'ANY', allowedFunctionNames: [choice.tool] }
        : { mode: choice === 'required' ? 'ANY' : choice.toUpperCase() };
    body.toolConfig = { functionCallingConfig };
  }
}
