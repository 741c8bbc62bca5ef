import { StandinError } from '../../errors/StandinError.js';
import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import { ClassificationRequest } from '../../services/classification/ClassificationRequest.js';
import { isPlainObject, show } from '../../services/classification/shapeError.js';

/**
 * Throws `K0003` when a fake classifier is handed something other than a `ClassificationRequest`.
 *
 * @example
 * ```ts
 * checkRequest(request, 'FakeClassifier'); // K0003 for { state, questions } made by hand
 * ```
 */
export function checkRequest(request: unknown, fake: string): asserts request is ClassificationRequest {
  if (request instanceof ClassificationRequest) return;
  throw new StandinError(
    'K0003',
    `${fake}.classify(request, opts): request must be a ClassificationRequest, got ${show(request)}.`,
  );
}

/**
 * Rejects a request with no questions with reason `invalid_request`, as every classifier does,
 * before its script is consulted.
 *
 * @example
 * ```ts
 * checkQuestions(new ClassificationRequest({ state: 'x', questions: {} })); // rejects: invalid_request
 * ```
 */
export function checkQuestions(request: ClassificationRequest): void {
  if (!isPlainObject(request.questions) || !isEmptyRecord(request.questions)) return;
  const metadata = { field: 'questions' };
  throw new ClassificationAdapterError('invalid_request', { message: 'questions must not be empty', metadata });
}

function isEmptyRecord(record: object): boolean {
  for (const _ in record) return false;
  return true;
}
