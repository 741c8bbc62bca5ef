import type { CallContext, ReplyPart } from '../../../../src/index.js';

/** The key the tests give adapters: long enough that any echo of a piece of it is caught. */
export const KEY = 'sk-test-0123456789abcdefSECRET';

/** A call context as the engine hands one to a provider. */
export function callContext(overrides: Partial<CallContext> = {}): CallContext {
  return {
    modelName: 'writer',
    model: 'test-model',
    provider: 'openai',
    apiKey: KEY,
    signal: new AbortController().signal,
    requestId: 'request-1',

    scope: '',
    stepKey: 'call:request-1',
    attempt: 1,
    output: undefined,
    ...overrides,
  };
}

/** Every part of a reply, in order. */
export async function parts(reply: AsyncIterable<ReplyPart>): Promise<ReplyPart[]> {
  const out: ReplyPart[] = [];
  for await (const part of reply) out.push(part);
  return out;
}

/** What a promise rejected with (fails when it resolved). */
export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection, and the promise resolved');
}
