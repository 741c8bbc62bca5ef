import assert from 'node:assert/strict';
import { failureKinds, ProviderFailure } from '../errors/ProviderFailure.js';
import type { FailureKind } from '../services/spec/failures.js';
import { prime, requestFor, type ProviderCaseSettings } from './providerCase.js';
import type { MakeProvider } from './providerScenarios.js';
import { conformanceContext, readReply, show } from './replyChecks.js';

/**
 * The body of the case of a kind of failure: the reply fails with a ProviderFailure of that kind, holding no API key
 * (listed in providerCases.ts).
 */
export async function failureRun(kind: FailureKind, make: MakeProvider, settings: ProviderCaseSettings): Promise<void> {
  const { provider } = await prime(make, `fail:${kind}`);
  const read = await readReply(
    () =>
      provider.reply(requestFor(`fail:${kind}`, settings), conformanceContext(settings, new AbortController().signal)),
    settings.timeoutMs,
  );
  assert.ok(read.failed, `the 'fail:${kind}' reply must fail, and it ended normally with ${read.parts.length} parts`);
  const error = read.error;
  assert.ok(
    error instanceof ProviderFailure,
    `a failure must be a ProviderFailure, got ` +
      `${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`,
  );
  assert.equal(error.kind, kind, `the failure must be of kind '${kind}' (${error.message})`);
  assert.equal(
    error.retryable,
    failureKinds[kind],
    `a '${kind}' failure is ${failureKinds[kind] ? '' : 'not '}retryable`,
  );
  assert.equal(read.parts.filter((part) => part.type === 'finish').length, 0, 'a failed reply gives no finish');
  const key = settings.apiKey;
  if (key !== undefined && key.length > 0) {
    for (let at: unknown = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
      assert.ok(
        !`${at.message}\n${at.stack ?? ''}`.includes(key),
        'the failure (or its cause) must not hold the API key',
      );
    }
  }
}
