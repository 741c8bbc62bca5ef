import type { ClassificationReason } from '../../spec/failures.js';
import { ClassificationAdapterError } from '../../classification/ClassificationAdapterError.js';
import { ClassificationAnswer } from '../../classification/ClassificationAnswer.js';
import type { ClassificationRequest } from '../../classification/ClassificationRequest.js';
import { trustedResponse, type ClassificationResponse } from '../../classification/ClassificationResponse.js';
import { quoted } from '../../../protocols/answerReading.js';
import type { AskedQuestion, Classified } from '../../../protocols/Classification.js';
import { AnswerMismatch } from '../../../protocols/classificationFaults.js';

/** Where a 2xx reply came from, for the errors its reading throws. */
export interface ReplySource {
  /** The classifier's provider name. */
  readonly provider: string;
  /** The HTTP status of the reply (a 2xx). */
  readonly status: number;
  /** The provider's request id, from its header. */
  readonly providerRequestId: string | undefined;
  /** The caller's request id. */
  readonly requestId: string | undefined;
  /** Takes the key (and anything like one) out of a text the server gave. */
  readonly clean: (text: string) => string;
}

/** An error about a 2xx reply, clean of the key, with the status and both request ids in `metadata`. */
export function replyError(
  source: ReplySource,
  reason: ClassificationReason,
  message: string,
  metadata: Readonly<Record<string, unknown>>,
): ClassificationAdapterError {
  const { provider, status, providerRequestId, requestId, clean } = source;
  const all: Record<string, unknown> = { status, ...metadata };
  if (providerRequestId !== undefined) all.providerRequestId = providerRequestId;
  if (requestId !== undefined) all.requestId = requestId;
  return new ClassificationAdapterError(reason, {
    message: clean(`${provider}: ${message}`),
    provider,
    status,
    metadata: all,
  });
}

/**
 * The response read from a 2xx reply: `malformed_response` naming the path when it does not fit the questions. A
 * refused question is never given a made-up answer: the call rejects with `unknown`, `metadata.cause: 'refusal'`, the
 * refused ids and the other answers.
 */
export function classifiedResponse(
  value: unknown,
  read: (value: unknown, questions: Readonly<Record<string, AskedQuestion>>) => Classified,
  request: ClassificationRequest,
  model: string,
  source: ReplySource,
): ClassificationResponse {
  let reply: Classified;
  try {
    reply = read(value, request.questions);
  } catch (error) {
    if (!(error instanceof AnswerMismatch)) throw error;
    const { path, problem, question } = error;
    throw replyError(source, 'malformed_response', `malformed response: ${path} ${problem}`, {
      path,
      ...(question === undefined ? {} : { question }),
    });
  }
  const answered = reply.model ?? model;
  const answers = Object.fromEntries(
    Object.entries(reply.answers).map(([id, answer]) => [id, new ClassificationAnswer(answer)]),
  );
  const { refused } = reply;
  if (refused.length > 0) {
    const others = Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, { ...answer }]));
    throw replyError(
      source,
      'unknown',
      `the model refused to answer question${refused.length > 1 ? 's' : ''} ${quoted(refused)}. No answer was made ` +
        `up; the answers to the other questions are in error.metadata.answers.`,
      { cause: 'refusal', refused, answers: others, model: answered },
    );
  }
  // Every field is read and checked by the protocol; the request's metadata is the caller's own, handed back as it is.
  return trustedResponse({
    id: source.providerRequestId ?? null,
    requestId: source.requestId ?? null,
    model: answered,
    provider: source.provider,
    raw: value,
    answers,
    usage: reply.usage,
    metadata: request.metadata,
  });
}
