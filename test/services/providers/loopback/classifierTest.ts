import { expect } from 'vitest';
import { ClassificationAdapterError } from '../../../../src/index.js';
import { failure } from './callContext.js';
export { useLoopback } from './useLoopback.js';

/** The ClassificationAdapterError a promise rejected with (fails when it resolved, or rejected with anything else). */
export async function rejected(promise: Promise<unknown>): Promise<ClassificationAdapterError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ClassificationAdapterError);
  return error as ClassificationAdapterError;
}
