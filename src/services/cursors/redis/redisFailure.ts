import { StoreFailure } from './StoreFailure.js';
import { ReplyTimeout } from './within.js';

/** The typed failure of a Redis command (`D0008`, `D0002`, `D0005`, `D0003`), so every command fails the same way. */
export function redisFailure(
  error: unknown,
  what: string,
  shown: string,
  timeoutMs: number,
  closed: boolean,
): StoreFailure {
  if (error instanceof StoreFailure) return error;
  const name = error instanceof Error ? error.constructor.name : '';
  const message = describe(error);
  if (closed || name === 'ClientClosedError') {
    return new StoreFailure(
      'D0008',
      `The Redis cursor store at ${shown} was closed while ${what} ran. Make a new app to call through.`,
      { cause: error },
    );
  }
  if (error instanceof ReplyTimeout || name === 'TimeoutError' || name === 'CommandTimeoutDuringMaintenanceError') {
    return new StoreFailure(
      'D0002',
      `Redis at ${shown} did not answer ${what} within ${timeoutMs} ms (cursors.timeoutMs): ` +
        `it is stalled or overloaded.`,
      { kind: 'timeout', cause: error },
    );
  }
  if (isErrorReply(error) && !/^(LOADING|BUSY|TRYAGAIN|CLUSTERDOWN|MASTERDOWN)\b/.test(message)) {
    return new StoreFailure('D0005', `Redis at ${shown} answered ${what} with an error: ${message}`, {
      cause: error,
    });
  }
  return new StoreFailure(
    'D0003',
    `Redis at ${shown} could not be reached for ${what}: ${message}. The store reconnects by itself; try the ` +
      `call again.`,
    {
      kind: 'network',
      cause: error,
    },
  );
}

function isErrorReply(error: unknown): boolean {
  for (let proto = error; proto !== null && typeof proto === 'object'; proto = Object.getPrototypeOf(proto)) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name === 'ErrorReply') return true;
  }
  return false;
}

/** What went wrong, in one short line for a message: the first of an aggregate, cut at 300 characters. */
export function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
