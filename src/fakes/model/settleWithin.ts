import { StandinError } from '../../errors/StandinError.js';
import { abortReason } from '../../services/clock/Clock.js';
import { untilAborted } from '../../services/dispatch/untilAborted.js';

/** How long a fake waits for a function's promise when the provider names no `timeoutMs`. */
export const DEFAULT_ANSWER_TIMEOUT_MS = 30_000;

/**
 * A function's answer once it settles: a promise is bounded by the signal and by `timeoutMs` on a real timer (`T0047`),
 * so one that never settles cannot hold the call. The timer does not keep the process alive.
 *
 * @throws {StandinError} `T0047` when the promise has not settled after `timeoutMs`.
 */
export async function settleWithin(
  answered: unknown,
  signal: AbortSignal,
  timeoutMs: number,
  what: string,
  where: string,
): Promise<unknown> {
  if (typeof (answered as { then?: unknown } | null)?.then !== 'function') return answered;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new StandinError(
          'T0047',
          `${where}: the promise ${what} returned did not settle within ${timeoutMs} ms. Make it settle; set the ` +
            `model's provider timeoutMs in the config to wait longer, or pass the call a signal to end it sooner.`,
        ),
      );
    }, timeoutMs);
    timer.unref?.();
  });
  try {
    return await untilAborted(Promise.race([Promise.resolve(answered as PromiseLike<unknown>), late]), signal);
  } catch (error) {
    if (signal.aborted) throw abortReason(signal);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
