import { ProviderFailure } from '../../errors/ProviderFailure.js';

/**
 * A scripted failure of one try of a step that answers on a later try (`{ fail, times }`): a client that tries the
 * same request again is retrying that step, so the wire server hands the retry the step's answer even when the
 * client does not mark it as a retry.
 */
export class StepFailure extends ProviderFailure {}
