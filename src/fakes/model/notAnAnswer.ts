/** The values that are no answer record at all, each told apart so its message says what to write instead. */

import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { describeType } from '../../validation/formatPath.js';

/** Says why `raw` is no answer record at all, or undefined when it is an object to check field by field. */
export function notAnAnswer(raw: unknown): string | undefined {
  const record = "an answer is a record such as { text: '...' }, { calls: [{ tool, with }] } or { value }";
  if (typeof raw === 'string') return "a plain text is no answer; write { text: '...' }";
  if (raw === undefined) return "nothing (undefined) is no answer; write { text: '...' }";
  if (raw === null) return "null is no answer; write { text: '...' }";
  if (typeof raw === 'function') {
    if (isGeneratorFunction(raw)) return `a generator of parts is no answer; ${record}, and the fake makes the parts`;
    return (
      'a function is no answer in a list; to answer from the request, fake the model with one function: ' +
      "app.fake(model, (request) => ({ text: '...' }))"
    );
  }
  if (typeof raw !== 'object') return `${describeType(raw)} is no answer; write { text: '...' }`;
  if (Array.isArray(raw)) return `a list is no answer (is a list nested in the list?); ${record}`;
  if (raw instanceof Error) {
    const kind = raw instanceof ProviderFailure ? raw.kind : 'server';
    return `an error is no answer; to make the call fail as a provider that is down, write { fail: '${kind}' }`;
  }
  if (typeof (raw as { then?: unknown }).then === 'function')
    return 'a promise is no answer in a list; a function of the request may answer a promise';
  if (Symbol.asyncIterator in raw || Symbol.iterator in raw)
    return `a generator (or an iterable) of parts is no answer; ${record}, and the fake makes the parts`;
  return undefined;
}

/** Whether `fn` is a generator function, sync or async. */
export function isGeneratorFunction(fn: unknown): boolean {
  const name = (fn as { constructor?: { name?: string } } | null)?.constructor?.name;
  return typeof fn === 'function' && (name === 'GeneratorFunction' || name === 'AsyncGeneratorFunction');
}
