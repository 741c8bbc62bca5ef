import { readGuard } from '../../validation/readGuard.js';
import { StandinError } from '../../errors/StandinError.js';
import type { Dispatcher } from '../dispatch/Dispatcher.js';
import { untilAborted } from '../dispatch/untilAborted.js';
import { typeName } from '../requests/invalid.js';
import type { Classifier, ClassifierOptions, ClassifyCallOptions } from '../spec/Classifier.js';
import { ClassificationResponse, trustedResponse } from './ClassificationResponse.js';
import { classifyArguments } from './ClassifyOptions.js';
import { describeProblems } from './describeProblems.js';
import { validateClassificationRequest } from './validateClassificationRequest.js';

/**
 * One `classify` call: checks the request (`K0003`), then sends it through the classifier chain with the same retry,
 * fallback and request ids as a model call. `adapterOpts.cursorKey` is the engine's id unless the caller gave one.
 */
export async function classifyCall(
  dispatcher: Dispatcher,
  cursorKey: string,
  args: readonly [unknown, unknown, unknown],
): Promise<ClassificationResponse> {
  const { request, control } = readGuard('app.classify(state, questions, options)', () =>
    classifyArguments(args[0], args[1], args[2]),
  );
  const problems = readGuard('app.classify(state, questions)', () => validateClassificationRequest(request));
  if (problems.length > 0) {
    throw new StandinError(
      'K0003',
      `Invalid classification request:\n${describeProblems('request', problems).join('\n')}`,
    );
  }
  const given = control.adapterOpts;
  const call = dispatcher.call({ signal: control.signal, requestId: control.requestId, scope: given?.scope });
  const adapterOpts: ClassifierOptions = { ...given, cursorKey: given?.cursorKey ?? cursorKey };
  const response = await dispatcher.classifier(call, control.retry, async (classifier, context) => {
    const opts: ClassifyCallOptions =
      control.signal === undefined
        ? { requestId: call.requestId, adapterOpts, context }
        : { requestId: call.requestId, signal: call.signal, adapterOpts, context };
    let answered: unknown;
    try {
      answered = await untilAborted(Promise.resolve(classifier.classify(request, opts)), call.signal);
    } catch (error) {
      if (call.signal.aborted || error instanceof StandinError) throw error;
      throw brokenClassifier(classifier, 'rejected with', error);
    }
    if (!(answered instanceof ClassificationResponse)) throw brokenClassifier(classifier, 'resolved with', answered);
    return answered;
  });
  return response.requestId === null ? trustedResponse({ ...response, requestId: call.requestId }) : response;
}

function brokenClassifier(classifier: Classifier, how: string, value: unknown): StandinError {
  const shown = value instanceof Error ? `${value.name}: ${value.message}` : typeName(value);
  return new StandinError(
    'K0007',
    `The classifier '${classifier.provider ?? classifier.constructor?.name ?? 'classifier'}' broke the adapter ` +
      `contract: classify ${how} ${shown}, where it must resolve with a ClassificationResponse or reject with a ` +
      `ClassificationAdapterError.`,
    { cause: value },
  );
}
