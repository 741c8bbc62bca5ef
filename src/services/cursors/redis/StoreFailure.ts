import type { Code } from '../../../errors/catalog.js';
import { nameErrorClass, StandinError } from '../../../errors/StandinError.js';

/**
 * A shared cursor store could not do what it was asked: Redis unreachable (`D0001`), stalled (`D0002`, kind `timeout`),
 * cut off (`D0003`, kind `network`), or answering with an error (`D0005`). A faked call turns a failure with a `kind`
 * into a provider failure of that kind, so the engine retries it as it would a provider's.
 *
 * @example
 * ```ts
 * try { await store.peek('', 'script'); }
 * catch (e) { if (e instanceof StoreFailure && e.kind === 'timeout') console.log('Redis is slow'); }
 * ```
 */
export class StoreFailure extends StandinError {
  /** `timeout` or `network` when the failure is Redis being slow or out of reach; undefined otherwise. */
  readonly kind: 'timeout' | 'network' | undefined;

  constructor(
    code: Extract<Code, `D${string}`>,
    message: string,
    options: { readonly kind?: 'timeout' | 'network'; readonly cause?: unknown } = {},
  ) {
    super(code, message, 'cause' in options ? { cause: options.cause } : {});
    this.kind = options.kind;
  }

  static {
    nameErrorClass(this, 'StoreFailure');
  }
}
