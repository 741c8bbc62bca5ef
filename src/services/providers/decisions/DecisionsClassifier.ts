import { decisionsFailures } from '../../../protocols/decisions/decisionsFailures.js';
import { keyVariables } from '../../../config/keyVariables.js';
import { HttpClassifier, type ClassifierProtocol } from '../classifier/HttpClassifier.js';
import { DECISIONS_MODEL, DECISIONS_URL, type DecisionsClassifierSettings } from './DecisionsClassifierSettings.js';

const protocol: ClassifierProtocol = {
  name: 'decisions',
  defaultURL: DECISIONS_URL,
  path: '/decisions',
  keyVariable: keyVariables.decisions,
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
 * The decisions classifier: `POST {baseURL}/decisions` in OpenAI's Decisions shape (OpenAI, vLLM, SGLang, gateways),
 * through the Decisions protocol. Questions go as a list in id order (a yes-no as a `predicate`) and answers come back
 * keyed by id; limits (1 to 400 questions, 2 to 255 options) are checked before any I/O. Failures and refusals follow
 * {@link HttpClassifier}. Made by {@link createDecisionsClassifier}.
 */
export class DecisionsClassifier extends HttpClassifier {
  /** Takes settings as `createDecisionsClassifier` parsed them. */
  constructor(settings: DecisionsClassifierSettings = {}) {
    super(settings, protocol);
  }
}
