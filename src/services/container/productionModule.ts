import { ContainerModule, type Container } from 'inversify';
import type { StandinConfig } from '../../config/configSchema.js';
import { InternalTokens } from '../../tokens/internal.js';
import { Tokens } from '../../tokens/Tokens.js';
import type { Clock } from '../clock/Clock.js';
import { SystemClock } from '../clock/SystemClock.js';
import { bindCursorStore } from '../cursors/bindCursorStore.js';
import { Engine } from '../engine/Engine.js';
import { ProviderLookup } from '../engine/ProviderLookup.js';
import type { RealCallGuard } from '../engine/RealCallGuard.js';
import { realClassifier } from '../providers/classifier/realClassifier.js';
import { realAdapters } from '../providers/http/realAdapters.js';
import { Scopes } from '../scopes/Scopes.js';

/** The services that differ between a production and a test container. */
export interface BaseServices {
  /** The clock bound at `Tokens.Clock`. */
  readonly clock: () => Clock;
  /** The guard bound at `Tokens.RealCallGuard`, when there is one. */
  readonly guard?: () => RealCallGuard;
}

const production: BaseServices = { clock: () => new SystemClock() };

/**
 * The bindings of a container: the config, the clock, the cursor store the config names and scopes,
 * the engine, a real adapter for each provider name the config gives one (see `realAdapters`),
 * and the real classifier the config's `classifier` names at `Tokens.Classifier` (see
 * `realClassifier`). A module is made per container, so nothing it binds is shared.
 * Test containers pass their own base services rather than rebinding, which keeps them cheap.
 */
export function productionModule(config: StandinConfig, container: Container, base: BaseServices = production): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(Tokens.Config).toConstantValue(config);
    bind(Tokens.Clock).toConstantValue(base.clock());
    bind(Tokens.Random).toConstantValue(Math.random);
    bind(Tokens.Scopes).to(Scopes).inSingletonScope();
    bindCursorStore(bind, config);
    const lookup = new ProviderLookup(container);
    bind(InternalTokens.ProviderLookup).toConstantValue(lookup);
    for (const [name, adapter] of realAdapters(config)) lookup.bindReal(bind, name, adapter);
    const classifier = realClassifier(config);
    if (classifier !== undefined) lookup.bindRealClassifier(bind, () => classifier(container.get(Tokens.CursorStore)));
    bind(Tokens.Engine).to(Engine).inSingletonScope();
    if (base.guard !== undefined) bind(Tokens.RealCallGuard).toConstantValue(base.guard());
  });
}
