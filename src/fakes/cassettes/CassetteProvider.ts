import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { StandinError } from '../../errors/StandinError.js';
import { estimateUnits } from '../model/answerParts.js';
import {
  plainCapabilities,
  serve,
  specOf,
  type CapabilityArgs,
  type CapabilityResult,
  type RecordedResult,
} from '../../services/capabilities/capabilities.js';
import type { PlainCapability } from '../../services/spec/CapabilitySpec.js';
import type { CallContext, Capability, Provider, ReplyPart, ReplyRequest } from '../../services/spec/Provider.js';
import { answerSchemas, type RecordedFailure } from './cassetteSchema.js';
import { misbehavedAnswer } from '../misbehave/misbehavedAnswer.js';
import { recordedMisbehaviour } from '../misbehave/recordedMisbehaviour.js';
import type { CassetteTape } from './CassetteTape.js';
import type { CallInputs } from './normalizeRequest.js';
import { plainJson } from './plainJson.js';
import { ReplyGatherer } from './recordReply.js';
import { TimingRecorder, TimingReplay, type RecordedTiming } from './recordedTiming.js';

/**
 * Stands in for one model's provider while a cassette is on: replay answers from the file and reaches no provider;
 * record hands the call to the real adapter (the guard not asked: the cassette is, for its own calls) and keeps the
 * exchange. It offers the real adapter's capabilities, so a call the provider cannot make fails with `E0004` as it
 * would live.
 */
export class CassetteProvider implements Provider {
  readonly real = false;
  readonly #tape: CassetteTape;
  readonly #inner: Provider | undefined;
  readonly #below: ((call: Capability, context: CallContext) => Provider | undefined) | undefined;

