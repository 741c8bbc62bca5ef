import { ClassificationAdapterError } from '../services/classification/ClassificationAdapterError.js';
import type { ClassificationQuestion } from '../services/classification/ClassificationQuestion.js';
import type { ClassifyOptions } from '../services/classification/ClassifyOptions.js';
import type { ClassificationResponse } from '../services/classification/ClassificationResponse.js';
import type { ClassificationState } from '../services/classification/ClassificationRequest.js';
import { classifierFailure } from './classifierFailure.js';
import { sendJson } from './respond.js';
import type { WireContext } from './WireContext.js';

/** A classification request as read off the wire, in the engine's terms. */
export interface WireClassification {
  readonly model: string | undefined;
  readonly state: ClassificationState;
  readonly questions: Readonly<Record<string, ClassificationQuestion>>;
}

/**
 * Asks the app's classifier a request read off the wire, in the request's scope with the server's
 * request id and no engine retries (the client retries), and answers the body `write` makes of
 * the response, or the script's failure as the provider would (see `classifierFailure`).
 *
 * @example
 * ```ts
 * await classifyWire(context, read(body), (response) => ({ answers: {} }), { 'x-typesafe-request-id': context.responseId });
 * ```
 */
export async function classifyWire(
  context: WireContext,
  asked: WireClassification,
  write: (response: ClassificationResponse) => unknown,
  headers: Readonly<Record<string, string>>,
): Promise<void> {
  context.record({
    model: asked.model ?? '',
    call: 'classify',
    input: { state: asked.state, questions: asked.questions },
  });
  let response: ClassificationResponse;
  try {
    const { requestId, signal } = context.options;
    const options: ClassifyOptions = {
      retry: false,
      ...(requestId === undefined ? {} : { requestId }),
      ...(signal === undefined ? {} : { signal }),
      ...(asked.model === undefined ? {} : { model: asked.model }),
    };
    response = await context.run(() => context.app.classify(asked.state, asked.questions, options));
  } catch (error) {
    if (error instanceof ClassificationAdapterError) {
      // A spent or malformed script is the test author's error, though the adapter reads it as a reason.
      context.raised(error);
      return classifierFailure(context, error);
    }
    throw error;
  }
  sendJson(context.response, 200, write(response), headers);
}
