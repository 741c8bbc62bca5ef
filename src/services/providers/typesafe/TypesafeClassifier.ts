import { typesafeFailures } from '../../../protocols/typesafe/typesafeErrors.js';
import { HttpClassifier, type ClassifierProtocol } from '../classifier/HttpClassifier.js';
import { TYPESAFE_MODEL, TYPESAFE_URL, type TypesafeClassifierSettings } from './TypesafeClassifierSettings.js';

const protocol: ClassifierProtocol = {
  name: 'typesafe',
  defaultURL: TYPESAFE_URL,
  path: '/v1/systemone',
  keyVariable: 'TYPESAFE_API_KEY',
  requestIdHeader: 'x-typesafe-request-id',
  defaultModel: TYPESAFE_MODEL,
  // TypeSafe's keys: any one a server echoes is masked, not only the one sent.
  keyPattern: /apikey_[A-Za-z0-9_-]{16,}/g,
  failures: typesafeFailures,
  codec: async () => {
    const [{ writeSystemone }, { readSystemoneReply }] = await Promise.all([
      import('../../../protocols/typesafe/systemoneRequest.js'),
      import('../../../protocols/typesafe/systemoneReply.js'),
    ]);
    return { write: writeSystemone, read: readSystemoneReply };
  },
};

/**
 * The TypeSafe classifier on Node's `fetch`: `POST {baseURL}/v1/systemone` (TypeSafe Jev, and
 * every server of the System One protocol), written and read through the System One protocol
 * (`src/protocols/typesafe`). A yes-no question is sent as a `noul`; a score's
 * levels as a list, its answer read back from records keyed by level index; the limits (255
 * options, 2 to 10 levels) are checked before any I/O. `response.model` is the version that
 * answered (`jev-1.13.0`), `response.id` the `x-typesafe-request-id` header.
 *
 * Failures, as `ClassificationAdapterError` reasons: 401/403 `authentication_failed`; 429
 * `rate_limited` with `retryAfterMs` from `Retry-After`; a 400/422 whose `detail.error_type` is
 * `max_tokens_exceeded` `context_length_exceeded`; other 4xx `invalid_request`; 5xx and 529
 * `provider_unavailable`; `timeout` past `timeoutMs`; `network_error`; a 2xx body that is not
 * JSON or does not fit the questions `malformed_response`. Messages come from `detail` (a text,
 * an object's `message`, or a FastAPI validation list) with every key masked. One HTTP attempt
 * per call: the engine retries. Made by {@link createTypesafeClassifier}.
 */
export class TypesafeClassifier extends HttpClassifier {
  /** Takes settings as `createTypesafeClassifier` parsed them. */
  constructor(settings: TypesafeClassifierSettings = {}) {
    super(settings, protocol);
  }
}
