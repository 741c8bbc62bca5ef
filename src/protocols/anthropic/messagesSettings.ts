import type { CallSettings } from '../../services/spec/CallSettings.js';
import { beyondLimit } from '../beyondLimit.js';
import type { MessagesBody, MessagesRead } from './messagesShapes.js';

/**
 * Writes a call's settings into a Messages body: `temperature` (0 to 1, else a `cannot_honour`
 * fault), `top_p`, `max_tokens` (over the adapter's), `stop_sequences`, and `tool_choice` (`auto`,
 * `none`, `required` as `any`, a named tool as `tool`). `seed` is dropped: the API has no seeded
 * sampling, and a seed only ever asks for best-effort repeatability.
 *
 * @example
 * ```ts
 * const body: Record<string, unknown> = { max_tokens: 4096 };
 * writeSettings(body, { maxOutputTokens: 200, toolChoice: 'required' });
 * // body: { max_tokens: 200, tool_choice: { type: 'any' } }
 * ```
 */
export function writeSettings(body: Partial<MessagesBody>, settings: CallSettings): void {
  if (settings.temperature !== undefined) {
    if (settings.temperature > 1) throw beyondLimit('temperature', 'a temperature from 0 to 1', settings.temperature);
    body.temperature = settings.temperature;
  }
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) body.max_tokens = settings.maxOutputTokens;
  if (settings.stopSequences !== undefined) body.stop_sequences = [...settings.stopSequences];
  const choice = settings.toolChoice;
  if (choice === undefined) return;
  body.tool_choice =
    typeof choice === 'object' ? { type: 'tool', name: choice.tool } : { type: choice === 'required' ? 'any' : choice };
}

/** The call settings a Messages body asks for; `top_k`, which a call's settings have no place for, is not kept. */
export function readSettings(body: MessagesRead): CallSettings {
  const settings: { -readonly [K in keyof CallSettings]: CallSettings[K] } = { maxOutputTokens: body.max_tokens };
  if (body.temperature !== undefined) settings.temperature = body.temperature;
  if (body.top_p !== undefined) settings.topP = body.top_p;
  if (body.stop_sequences !== undefined) settings.stopSequences = body.stop_sequences;
  const choice = body.tool_choice;
  if (choice !== undefined)
    settings.toolChoice =
      choice.type === 'tool' ? { tool: choice.name } : choice.type === 'any' ? 'required' : choice.type;
  return settings;
}
