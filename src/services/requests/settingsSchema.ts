import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.js';
import { StandinError } from '../../errors/StandinError.js';
import type { CallSettings } from '../spec/CallSettings.js';

/** The settings of a reply call, each within the range every provider could take. */
export const callSettingsSchema = lazySchema(() =>
  z.strictObject({
    temperature: z.number().min(0).max(2).optional(),
    topP: z.number().min(0).max(1).optional(),
    maxOutputTokens: z.number().int().min(1).max(10_000_000).optional(),
    stopSequences: z.array(z.string().min(1).max(1000)).max(64).optional(),
    toolChoice: z.union([z.enum(['auto', 'none', 'required']), z.strictObject({ tool: z.string().min(1) })]).optional(),
    seed: z.number().int().optional(),
    providerOptions: z.record(z.string().min(1), z.record(z.string(), z.unknown())).optional(),
  }),
);

/** `E0003` for settings the call rules out: a tool choice naming a tool not offered, or requiring one when none is. */
export function checkSettings(
  settings: CallSettings,
  offered: Readonly<Record<string, unknown>> | undefined,
  where = 'request.settings',
): CallSettings {
  const choice = settings.toolChoice;
  if (choice === undefined) return settings;
  const tools = Object.keys(offered ?? {});
  if (typeof choice === 'object' && !tools.includes(choice.tool)) {
    throw new StandinError(
      'E0003',
      `Invalid request:\n${where}.toolChoice: names the tool '${choice.tool}', and the call offers ` +
        `${tools.length > 0 ? `only ${tools.join(', ')}` : 'no tools'}. Name one of the call's tools, or add ` +
        `'${choice.tool}' to its tools.`,
    );
  }
  if (choice === 'required' && tools.length === 0) {
    throw new StandinError(
      'E0003',
      `Invalid request:\n${where}.toolChoice: is 'required', and the call offers no tools. Give the call tools, or ` +
        `drop toolChoice.`,
    );
  }
  return settings;
}
