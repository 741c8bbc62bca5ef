import { modelBase } from '../slot/modelBase.js';
import type { Container } from 'inversify';
import { StandinError } from '../../errors/StandinError.js';
import type { App } from '../../services/app/App.js';
import { assertAlive } from '../../services/app/disposed.js';
import type { Provider } from '../../services/spec/Provider.js';
import { Tokens } from '../../tokens/Tokens.js';
import { closest } from '../../validation/formatPath.js';
import { readGuard } from '../../validation/readGuard.js';
import { RealCallGuard } from '../guard/RealCallGuard.js';
import type { Layer } from '../slot/Layer.js';
import { slotsOf } from '../slot/Slots.js';
import { Chaos } from './Chaos.js';
import { ChaosProvider } from './ChaosProvider.js';
import { readChaosSettings, type ChaosSettings } from './chaosSettings.js';

/**
 * Lays seeded chaos over the models of a test app: a chaos layer (kind `chaos`) on the slot of each model
 * `settings.models` names (every configured model when it names none), over every other stand-in of that model —
 * fakes, scope fakes, a cassette, a namespace — and over the real adapter when the app allows real calls. Each call
 * in a scope it disturbs draws from the seed, by its scope, model and step, whether and how it fails or misbehaves.
 * Laying chaos again replaces the layer; `app.reset()` takes it off. `app.chaos(settings)` calls this.
 *
 * @throws {StandinError} `T0090`-`T0094` for bad settings; `T0095` for a model that is not configured; `T0096` for an
 * app made by `createApp` (chaos is for tests).
 * @example
 * ```ts
 * const disorder = chaos(app, { seed: 7, rates: { rate_limit: 0.1, invalid_json: 0.05 } });
 * ```
 */
export function chaos(app: App, settings: ChaosSettings): Chaos {
  assertAlive(app.container, 'app.chaos(...)');
  return layChaos(app.container, settings, 'app.chaos(settings)');
}

/**
 * {@link chaos} on a container; `lenient` passes over models it lacks (the wire server's apps, remade as models are
 * scripted).
 */
export function layChaos(container: Container, settings: ChaosSettings, where: string, lenient = false): Chaos {
  if (!(container.get(Tokens.RealCallGuard, { optional: true }) instanceof RealCallGuard)) {
    throw new StandinError(
      'T0096',
      `${where}: this app was made by createApp, for production, and chaos is for tests. Make the app with ` +
        `createTestApp(config) (from standin/testing) in the test that lays chaos.`,
    );
  }
  const plan = readGuard(where, () => readChaosSettings(settings, where));
  return layPlan(container, new Chaos(plan), lenient);
}

/** Puts the layer of `made` on the slots of its models in `container`; answers `made`. */
export function layPlan(container: Container, made: Chaos, lenient = false): Chaos {
  const config = container.get(Tokens.Config);
  const configured = Object.keys(config.models);
  const named = made.plan.models === undefined ? configured : [...made.plan.models];
  const unknown = named.filter((name) => !configured.includes(name));
  if (unknown.length > 0 && !lenient) {
    const guess = closest(unknown[0]!, configured);
    throw new StandinError(
      'T0095',
      `app.chaos(settings).models names '${unknown[0]!.slice(0, 100)}', which is no model of this app.` +
        `${guess === undefined ? '' : ` Did you mean '${guess}'?`} Configured models: ` +
        `${configured.length > 0 ? configured.join(', ') : 'none'}. Name configured models, or leave models out.`,
    );
  }
  const slots = slotsOf(container);
  // The chaos laid before stops everywhere, also on the models the new one leaves alone.
  for (const layer of slots.layers()) if (layer.kind === 'chaos' && layer.source instanceof Chaos) layer.source.stop();
  const store = container.get(Tokens.CursorStore);
  const guard = container.get(Tokens.RealCallGuard);
  const owner = `app.chaos({ seed: ${JSON.stringify(made.settings.seed).slice(0, 60)} })`;
  for (const name of named.filter((model) => configured.includes(model))) {
    const slot = slots.model(name);
    const base = modelBase(container, name);
    const layer: Layer<Provider> = {
      kind: 'chaos',
      over: true,
      scope: undefined,
      label: owner,
      source: made,
      service: new ChaosProvider(made, {
        below: (capability, context) => slot.answer(capability, context.scope, base, layer),
        guard,
        store,
        owner,
      }),
      findings: () => Promise.resolve([]),
      forget: () => made.forget(),
    };
    slot.put(layer);
  }
  return made;
}

export type { Chaos, ChaosSettings };
