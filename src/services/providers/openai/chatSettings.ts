import type { CallSettings } from '../../spec/CallSettings.js';
import { cannotHonour } from '../../requests/cannotSend.js';

const PROVIDER = 'OpenAI chat';

/**
 * Writes a call's settings into a Chat Completions body: `temperature`, `top_p`,
 * `max_completion_tokens` (over the adapter's `maxTokens`), `stop` (at most 4, else `E0021`),
 * `seed`, and `tool_choice` (`auto`, `none`, `required`, or `{ type: 'function', function: { name } }`).
 *
 * @example
 * ```ts
 * const body: Record<string, unknown> = {};
 * chatSettings(body, { temperature: 0, toolChoice: { tool: 'search' } });
 * // body: { temperature: 0, tool_choice: { type: 'function', function: { name: 'search' } } }
 * ```
 */
export function chatSettings(body: Record<string, unknown>, settings: CallSettings): void {
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) body.max_completion_tokens = settings.maxOutputTokens;
  if (settings.stopSequences !== undefined) {
    if (settings.stopSequences.length > 4)
      throw cannotHonour(
        PROVIDER,
        'stopSequences',
        `it takes at most 4 stop sequences, and got ${settings.stopSequences.length}`,
      );
    body.stop = [...settings.stopSequences];
  }
  if (settings.seed !== undefined) body.seed = settings.seed;
  const choice = settings.toolChoice;
  if (choice !== undefined)
    body.tool_choice = typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.tool } };
}
