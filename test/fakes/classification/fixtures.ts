import { randomUUID } from 'node:crypto';
import {
  ClassificationAdapterError,
  ClassificationQuestion as Q,
  ClassificationRequest,
  type ClassifyCallOptions,
} from '../../../src/index.js';
import { type ClassificationScriptEntry } from '../../../src/testing.js';

/** The three questions of the seed's fixture: d (choice), s (score), y (yes-no). */
export function questions(): Record<string, Q> {
  return {
    d: Q.choice('Which team should handle this?', ['billing', 'technical', 'sales']),
    s: Q.score('How frustrated is the customer?', ['Calm', 'Annoyed', 'Angry']),
    y: Q.yesNo('Is a refund requested?'),
  };
}

/** The seed's fixture request. */
export function request(
  fields: Partial<ConstructorParameters<typeof ClassificationRequest>[0]> = {},
): ClassificationRequest {
  return new ClassificationRequest({ state: 'My payouts failed twice this week.', questions: questions(), ...fields });
}

/** Options with a script, under a cursor key of their own (as every sequence test of the seed does). */
export function scripted(
  script: readonly ClassificationScriptEntry[],
  extra: { requestId?: string } = {},
): ClassifyCallOptions {
  return { ...extra, adapterOpts: { classificationScript: script, cursorKey: randomUUID() } };
}

/** The seed's fixture error entry. */
export function rateLimited(): ClassificationAdapterError {
  return new ClassificationAdapterError('rate_limited', {
    message: 'scripted rate limit',
    provider: 'fake',
    retryAfterMs: 250,
  });
}
