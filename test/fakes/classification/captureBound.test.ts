import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClassifier } from '../../../src/testing.js';
import { CAPTURE_TIMEOUT_MS } from '../../../src/fakes/classification/scriptErrors.js';
import { request } from './fixtures.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('a capture callback whose promise never settles', () => {
  it(`ends the call with K0015 after ${CAPTURE_TIMEOUT_MS} ms rather than holding it forever`, async () => {
    vi.useFakeTimers();
    const fake = new FakeClassifier();
    const call = fake.classify(request(), {
      requestId: 'r-1',
      adapterOpts: { capture: () => new Promise(() => undefined) },
    });
    const outcome = call.then(
      () => undefined,
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(CAPTURE_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toMatchObject({ code: 'K0015' });
    expect((error as Error).message).toContain("request 'r-1'");
  });

  it("ends as soon as the call's signal aborts, with its reason", async () => {
    const fake = new FakeClassifier();
    const controller = new AbortController();
    const call = fake.classify(request(), {
      signal: controller.signal,
      adapterOpts: { capture: () => new Promise(() => undefined) },
    });
    controller.abort(new Error('client went away'));
    await expect(call).rejects.toThrow('client went away');
  });

  it('waits for a capture promise that settles in time', async () => {
    const fake = new FakeClassifier();
    let done = false;
    await fake.classify(request(), {
      adapterOpts: { capture: async () => void (await Promise.resolve(), (done = true)) },
    });
    expect(done).toBe(true);
  });
});
