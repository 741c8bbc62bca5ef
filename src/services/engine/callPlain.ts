import { StandinError } from '../../errors/StandinError.js';
import { readGuard } from '../../validation/readGuard.js';
import type { Dispatcher, DispatchOptions } from '../dispatch/Dispatcher.js';
import { untilAborted } from '../dispatch/untilAborted.js';
import { checkOptions } from '../requests/prepareReply.js';
import type { CapabilitySpec } from '../spec/CapabilitySpec.js';

/**
 * One plain capability's call: the arguments checked, one attempt per provider through dispatch, the result checked.
 * One function for every plain capability (embed, hear, speak, rank, call), so each differs from the others only by
 * its spec.
 */
export async function callPlain<A extends readonly unknown[], R>(
  dispatch: Dispatcher,
  spec: CapabilitySpec<A, R>,
  model: string,
  args: A,
  options: DispatchOptions | undefined,
): Promise<R> {
  readGuard(`app.${spec.name} input`, () => spec.check(args));
  const call = dispatch.call(readGuard(`app.${spec.name} options`, () => checkOptions(options)));
  return dispatch.model(model, spec.name, call, options?.retry, async (provider, context) => {
    const result = await untilAborted(spec.invoke(provider, args, context), context.signal);
    const problem = spec.problem(result, args);
    if (problem !== undefined) {
      throw new StandinError(
        'E0007',
        `Provider '${context.provider}' broke the provider contract: ${spec.name} for model '${context.modelName}' ` +
          `should answer ${problem}.`,
      );
    }
    return result;
  });
}
