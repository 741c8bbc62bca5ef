import type { CallSettings } from '../../spec/CallSettings.js';
import { cannotHonour } from '../../requests/cannotSend.js';

const PROVIDER = 'Anthropic messages';

/**
 * Writes a call's settings into a Messages API body: `temperature` (0 to 1, else `E0021`),
 * `top_p`, `max_tokens` (over the adapter's), `stop_sequences`, and `tool_choice` (`auto`,
 * `none`, `required` as `any`, a named tool as `tool`). `seed` is dropped: the API has no seeded
 * sampling, and a seed only ever asks for best-effort repeatability.
 *
 * @example
 * ```ts
 * const body: Record<string, unknown> = { max_tokens: 4096 };
 * messagesSettings(body, { maxOutputTokens: 200, toolChoice: 'required' });
 * // body: { max_tokens: 200, tool_choice: { type: 'any' } }
 * ```
 */
export function messagesSettings(body: Record<string, unknown>, settings: CallSettings): void {
  if (settings.temperature !== undefined) {
    if (settings.temperature > 1)
      throw cannotHonour(
        PROVIDER,
        'temperature',
        `it takes a temperature from 0 to 1, and got ${settings.temperature}`,
      );
    body.temperature = settings.temperature;
  }
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) body.max_tokens = settings.maxOutputTokens;
  if (settings.stopSequences !== undefined) body.stop_sequences = [...settings.stopSequences];
  const choice = settings.toolChoice;
  if (choice !== undefined) {
    body.tool_choice =
      typeof choice === 'object'
        ? { type: 'tool', name: choice.tool }
        : { type: choice === 'required' ? 'any' : choice };
  }
}
