import type { ModelConfig } from '../../config/configSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import { shownName } from '../../validation/readGuard.js';

/** The models a call may try: the model, then its fallbacks depth first; `E0001` when `model` is not configured. */
export function modelChain(models: Readonly<Record<string, ModelConfig>>, model: string): readonly string[] {
  if (typeof model !== 'string' || !Object.hasOwn(models, model)) {
    const names = Object.keys(models);
    throw new StandinError(
      'E0001',
      `There is no model named ${shownName(model)}. Configured models: ` +
        `${names.length > 0 ? names.join(', ') : 'none'}. Call one of ` +
        `them${typeof model === 'string' ? `, or add ${shownName(model)} under config.models` : ' by its name (a string)'}.`,
    );
  }
  const order: string[] = [];
  const visit = (name: string): void => {
    if (order.includes(name)) return;
    order.push(name);
    for (const next of models[name]?.fallback ?? []) visit(next);
  };
  visit(model);
  return order;
}
