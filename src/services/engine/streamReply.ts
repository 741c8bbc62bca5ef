import { CallFailed } from '../../errors/CallFailed.js';
import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { bareMessage } from '../../errors/StandinError.js';
import type { Dispatcher, DispatchOptions } from '../dispatch/Dispatcher.js';
import { abortGate } from '../dispatch/untilAborted.js';
import type { PreparedReply } from '../requests/prepareReply.js';
import type { ReplyPart } from '../spec/Provider.js';
import type { Reply } from './Reply.js';
import { ReplyCollector } from './ReplyCollector.js';
import { withModel } from './collectReply.js';

/**
 * A reply handed on part by part: an attempt is the provider's stream up to its first part, so what fails before any
 * part is handed on is retried and falls back; what fails after is not. Apart from the engine so the facade stays a
 * facade: this is the one path where a failure can come after parts were handed on.
 */
export async function* streamReply(
  dispatch: Dispatcher,
  model: string,
  prepared: PreparedReply,
  options: DispatchOptions,
): AsyncGenerator<ReplyPart, Reply, undefined> {
  const call = dispatch.call(options, prepared.output);
  const opened = await dispatch.model(model, 'reply', call, options.retry, async (provider, context) => {
    const collector = new ReplyCollector(context.provider, prepared.output);
    const iterator = provider.reply(withModel(prepared.request, context.model), context)[Symbol.asyncIterator]();
    const gate = abortGate(context.signal);
    try {
      const first = await gate.race(iterator.next());
      if (!first.done) collector.add(first.value);
      return { iterator, collector, context, first, gate };
    } catch (error) {
      gate.close();
      void iterator.return?.()?.catch(() => undefined);
      throw error;
    }
  });
  const { iterator, collector, context, gate } = opened;
  let next = opened.first;
  let done = false;
  try {
    while (!next.done) {
      yield next.value;
      next = await gate.race(iterator.next());
      if (!next.done) collector.add(next.value);
    }
    done = true;
    return collector.finish(context.modelName);
  } catch (error) {
    if (!(error instanceof ProviderFailure) || call.signal.aborted) throw error;
    (call.failures ??= []).push({
      model: context.modelName,
      attempt: context.attempt,
      kind: error.kind,
      message: bareMessage(error),
    });
    throw new CallFailed(
      model,
      call.failures,
      error,
      ' Parts had already been handed to the caller, so it was neither retried nor given to a fallback.',
    );
  } finally {
    gate.close();
    // Stops a provider stream the loop left early (abort, broken part, a consumer that broke off).
    if (!done) void iterator.return?.()?.catch(() => undefined);
  }
}
