import assert from 'node:assert/strict';
import type { ReplyPart } from '../services/spec/Provider.js';
import { prime, requestFor, type CaseBody, type CaseRun } from './providerCase.js';
import { conformanceContext, readReply, show, within } from './replyChecks.js';

/** The bodies of the cases of an abort: before the call, and mid-reply (listed in providerCases.ts). */
export const abortRuns = {
  async abortBefore(make, settings) {
    const { provider } = await prime(make, 'slow');
    const controller = new AbortController();
    const reason = new Error('conformance: aborted before the call');
    controller.abort(reason);
    const read = await readReply(
      () => provider.reply(requestFor('slow', settings), conformanceContext(settings, controller.signal)),
      settings.abortWithinMs,
    );
    assert.ok(
      read.failed,
      "a reply whose signal was already aborted must fail with the signal's reason, and it ended normally",
    );
    assert.equal(
      read.error,
      reason,
      "a reply whose signal was already aborted must fail with the signal's reason itself",
    );
    assert.equal(read.parts.length, 0, 'a reply whose signal was already aborted gives no part');
  },
  async abortMidReply(make, settings) {
    const primed = await prime(make, 'slow');
    const controller = new AbortController();
    const reason = new Error('conformance: aborted mid-reply');
    const stream = primed.provider.reply(requestFor('slow', settings), conformanceContext(settings, controller.signal));
    const iterator = stream[Symbol.asyncIterator]();
    const parts: ReplyPart[] = [];
    let settled = false;
    const reading = (async () => {
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) parts.push(next.value);
    })()
      .then(
        () => ({ failed: false, error: undefined }),
        (error: unknown) => ({ failed: true, error }),
      )
      .finally(() => (settled = true));
    if (primed.started !== undefined)
      await within(Promise.race([primed.started(), reading]), settings.timeoutMs, "the start of the 'slow' call");
    await new Promise((resolve) => setTimeout(resolve, settings.abortAfterMs));
    if (settled) {
      const { error } = await reading;
      assert.fail(
        `the 'slow' reply ended before the abort (${parts.length} ` +
          `parts${error === undefined ? '' : `, failing with ${show(error)}`}): prime it to answer slower than ` +
          `${settings.abortAfterMs} ms`,
      );
    }
    controller.abort(reason);
    const outcome = await within(reading, settings.abortWithinMs, 'the reply after its abort');
    assert.ok(outcome.failed, "an aborted reply must fail with the signal's reason, and it ended normally");
    assert.equal(outcome.error, reason, "an aborted reply must fail with the signal's reason itself");
    assert.equal(parts.filter((part) => part.type === 'finish').length, 0, 'an aborted reply gives no finish');
    const after = await within(iterator.next(), settings.abortWithinMs, 'reading an aborted reply again');
    assert.equal(after.done, true, 'an aborted reply is over: reading it again gives nothing more');
    if (primed.closed !== undefined)
      await within(primed.closed(), settings.abortWithinMs, 'closing what the aborted call held open');
  },
} satisfies Partial<Record<CaseBody, CaseRun>>;
