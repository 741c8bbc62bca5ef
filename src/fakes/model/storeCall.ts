import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { bareMessage } from '../../errors/StandinError.js';
import { StoreFailure } from '../../services/cursors/redis/StoreFailure.js';
import type { CallContext } from '../../services/spec/Provider.js';

/**
 * Awaits a store operation. A slow or unreachable store fails the call as such a provider would (a `ProviderFailure` of
 * its kind), so the engine retries and the replayed step gets the answer it would have got.
 */
export async function storeCall<T>(operation: Promise<T>, context: CallContext): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    throw callFailure(error, context);
  }
}

/** {@link storeCall}'s turn of a store error, for a call that awaits the store in its own `try`. */
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
