import { modelBase } from '../slot/modelBase.js';
import type { Container } from 'inversify';
import { assertAlive } from '../../services/app/disposed.js';
import { ProcessGuard } from '../../services/dispatch/processGuard.js';
import type { Provider } from '../../services/spec/Provider.js';
import { Tokens } from '../../tokens/Tokens.js';
import { readGuard } from '../../validation/readGuard.js';
import type { Layer } from '../slot/Layer.js';
import { slotsOf } from '../slot/Slots.js';
import { Quota } from './Quota.js';
import { QuotaProvider } from './QuotaProvider.js';
import { readQuotaModels, readQuotaSettings, type QuotaSettings } from './quotaSettings.js';

export type { QuotaSettings } from './quotaSettings.js';

/**
 * Puts a quota on models of a container: one {@link Quota} whose limits the models share, as a
 * layer over every other on each model's slot (a fake, a cassette or the real adapter answers
 * below it, whenever it was put). `models` is a model's name, a list of names, or undefined for
 * every configured model. A model's quota replaces the one it had. The waits are on the
 * container's clock: instant in a test app, real on `createApp`. `app.quota(models, settings)` calls it.
 *
 * @throws {StandinError} `T0100` for bad settings; `T0101` for models that are not configured.
 * @example
 * ```ts
 * const quota = bindQuota(container, ['writer', 'backup'], { requestsPerMinute: 60, concurrent: 4 });
 * ```
 */
export function bindQuota(
  container: Container,
  models: string | readonly string[] | undefined,
  settings: QuotaSettings,
): Quota {
  assertAlive(container, 'app.quota(...)');
  const config = container.get(Tokens.Config);
  const { names, limits } = readGuard('app.quota(models, settings)', () => ({
    names: readQuotaModels(models, Object.keys(config.models)),
    limits: readQuotaSettings(settings),
  }));
  const shown = Object.entries(limits)
    .filter(([key, value]) => value !== undefined && !(key === 'per' && value === 'app'))
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? `'${value}'` : value}`)
    .join(', ');
  const named = models === undefined ? 'undefined' : names.length === 1 ? `'${names[0]}'` : `[${names.join(', ')}]`;
  const label = `app.quota(${named}, { ${shown} })`;
  const quota = new Quota(names, limits, container.get(Tokens.Clock), label);
  const guard = container.get(Tokens.RealCallGuard, { optional: true }) ?? new ProcessGuard();
  const slots = slotsOf(container);
  for (const name of names) {
    const slot = slots.model(name);
    const base = modelBase(container, name);
    const layer: Layer<Provider> = {
      kind: 'quota',
      scope: undefined,
      over: true,
      label,
      source: quota,
      service: new QuotaProvider(quota, (call, context) => slot.answer(call, context.scope, base, layer), guard),
      findings: () => Promise.resolve([]),
      forget: () => quota.forget(),
    };
    slot.put(layer);
  }
  return quota;
}
