import { ClassificationAdapterError } from '../classification/ClassificationAdapterError.js';
import { bareMessage } from '../../errors/StandinError.js';
import type { Failure } from './retry.js';

/** One failed attempt at one classifier, as `metadata.attempts` lists it. */
export interface ClassifierTry {
  readonly classifier: string;
  readonly attempt: number;
  readonly reason: string;
  readonly message: string;
}

/** A classifier's rejection as a retryable failure; a 0 or null hint means "no hint" (ALLM's convention). */
export const classifierFailure = (error: unknown): Failure | undefined =>
  error instanceof ClassificationAdapterError
    ? {
        retryable: error.retryable,
        retryAfterMs: error.retryAfterMs !== null && error.retryAfterMs > 0 ? error.retryAfterMs : undefined,
      }
    : undefined;

/**
 * The error of a classify call that fell back: the last reason, every attempt in its message and `metadata.attempts`.
 */
export function everyClassifierFailed(
  tried: readonly ClassifierTry[],
  last: ClassificationAdapterError,
): ClassificationAdapterError {
  const summary = tried.map((t) => `${t.classifier} attempt ${t.attempt}: ${t.reason}`).join('; ');
  return new ClassificationAdapterError(last.reason, {
    message: `Every classifier failed. Tried ${summary}. Last: ${bareMessage(last)}`,
    ...(last.provider === null ? {} : { provider: last.provider }),
    ...(last.status === null ? {} : { status: last.status }),
    cause: last,
    metadata: { ...last.metadata, attempts: tried },
  });
}
