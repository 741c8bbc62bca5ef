import { typesafeFailures } from '../../../protocols/typesafe/typesafeErrors.js';
import { keyVariables } from '../../../config/keyVariables.js';
import { HttpClassifier, type ClassifierProtocol } from '../classifier/HttpClassifier.js';
import { TYPESAFE_MODEL, TYPESAFE_URL, type TypesafeClassifierSettings } from './TypesafeClassifierSettings.js';

const protocol: ClassifierProtocol = {
  name: 'typesafe',
  defaultURL: TYPESAFE_URL,
  path: '/v1/systemone',
  keyVariable: keyVariables.typesafe,
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
 * The TypeSafe classifier: `POST {baseURL}/v1/systemone` through the System One protocol. A yes-no is sent as a `noul`,
 * a score's levels as a list read back by index; limits (255 options, 2 to 10 levels) are checked before any I/O.
 * `response.model` is the version that answered, `response.id` the `x-typesafe-request-id` header. Failures and
 * refusals follow {@link HttpClassifier}. Made by {@link createTypesafeClassifier}.
 */
export class TypesafeClassifier extends HttpClassifier {
  /** Takes settings as `createTypesafeClassifier` parsed them. */
  constructor(settings: TypesafeClassifierSettings = {}) {
    super(settings, protocol);
  }
}
