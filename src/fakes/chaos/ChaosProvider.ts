import { StandinError } from '../../errors/StandinError.js';
import {
  plainCapabilities,
  serve,
  specOf,
  type CapabilityArgs,
  type CapabilityResult,
} from '../../services/capabilities/capabilities.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import type { CallGuard } from '../../services/dispatch/CallGuard.js';
import type { PlainCapability } from '../../services/spec/CapabilitySpec.js';
import type { CallContext, Capability, Provider, ReplyPart, ReplyRequest } from '../../services/spec/Provider.js';
import { canMisbehave } from '../misbehave/misbehaviour.js';
import { misbehavedAnswer } from '../misbehave/misbehavedAnswer.js';
import { estimateUnits } from '../model/answerParts.js';
import { providerDown } from '../model/fakeErrors.js';
import { listSent } from '../model/noteSent.js';
import { prepareAnswer, type PreparedAnswer } from '../model/prepareAnswer.js';
import type { SentCall } from '../model/SentCall.js';
import { sentRequest } from '../model/sentRequest.js';
import { storeCall } from '../model/takeAnswer.js';
import type { Chaos } from './Chaos.js';
import { chaosKinds, isChaosFailure, type ChaosKind } from './chaosKinds.js';
import { drawChaos, type ChaosStep } from './drawChaos.js';

/** What a chaos layer's provider reads of its container and its slot. */
export interface ChaosBelow {
  /** What the layer hands a call it leaves alone to: the layers below it, then the base; undefined for none. */
  below(capability: Capability, context: CallContext): Provider | undefined;
  readonly guard: CallGuard;
  readonly store: CursorStore;
  /** The layer as messages name it: `app.chaos({ seed: 7 })`. */
  readonly owner: string;
}

const ID_PREFIX = 'call_chaos';

/**
 * A chaos layer's stand-in for one model: each disturbed call takes its scope and model's next step (a counter in the
 * cursor store), whose draw leaves it alone or fails or misbehaves it as the real adapters deliver it. A disturbed call
 * reaches nothing below; a faked model below lists it in `sent`, marked with the kind.
 */
export class ChaosProvider implements Provider {
  readonly real = false;
  readonly #chaos: Chaos;
  readonly #below: ChaosBelow;
  readonly #prepared = new Map<ChaosKind, PreparedAnswer>();

  constructor(chaos: Chaos, below: ChaosBelow) {
    this.#chaos = chaos;
    this.#below = below;
    for (const kind of chaosKinds) {
      const answer = isChaosFailure(kind) ? { fail: kind } : { misbehave: kind };
      this.#prepared.set(
        kind,
        prepareAnswer(answer, { owner: below.owner, label: kind, index: 0, idPrefix: ID_PREFIX }),
      );
    }
    const self = this as { -readonly [K in PlainCapability]?: Provider[K] };
    for (const name of plainCapabilities)
      self[name] = serve(name, (args, context) => this.#other(name, args, context)) as never;
  }

  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    const fits = (kind: ChaosKind): boolean =>
      isChaosFailure(kind) ||
      canMisbehave(kind, {
        request,
        output: context.output,
        provider: context.provider,
        idPrefix: ID_PREFIX,
        where: { answer: this.#below.owner, call: `the call (model '${context.modelName}')` },
      });
    const drawn = await this.#draw(context, fits, () => ({ call: 'reply', input: sentRequest(request) }));
    if (drawn === undefined) {
      yield* this.#handDown('reply', context).reply(request, context);
      return;
    }
    const [kind, prepared] = drawn;
    if (isChaosFailure(kind)) throw providerDown(this.#below.owner, prepared, context);
    const made = misbehavedAnswer(
      { ...prepared, misbehave: prepared.misbehave! },
      request,
      context,
      this.#below.owner,
      undefined,
    );
    yield* made.parts;
    yield { type: 'units', ...estimateUnits(request, made.outChars) };
    yield made.finish;
  }

  async #other<C extends PlainCapability>(
    call: C,
    args: CapabilityArgs<C>,
    context: CallContext,
  ): Promise<CapabilityResult<C>> {
    const spec = specOf(call);
    const drawn = await this.#draw(context, isChaosFailure, () => ({ call, input: spec.sent(args) }) as SentCall);
    if (drawn === undefined) return spec.invoke(this.#handDown(call, context), args, context);
    throw providerDown(this.#below.owner, drawn[1], context);
  }

  /** The kind drawn for this call, or undefined when the call is left alone. */
  async #draw(
    context: CallContext,
    fits: (kind: ChaosKind) => boolean,
    sent: () => Pick<SentCall, 'call' | 'input'>,
  ): Promise<[ChaosKind, PreparedAnswer] | undefined> {
    const chaos = this.#chaos;
    const { scope, modelName: model } = context;
    if (!chaos.active || (chaos.plan.scopes !== undefined && !chaos.plan.scopes.has(scope))) return undefined;
    const script = `${chaos.script}\u0000${model}`;
    const step = await storeCall(this.#below.store.advance(scope, script), context);
    const at: ChaosStep = { scope, model, step };
    const kind = drawChaos(chaos.plan, at, fits);
    if (kind === undefined) return undefined;
    chaos.note({ ...at, kind }, context);
    let below: Provider | undefined;
    try {
      below = this.#below.below(sent().call as Capability, context);
    } catch {
      below = undefined;
    }
    const { stepKey, attempt } = context;
    listSent(below, { ...sent(), scope, step: stepKey, attempt, chaos: kind } as SentCall);
    const where = scope === '' ? 'outside any scope' : `in scope '${scope}'`;
    return [kind, { ...this.#prepared.get(kind)!, label: `step ${step} of model '${model}' ${where}` }];
  }

  /** What a call left alone reaches: what it would reach with no chaos layer, passed by the real-call guard. */
  #handDown(capability: Capability, context: CallContext): Provider {
    const provider = this.#below.below(capability, context);
    if (provider === undefined) {
      throw new StandinError(
        'E0002',
        `Model '${context.modelName}' uses provider '${context.provider}', and no provider of that name is bound ` +
          `below the chaos layer (${this.#below.owner}). Fake the model (app.fake('${context.modelName}', answers)), ` +
          `or bind its provider.`,
      );
    }
    if (capability !== 'reply' && typeof provider[capability] !== 'function') {
      throw new StandinError(
        'E0004',
        `Model '${context.modelName}' (provider '${context.provider}') cannot ${capability}: its provider offers no ` +
          `${capability}. Call a model whose provider offers ${capability}.`,
      );
    }
    this.#below.guard.check(provider, context.provider, context.modelName, context.scope);
    return provider;
  }
}
