import { classifierSettingsExpected, classifierSettingsSchema } from '../classifier/ClassifierSettings.js';
import { parseSettings } from '../http/HttpSettings.js';
import { DecisionsClassifier } from './DecisionsClassifier.js';
import type { DecisionsClassifierSettings } from './DecisionsClassifierSettings.js';

/**
 * Makes the decisions classifier (`POST /decisions`, OpenAI's Decisions shape), for OpenAI or
 * any server of the same shape. Bind it at `Tokens.Classifier`, or let the config do it:
 * `classifier: { provider: 'openai' }`. Throws `P0004` when a setting is wrong.
 *
 * @example
 * ```ts
 * const vllm = createDecisionsClassifier({ baseURL: 'http://127.0.0.1:8000/v1', model: 'decider-2b' });
 * const container = createContainer(config, new ContainerModule(({ bind }) => {
 *   bind(Tokens.Classifier).toConstantValue(vllm);
 * }));
 * ```
 */
export function createDecisionsClassifier(settings: DecisionsClassifierSettings = {}): DecisionsClassifier {
  return new DecisionsClassifier(
    parseSettings(
      'settings',
      classifierSettingsSchema,
      settings,
      classifierSettingsExpected,
    ) as DecisionsClassifierSettings,
  );
}
