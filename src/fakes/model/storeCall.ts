import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { bareMessage } from '../../errors/StandinError.js';
import { StoreFailure } from '../../services/cursors/redis/StoreFailure.js';
import type { CallContext } from '../../services/spec/Provider.js';

/**
 * Awaits a cursor store operation a faked call depends on. A store that is slow or out of reach
 * (a {@link StoreFailure} with a kind) fails the call as a provider that is slow or out of reach
 * would: a `ProviderFailure` of the same kind, the store's failure as its cause, so the engine
 * retries it and the step, replayed by its key, gets the answer it would have got.
 */
export async function storeCall<T>(operation: Promise<T>, context: CallContext): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    throw callFailure(error, context);
  }
}

/**
 * What a faked call throws for an error of the cursor store it awaited: a `ProviderFailure` of
 * the same kind for a store that is slow or out of reach, as {@link storeCall} throws; any
 * other error as it is. For a call that awaits the store in its own `try`.
 */
export function callFailure(error: unknown, context: CallContext): unknown {
  if (error instanceof StoreFailure && error.kind !== undefined) {
    return new ProviderFailure(
      error.kind,
      `${bareMessage(error)} (model '${context.modelName}', step '${context.stepKey}', attempt ${context.attempt})`,
      {
        provider: context.provider,
        cause: error,
      },
    );
  }
  return error;
}
