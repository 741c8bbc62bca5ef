import type { CallSettings } from '../spec/CallSettings.js';
import { invalid } from '../requests/invalid.js';
import { checkSettings, callSettingsSchema } from '../requests/settingsSchema.js';
import type { Agent } from './Agent.js';

/**
 * The call settings every step of a run sends: the agent's, with the run's own over them field
 * by field (and `providerOptions` merged per provider, the run's fields winning). Throws `E0003`
 * for run settings out of range, or a tool choice the agent's tools rule out; none at all when
 * neither the agent nor the run has settings. The agent's own settings are checked with the agent.
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
