import { ContainerModule, type Container } from 'inversify';
import type { StandinConfig } from '../../config/configSchema.js';
import { Tokens } from '../../tokens/Tokens.js';
import type { Clock } from '../clock/Clock.js';
import { SystemClock } from '../clock/SystemClock.js';
import { bindCursorStore } from '../cursors/bindCursorStore.js';
import type { CallGuard } from '../dispatch/CallGuard.js';
import { Engine } from '../engine/Engine.js';
import { realClassifiers } from '../providers/classifier/realClassifier.js';
import { realAdapters } from '../providers/http/realAdapters.js';
import { Scopes } from '../scopes/Scopes.js';
import { ProviderLookup } from './ProviderLookup.js';
import { StandInSeat } from '../dispatch/StandIns.js';
import { bindReal } from './standIn.js';
import { McpServers } from '../mcp/McpServers.js';

/** The services that differ between a production and a test container. */
export interface BaseServices {
  /** The clock bound at `Tokens.Clock`. */
  readonly clock: () => Clock;
  /** The guard bound at `Tokens.RealCallGuard`, when there is one. */
  readonly guard?: () => CallGuard;
  /** The source of jitter bound at `Tokens.Random`. */
  readonly random?: () => () => number;
  /** Whether a tool error fails a run (`R0004`) rather than going back to the model: test containers. */
  readonly strictTools?: boolean;
}

const production: BaseServices = { clock: () => new SystemClock() };

/**
 * The bindings of a container: the config, the clock, the cursor store the config names and scopes, the engine, a real
 * adapter for each provider name the config gives one (see `realAdapters`), and the real classifier the config's
 * `classifier` names at `Tokens.Classifier` (see `realClassifiers`; its fallbacks at `Tokens.FallbackClassifier`, named
 * by index). A module is made per container, so nothing it binds is shared. Services are made here, from the
 * container's other services, so no service class needs to know the tokens. Test containers pass their own base
 * services.
 */
export function productionModule(
  config: StandinConfig,
  container: Container,
  base: BaseServices = production,
): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(Tokens.Config).toConstantValue(config);
    bind(Tokens.Clock).toConstantValue(base.clock());
    bind(Tokens.Random).toConstantValue(base.random?.() ?? Math.random);
    bind(Tokens.Scopes).toConstantValue(new Scopes(config));
    bind(Tokens.StandIns).toConstantValue(new StandInSeat());
    bindCursorStore(bind, config);
    bind(Tokens.Mcp)
      .toDynamicValue(() => new McpServers(config.mcp))
      .inSingletonScope()
      .onDeactivation((servers) => servers.close());
    for (const [name, adapter] of realAdapters(config)) bindReal(container, bind, Tokens.Provider, () => adapter, name);
    const classifiers = realClassifiers(config);
    if (classifiers[0] !== undefined) bindReal(container, bind, Tokens.Classifier, classifiers[0]);
    classifiers
      .slice(1)
      .forEach((make, link) => bindReal(container, bind, Tokens.FallbackClassifier, make, String(link)));
    const lookup = new ProviderLookup(container, Math.max(0, classifiers.length - 1));
    bind(Tokens.Engine)
      .toDynamicValue(
        () =>
          new Engine(
            container.get(Tokens.Config),
            container.get(Tokens.Clock),
            container.get(Tokens.Random),
            container.get(Tokens.Scopes),
            lookup,
            container.get(Tokens.RealCallGuard, { optional: true }),
            { strictTools: base.strictTools ?? false },
          ),
      )
      .inSingletonScope();
    if (base.guard !== undefined) bind(Tokens.RealCallGuard).toConstantValue(base.guard());
  });
}
