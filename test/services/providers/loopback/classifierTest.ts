import { expect } from 'vitest';
import { ClassificationAdapterError, type Classifier } from '../../../../src/index.js';
import { failure } from './callContext.js';
export { useLoopback } from './useLoopback.js';

/** The ClassificationAdapterError a promise rejected with (fails when it resolved, or rejected with anything else). */
export async function rejected(promise: Promise<unknown>): Promise<ClassificationAdapterError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ClassificationAdapterError);
  return error as ClassificationAdapterError;
}

/**
 * The classifier with a call's `classificationScript` left out, so a suite written for the fake
 * (the conformance suite) sends every call to the server and through the real decoder.
 */
export function withoutScript(real: Classifier & { readonly provider: string }): Classifier {
  return {
    provider: real.provider,
    classify: (request, opts) => {
      const { classificationScript: _script, ...adapterOpts } = opts?.adapterOpts ?? {};
      return real.classify(request, { ...opts, adapterOpts });
    },
  };
}
