import { decisionsFailures } from '../../../protocols/decisions/decisionsFailures.js';
import { HttpClassifier, type ClassifierProtocol } from '../classifier/HttpClassifier.js';
import { DECISIONS_MODEL, DECISIONS_URL, type DecisionsClassifierSettings } from './DecisionsClassifierSettings.js';

const protocol: ClassifierProtocol = {
  name: 'decisions',
  defaultURL: DECISIONS_URL,
  path: '/decisions',
  keyVariable: 'OPENAI_API_KEY',
  requestIdHeader: 'x-request-id',
  defaultModel: DECISIONS_MODEL,
  failures: decisionsFailures,
  codec: async () => {
    const [{ writeDecisions }, { readDecisionsReply }] = await Promise.all([
      import('../../../protocols/decisions/decisionsRequest.js'),
      import('../../../protocols/decisions/decisionsReply.js'),
    ]);
    return { write: writeDecisions, read: readDecisionsReply };
  },
};

/**
 * The decisions classifier on Node's `fetch`: `POST {baseURL}/decisions` in the OpenAI
 * Decisions shape (OpenAI, vLLM, SGLang, gateways), written and read through the Decisions protocol
 * (`src/protocols/decisions`). The state is the `input`, the questions an
 * ordered list named by their ids (a yes-no question is a `predicate`), and the answers, which
 * come back in the questions' order, are keyed by id again. Limits (1 to 400 questions, 2 to 255
 * options) are checked before any I/O.
 *
 * A question the model refuses (`{ type: 'refusal' }`) is never given a made-up answer: the
 * call rejects with reason `unknown`, `metadata.cause: 'refusal'`, the refused ids in
 * `metadata.refused` and the other answers in `metadata.answers`.
 *
 * Failures follow OpenAI's error bodies: 401/403 and an exhausted quota
 * `authentication_failed`; 429 `rate_limited` with `retryAfterMs`; `context_length_exceeded`;
 * other 4xx `invalid_request`; 5xx `provider_unavailable`; `timeout` past `timeoutMs`;
 * `network_error`; a 2xx body that is not JSON or does not fit the questions
 * `malformed_response`. `response.id` is the `x-request-id` header. One HTTP attempt per call:
 * the engine retries. Made by {@link createDecisionsClassifier}.
 */
export class DecisionsClassifier extends HttpClassifier {
  /** Takes settings as `createDecisionsClassifier` parsed them. */
  constructor(settings: DecisionsClassifierSettings = {}) {
    super(settings, protocol);
  }
}