  /** `below` finds what a call the tape does not answer reaches; left out, that is `inner`. */
  constructor(
    tape: CassetteTape,
    inner: Provider | undefined,
    below?: (call: Capability, context: CallContext) => Provider | undefined,
  ) {
    this.#tape = tape;
    this.#inner = inner;
    this.#below = below;
    const self = this as { -readonly [K in PlainCapability]?: Provider[K] };
    for (const name of plainCapabilities) {
      if (inner === undefined || typeof inner[name] === 'function')
        self[name] = serve(name, (args, context) => this.#other(name, args, context)) as never;
    }
  }

  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    const { model: _model, ...asked } = request;
    const normalized = this.#tape.normalize('reply', asked, context.model);
    const lookup = this.#tape.find(context.scope, context.modelName, 'reply', normalized);
    const found = lookup.found;
    if (found !== undefined) {
      this.#tape.steps.answered(context.stepKey, found.position);
      const taken = this.#tape.prepared(found.position);
      const prepared =
        taken.misbehave === undefined
          ? taken
          : misbehavedAnswer(
              { ...taken, misbehave: taken.misbehave },
              request,
              context,
              `Cassette ${this.#tape.path}`,
              undefined,
            );
      const failAfter = prepared.fail === undefined ? undefined : (prepared.failAfter ?? 0);
      const timing = found.entry.timing;
      const paced =
        this.#tape.pace === undefined || timing === undefined
          ? undefined
          : new TimingReplay(timing, this.#tape.pace, context.signal);
      for (const [i, part] of prepared.parts.entries()) {
        if (i === failAfter) break;
        if (paced !== undefined) await paced.before(part);
        yield part;
      }
      if (failAfter !== undefined) throw this.#failure(prepared.fail!, prepared.retryAfterMs, found.position, context);
      if (prepared.units !== undefined) yield prepared.units;
      else if (!prepared.unitsStreamed) yield { type: 'units', ...estimateUnits(request, prepared.outChars) };
      yield prepared.finish;
      return;
    }
    const inner = this.#real('reply', context);
    const gather = new ReplyGatherer();
    const timer = this.#tape.timing ? new TimingRecorder() : undefined;
    const timed = (): { timing?: RecordedTiming } => {
      const timing = timer?.timing();
      return timing === undefined ? {} : { timing };
    };
    let parts = 0;
    try {
      for await (const part of inner.reply(request, context)) {
        parts++;
        timer?.add(part);
        gather.add(part);
        yield part;
      }
    } catch (error) {
      if (error instanceof ProviderFailure && !context.signal.aborted && !unreached(error, parts))
        this.#tape.record(lookup, {
          model: context.modelName,
          call: 'reply',
          request: normalized,
          answer: gather.failed(error),
          ...timed(),
        });
      throw error;
    }
    const answer = recordedMisbehaviour(gather.answer(), request, context.output);
    const position = this.#tape.record(lookup, {
      model: context.modelName,
      call: 'reply',
      request: normalized,
      answer,
      ...timed(),
    });
    this.#tape.steps.answered(context.stepKey, position);
  }

  async #other<C extends PlainCapability>(
    call: C,
    args: CapabilityArgs<C>,
    context: CallContext,
  ): Promise<CapabilityResult<C>> {
    const spec = specOf(call);
    const normalized = this.#tape.normalize(call, args as CallInputs[C], context.model);
    const lookup = this.#tape.find(context.scope, context.modelName, call, normalized);
    const found = lookup.found;
    if (found !== undefined) {
      const answer = found.entry.answer as RecordedResult<C> | RecordedFailure;
      if ('fail' in answer) throw this.#failure(answer.fail, answer.retryAfterMs, found.position, context);
      return spec.recorded.result(answer);
    }
    const inner = this.#real(call, context);
    let result: CapabilityResult<C>;
    try {
      result = await spec.invoke(inner, args, context);
    } catch (error) {
      if (error instanceof ProviderFailure && !context.signal.aborted && !unreached(error, 0))
        this.#tape.record(lookup, {
          model: context.modelName,
          call,
          request: normalized,
          answer: failed(error),
        } as never);
      throw error;
    }
    const answer = spec.recorded.answer(result, this.#tape.keep);
    // A result of the wrong shape is not kept: the engine fails the call with E0007, as it would live.
    if (answer !== undefined && answerSchemas[call].safeParse(answer).success) {
      this.#tape.record(lookup, {
        model: context.modelName,
        call,
        request: normalized,
        answer: plainJson(answer, `the result of ${call}(...)`),
      } as never);
    }
    return result;
  }

  #real(call: Capability, context: CallContext): Provider {
    const found = this.#below === undefined ? this.#inner : this.#below(call, context);
    if (found === undefined) {
      throw new StandinError(
        'V0004',
        `Cassette ${this.#tape.path} (${this.#tape.mode}) cannot record ${call} for model '${context.modelName}': no ` +
          `provider is bound for its provider '${context.provider}'. Configure the provider (with its key, as in ` +
          `production) before recording.`,
      );
    }
    return found;
  }

  #failure(
    kind: ProviderFailure['kind'],
    retryAfterMs: number | undefined,
    position: number,
    context: CallContext,
  ): ProviderFailure {
    return new ProviderFailure(
      kind,
      `Cassette ${this.#tape.path}: entries[${position}] replays a recorded failure (kind '${kind}', model ` +
        `'${context.modelName}', attempt ${context.attempt}).`,
      {
        provider: context.provider,
        retryAfterMs,
      },
    );
  }
}

/**
 * Whether a failure says only that the provider was never reached (a refused connection, before any part): nothing of
 * the provider's to replay, and kept it would answer every later run so, where record-missing should ask again.
 */
function unreached(error: ProviderFailure, parts: number): boolean {
  return error.kind === 'network' && parts === 0;
}

/** A provider failure as a cassette keeps it: its kind and the wait it asked for. */
function failed(error: ProviderFailure): RecordedFailure {
  return error.retryAfterMs === undefined
    ? { fail: error.kind }
    : { fail: error.kind, retryAfterMs: Math.max(0, Math.ceil(error.retryAfterMs)) };
}
