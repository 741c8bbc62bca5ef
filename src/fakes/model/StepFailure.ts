import { ProviderFailure } from '../../errors/ProviderFailure.js';

/**
 * A scripted failure of one try of a step that answers later (`{ fail, times }`): the wire server hands a client's same
 * request the step's answer even when the client does not mark it as a retry.
 */
export class StepFailure extends ProviderFailure {}
