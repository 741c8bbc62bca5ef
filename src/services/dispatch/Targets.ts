import type { StandinConfig } from '../../config/configSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import type { CallContext, Capability, Provider } from '../spec/Provider.js';
import type { Call } from './Call.js';
import type { CallGuard } from './CallGuard.js';
import type { Services } from './Services.js';

/** A model resolved to the provider that serves it. */
export interface Target {
  readonly provider: Provider;
  readonly modelName: string;
  readonly providerName: string;
  readonly model: string;
  readonly apiKey: string | undefined;
}

/**
 * The config's models resolved to their providers, checked at every resolve: a binding can change between calls, the
 * config cannot.
 */
export class Targets {
  readonly #config: StandinConfig;
  readonly #lookup: Services;
  readonly #guard: CallGuard;
  /** Each model's target as last resolved, kept while its provider stays the one looked up. */
  readonly #targets = new Map<string, Target>();

  constructor(config: StandinConfig, lookup: Services, guard: CallGuard) {
    this.#config = config;
    this.#lookup = lookup;
    this.#guard = guard;
  }

  /** Resolves `name`: `E0002` when no provider is bound, `E0004` when it cannot serve `capability`. */
  resolve(name: string, capability: Capability, scope: string): Target {
    const config = this.#config.models[name]!;
    const provider = this.#lookup.provider(name, config.provider, capability, scope);
    if (provider === undefined) {
      const candidates = [
        ...Object.values(this.#config.models).map((m) => m.provider),
        ...Object.keys(this.#config.providers),
      ];
      const bound = this.#lookup.bound(candidates);
      throw new StandinError(
        'E0002',
        `Model '${name}' uses provider '${config.provider}', and no provider of that name is bound. Bound providers: ` +
          `${bound.length > 0 ? bound.join(', ') : 'none'}. Fix config.models.${name}.provider, or bind one: ` +
          `container.bind(Tokens.Provider).toConstantValue(provider).whenNamed('${config.provider}').`,
      );
    }
    if (capability !== 'reply' && typeof provider[capability] !== 'function') {
      throw new StandinError(
        'E0004',
        `Model '${name}' (provider '${config.provider}') cannot ${capability}: its provider offers no ${capability}. ` +
          `Call a model whose provider offers ${capability}.`,
      );
    }
    this.#guard.check(provider, config.provider, name, scope);
    // The same provider as last time gives the same target: the config does not change.
    const known = this.#targets.get(name);
    if (known?.provider === provider) return known;
    const target = {
      provider,
      modelName: name,
      providerName: config.provider,
      model: config.model,
      apiKey: this.#config.providers[config.provider]?.apiKey,
    };
    this.#targets.set(name, target);
    return target;
  }
}

/** The context one attempt at `target` is given: the call's ids, scope, signal and output, and the attempt's number. */
export function callContext(target: Target, call: Call, attempt: number): CallContext {
  const context: { -readonly [K in keyof CallContext]: CallContext[K] } = {
    modelName: target.modelName,
    model: target.model,
    provider: target.providerName,
    apiKey: target.apiKey,
    signal: call.signal,
    requestId: call.requestId,
    scope: call.scope,
    stepKey: call.stepKey,
    attempt,
    output: call.output,
  };
  const ended = call.ended;
  if (ended !== undefined) context.onEnd = (fn) => void ended.push(fn);
  return context;
}
