import type { CallSettings } from '../spec/CallSettings.js';
import { invalid } from '../requests/invalid.js';
import { checkSettings, callSettingsSchema } from '../requests/settingsSchema.js';
import type { Agent } from './Agent.js';

/**
 * The settings each step sends: the agent's, the run's over them field by field (`providerOptions` per provider);
 * `E0003` for run settings out of range.
 */
export function runSettings(agent: Agent<unknown>, run: CallSettings | undefined): CallSettings | undefined {
  if (run !== undefined) {
    const parsed = callSettingsSchema.safeParse(run);
    if (!parsed.success) throw invalid('options.settings', run, parsed.error.issues);
  }
  const own = agent.settings;
  if (run === undefined && own === undefined) return undefined;
  const merged: { -readonly [K in keyof CallSettings]: CallSettings[K] } = { ...own, ...run };
  if (own?.providerOptions !== undefined && run?.providerOptions !== undefined) {
    const options: Record<string, Readonly<Record<string, unknown>>> = { ...own.providerOptions };
    for (const [name, fields] of Object.entries(run.providerOptions))
      options[name] = { ...own.providerOptions[name], ...fields };
    merged.providerOptions = options;
  }
  for (const key of Object.keys(merged) as (keyof CallSettings)[]) if (merged[key] === undefined) delete merged[key];
  return checkSettings(merged, agent.tools, run?.toolChoice !== undefined ? 'options.settings' : 'agent.settings');
}
