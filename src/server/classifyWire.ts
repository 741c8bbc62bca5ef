import type { ClassificationAnswer } from '../services/classification/ClassificationAnswer.js';
import { ClassificationAdapterError } from '../services/classification/ClassificationAdapterError.js';
import { ClassificationQuestion } from '../services/classification/ClassificationQuestion.js';
import type { ClassifyOptions } from '../services/classification/ClassifyOptions.js';
import type { ClassificationResponse } from '../services/classification/ClassificationResponse.js';
import type { Classification, Classified, ClassifiedAnswer } from '../protocols/Classification.js';
import { classifierFailure } from './classifierFailure.js';
import { sendJsonText } from './respond.js';
import type { WireContext } from './WireContext.js';

/**
 * Asks the classifier a request read off the wire, in its scope and with no engine retries (the client retries), and
 * answers the dialect's JSON or the script's failure.
 */
export async function classifyWire(
  context: WireContext,
  asked: Classification,
  write: (reply: Classified) => string,
): Promise<void> {
  // Built from entries: an id is a key like any other, never the object's prototype.
  const questions = Object.fromEntries(
    Object.entries(asked.questions).map(([id, question]) => [id, new ClassificationQuestion(question)]),
  );
  context.record({ model: asked.model ?? '', call: 'classify', input: { state: asked.state, questions } });
  let response: ClassificationResponse;
  try {
    const { requestId, signal } = context.options;
    const options: ClassifyOptions = {
      retry: false,
      ...(requestId === undefined ? {} : { requestId }),
      ...(signal === undefined ? {} : { signal }),
      ...(asked.model === undefined ? {} : { model: asked.model }),
    };
    response = await context.run(() => context.app.classify(asked.state, questions, options));
  } catch (error) {
    if (error instanceof ClassificationAdapterError) {
      // A spent or malformed script is the test author's error, though the adapter reads it as a reason.
      context.raised(error);
      return classifierFailure(context, error);
    }
    throw error;
  }
  const reply: Classified = {
    ...(response.model === null ? {} : { model: response.model }),
    answers: Object.fromEntries(Object.keys(questions).map((id) => [id, answerOf(response.answers[id]!)])),
    refused: [],
    usage: response.usage,
  };
  sendJsonText(context.response, 200, write(reply), context.dialect.headers(context.responseId));
}

/** An answer as the protocols write it: a confidence the classifier left out is 1, as its answer is certain. */
function answerOf(answer: ClassificationAnswer): ClassifiedAnswer {
  switch (answer.type) {
    case 'choice':
      return {
        type: 'choice',
        choice: answer.choice ?? '',
        probabilities: (answer.probabilities ?? {}) as Readonly<Record<string, number>>,
        confidence: answer.confidence ?? 1,
      };
    case 'score':
      return {
        type: 'score',
        score: answer.score ?? 0,
        probabilities: (answer.probabilities ?? []) as readonly number[],
        legend: answer.legend ?? [],
        confidence: answer.confidence ?? 1,
      };
    case 'yesNo':
      return { type: 'yesNo', yesProbability: answer.yesProbability ?? 0 };
  }
}
