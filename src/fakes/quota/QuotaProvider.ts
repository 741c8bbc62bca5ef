import { StandinError } from '../../errors/StandinError.js';
import {
  plainCapabilities,
  serve,
  specOf,
  type CapabilityArgs,
  type CapabilityResult,
} from '../../services/capabilities/capabilities.js';
import type { CallGuard } from '../../services/dispatch/CallGuard.js';
import type { PlainCapability } from '../../services/spec/CapabilitySpec.js';
import type { CallContext, Capability, Provider, ReplyPart, ReplyRequest } from '../../services/spec/Provider.js';
import { estimateUnits } from '../model/answerParts.js';
import type { Quota } from './Quota.js';

/** What answers a call the quota admits: the layers below the quota's on the model's slot, then the base. */
export type Below = (call: Capability, context: CallContext) => Provider | undefined;

/**
 * A quota's stand-in on one model's slot: counts every call and throws its rate limit, or hands the call down (the
 * real-call guard asked as the engine would). It offers every capability, so one the model lacks fails with `E0004` as
 * without the quota.
 */
export class QuotaProvider implements Provider {
  readonly real = false;
  readonly #quota: Quota;
  readonly #below: Below;
  readonly #guard: CallGuard;

  constructor(quota: Quota, below: Below, guard: CallGuard) {
    this.#quota = quota;
    this.#below = below;
    this.#guard = guard;
    const self = this as { -readonly [K in PlainCapability]?: Provider[K] };
    for (const name of plainCapabilities)
      self[name] = serve(name, (args, context) => this.#plain(name, args, context)) as never;
  }

  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    const provider = this.#provider('reply', context);
    const admitted = this.#quota.admit('reply', estimateUnits(request, 0).tokensIn, context);
    let units: { tokensIn: number; tokensOut: number } | undefined;
    try {
      for await (const part of provider.reply(request, context)) {
        // Units parts add up: the reply's units are their sum.
        if (part.type === 'units')
          units = {
            tokensIn: (units?.tokensIn ?? 0) + part.tokensIn,
            tokensOut: (units?.tokensOut ?? 0) + part.tokensOut,
          };
        yield part;
      }
    } finally {
      admitted.settle(units);
    }
  }

  async #plain<C extends PlainCapability>(
    call: C,
    args: CapabilityArgs<C>,
    context: CallContext,
  ): Promise<CapabilityResult<C>> {
    const provider = this.#provider(call, context);
    const admitted = this.#quota.admit(call, 0, context);
    try {
      return await specOf(call).invoke(provider, args, context);
    } finally {
      admitted.settle();
    }
  }

  /** What answers `call` below the quota, checked as the engine checks a provider it resolves. */
  #provider(call: Capability, context: CallContext): Provider {
    const provider = this.#below(call, context);
    if (provider === undefined) {
      throw new StandinError(
        'E0002',
        `Model '${context.modelName}' uses provider '${context.provider}', and no provider of that name is bound under ` +
          `${this.#quota.label}. Fake the model (app.fake('${context.modelName}', answers)) or bind its provider.`,
      );
    }
    if (call !== 'reply' && typeof provider[call] !== 'function') {
      throw new StandinError(
        'E0004',
        `Model '${context.modelName}' (provider '${context.provider}') cannot ${call}: its provider offers no ${call}. ` +
          `Call a model whose provider offers ${call}.`,
      );
    }
    this.#guard.check(provider, context.provider, context.modelName, context.scope);
    return provider;
  }
}
