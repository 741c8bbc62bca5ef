import type { Container } from 'inversify';
import { modelAdapterNames, type StandinConfig } from '../../config/configSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import { Tokens } from '../../tokens/Tokens.js';
import { closest, formatPath } from '../../validation/formatPath.js';

/**
 * Refuses (`C0008`) a model whose provider no one serves: not a built-in model adapter (`openai`, `anthropic`), not
 * configured under `providers`, and not bound in the container (by a module or a maker, by name or as `model:<name>`).
 * Without this, a misspelled provider passes config validation and fails only at the first production call.
 */
export function checkProviderNames(config: StandinConfig, container: Container): void {
  const configured = Object.keys(config.providers);
  const known = new Set<string>([...modelAdapterNames, ...configured]);
  const lines: string[] = [];
  for (const [model, { provider }] of Object.entries(config.models)) {
    if (
      known.has(provider) ||
      container.isBound(Tokens.Provider, { name: provider }) ||
      container.isBound(Tokens.Provider, { name: `model:${model}` })
    )
      continue;
    const guess = closest(provider, [...known]);
    lines.push(
      `${formatPath('config', ['models', model, 'provider'])}: no provider is named '${provider}': it is not a ` +
        `built-in adapter (${modelAdapterNames.join(', ')}), ` +
        `not configured under providers${configured.length > 0 ? ` (${configured.join(', ')})` : ''}, and no ` +
        `provider of that name is bound. ` +
        `${guess === undefined ? '' : `Did you mean '${guess}'? `}Fix the name, configure it (providers: { ` +
        `${JSON.stringify(provider)}: { adapter: 'openai' } }), or bind a provider of that name.`,
    );
  }
  if (lines.length > 0) throw new StandinError('C0008', `Invalid config:\n${lines.join('\n')}`);
}
