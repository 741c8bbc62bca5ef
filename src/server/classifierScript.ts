import { reasons } from '../services/providers/classifier/classificationFailure.js';
import { failureKinds } from '../errors/ProviderFailure.js';
import type { ClassificationReason, FailureKind } from '../services/spec/failures.js';
import type { ClassificationScriptEntry } from '../fakes/script/scriptEntry.js';
import {
  ClassificationAdapterError,
  classificationReasons,
} from '../services/classification/ClassificationAdapterError.js';
import { isPlainObject, show } from '../services/classification/shapeError.js';
import { WireError } from './WireError.js';

const failKeys = new Set(['fail', 'retryAfterMs', 'message']);

/**
 * A classifier script in JSON, as `fakeClassifier` takes it: `{ answers }` and `{ retryUntilCall }` entries pass as
 * they are, and `{ fail, retryAfterMs?, message? }` becomes an `{ error }` entry, `fail` naming a classification reason
 * (`rate_limited`, `provider_unavailable`, ...) or an answer's failure kind (`rate_limit`, `server`, ...).
 *
 * @throws {WireError} `W0016` for a `fail` entry that names no reason or has a bad field.
 */
export function classifierScript(entries: readonly unknown[]): ClassificationScriptEntry[] {
  return entries.map((entry, index) => {
    if (!isPlainObject(entry) || !('fail' in entry)) return entry as ClassificationScriptEntry;
    const where = `scripts.classifier[${index}]`;
    for (const key of Object.keys(entry)) {
      if (!failKeys.has(key))
        throw bad(`${where}.${key} is not a field of a fail entry; it takes fail, retryAfterMs and message.`);
    }
    const { fail, retryAfterMs, message } = entry as { fail: unknown; retryAfterMs?: unknown; message?: unknown };
    const reason = (classificationReasons as readonly unknown[]).includes(fail)
      ? (fail as ClassificationReason)
      : typeof fail === 'string' && Object.hasOwn(failureKinds, fail)
        ? reasons[fail as FailureKind]
        : undefined;
    if (reason === undefined) {
      throw bad(
        `${where}.fail is ${show(fail)}; name a classification reason (${classificationReasons.join(', ')}) or an ` +
          `answer's failure kind (${Object.keys(failureKinds).join(', ')}).`,
      );
    }
    if (
      retryAfterMs !== undefined &&
      (typeof retryAfterMs !== 'number' || !Number.isInteger(retryAfterMs) || retryAfterMs < 0)
    ) {
      throw bad(`${where}.retryAfterMs is ${show(retryAfterMs)}; give a whole number of milliseconds, 0 or more.`);
    }
    if (message !== undefined && typeof message !== 'string')
      throw bad(`${where}.message is ${show(message)}; give a string.`);
    const error = new ClassificationAdapterError(reason, {
      message: message ?? `the classifier script failed this call with ${reason}`,
      provider: 'fake',
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
    return { error };
  });
}

function bad(message: string): WireError {
  return new WireError('W0016', 400, `${message} Write it as { "fail": "rate_limited", "retryAfterMs": 20 }.`, {
    type: 'invalid_request_error',
    retry: false,
  });
}
