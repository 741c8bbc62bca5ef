import type { ServiceIdentifier } from 'inversify';
import type { StandinConfig } from '../config/configSchema.js';
import type { Classifier } from '../services/spec/Classifier.js';
import type { Clock } from '../services/clock/Clock.js';
import type { CursorStore } from '../services/cursors/CursorStore.js';
import type { Engine } from '../services/engine/Engine.js';
import type { CallGuard } from '../services/dispatch/CallGuard.js';
import type { Provider } from '../services/spec/Provider.js';
import type { Scopes } from '../services/scopes/Scopes.js';
import type { StandInSeat } from '../services/dispatch/StandIns.js';
import type { McpServers } from '../services/mcp/McpServers.js';

/**
 * The typed service identifiers of a standin container. Each is `Symbol.for('standin/<Name>')`,
 * so two copies of the package (or a NestJS bridge) agree on them, and each carries its
 * service's type, so `container.get(Tokens.Clock)` is a `Clock`.
 *
 * @example
 * ```ts
 * const container = createContainer(config, new ContainerModule(({ rebind }) => {
 *   rebind(Tokens.Clock).toConstantValue(new InstantClock());
 * }));
 * container.get(Tokens.Clock).now(); // 0
 * ```
 */
export const Tokens = {
  /** The parsed config (`StandinConfig`), every default filled in. */
  Config: Symbol.for('standin/Config') as ServiceIdentifier<StandinConfig>,
  /** A provider adapter, bound once per provider name (`whenNamed('openai')`), or per model name as `model:<name>`. */
  Provider: Symbol.for('standin/Provider') as ServiceIdentifier<Provider>,
  /** Where scripted fakes keep cursors: a singleton per container. */
  CursorStore: Symbol.for('standin/CursorStore') as ServiceIdentifier<CursorStore>,
  /** Time: the system clock in production, an instant clock in test containers. */
  Clock: Symbol.for('standin/Clock') as ServiceIdentifier<Clock>,
  /** The source of randomness for retry jitter: `Math.random` unless rebound. */
  Random: Symbol.for('standin/Random') as ServiceIdentifier<() => number>,
  /** The container's cursor scopes. */
  Scopes: Symbol.for('standin/Scopes') as ServiceIdentifier<Scopes>,
  /** The one chokepoint every call passes through. */
  Engine: Symbol.for('standin/Engine') as ServiceIdentifier<Engine>,
  /** Bound in test containers: blocks calls that would reach a real provider adapter. */
  RealCallGuard: Symbol.for('standin/RealCallGuard') as ServiceIdentifier<CallGuard>,
  /**
   * The classifier `classify` calls: a single unnamed binding, looked up on every call. Bound to
   * the real classifier the config's `classifier` names; unbound otherwise, until an application
   * or a test (`app.fakeClassifier()`) binds one. Another binding here takes the config's place.
   */
  Classifier: Symbol.for('standin/Classifier') as ServiceIdentifier<Classifier>,
  /**
   * The classifiers of the config's `classifier.fallback`, one per link, named by its index (`whenNamed('0')` for
   * `fallback[0]`), looked up on every call: a classify call moves to them in order when the classifier's retries fail.
   * Another binding under the same name takes the config's place.
   */
  FallbackClassifier: Symbol.for('standin/FallbackClassifier') as ServiceIdentifier<Classifier>,
  /**
   * Where the container's stand-ins sit (fakes, cassettes, namespaces: layers on a slot per model
   * and one for the classifier). Bound in every container; empty until something stands in.
   */
  StandIns: Symbol.for('standin/StandIns') as ServiceIdentifier<StandInSeat>,
  /**
   * The config's MCP servers (`mcp.servers`): an `McpConnection` per server name, each connected on
   * its first use and closed with the app. Bound in every container; it holds none without `mcp`.
   */
  Mcp: Symbol.for('standin/Mcp') as ServiceIdentifier<McpServers>,
} as const;
