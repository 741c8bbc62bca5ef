import { classifierSettingsExpected, classifierSettingsSchema } from '../classifier/ClassifierSettings.js';
import { parseSettings } from '../http/HttpSettings.js';
import { TypesafeClassifier } from './TypesafeClassifier.js';
import type { TypesafeClassifierSettings } from './TypesafeClassifierSettings.js';

/**
 * Makes the TypeSafe classifier (`POST /v1/systemone`), for TypeSafe's API or any server of the
 * same protocol. Bind it at `Tokens.Classifier`, or let the config do it:
 * `classifier: { provider: 'typesafe' }`. Throws `P0004` when a setting is wrong.
 *
 * @example
 * ```ts
 * const local = createTypesafeClassifier({ baseURL: 'http://127.0.0.1:8080', model: 'jev-small' });
 * const container = createContainer(config, new ContainerModule(({ bind }) => {
 *   bind(Tokens.Classifier).toConstantValue(local);
 * }));
 * ```
 */
export function createTypesafeClassifier(settings: TypesafeClassifierSettings = {}): TypesafeClassifier {
  return new TypesafeClassifier(
    parseSettings(
      'settings',
      classifierSettingsSchema,
      settings,
      classifierSettingsExpected,
    ) as TypesafeClassifierSettings,
  );
}
