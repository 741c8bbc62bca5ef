import type { Container } from 'inversify';
import { RedisCursorStore } from '../../services/cursors/RedisCursorStore.js';
import { standIn } from '../../services/container/standIn.js';
import { Tokens } from '../../tokens/Tokens.js';
import { FakeModel } from '../model/FakeModel.js';
import { SharedClassification } from './SharedClassification.js';
import { SharedScripts, SharedScriptsToken } from './SharedScripts.js';

/**
 * Makes a test container a member of its namespace, when its config names one: every configured
 * model and the classifier answer from the scripts the namespace published, in place of what the
 * config or a module bound (a real classifier the config names included), and `app.fake` /
 * `app.fakeClassifier` publish to it. Without a namespace it does nothing.
 *
 * @example
 * ```ts
 * const container = buildContainer(config, testServices, modules);
 * bindSharedFakes(container);
 * ```
 */
export function bindSharedFakes(container: Container): void {
  const config = container.get(Tokens.Config);
  const cursors = config.cursors;
  if (typeof cursors !== 'object' || cursors.store !== 'redis' || cursors.namespace === undefined) return;
  const store = container.get(Tokens.CursorStore);
  if (!(store instanceof RedisCursorStore)) return;
  const shared = new SharedScripts(store);
  container.bind(SharedScriptsToken).toConstantValue(shared);
  const scopes = container.get(Tokens.Scopes);
  for (const model of Object.keys(config.models)) {
    standIn(container, Tokens.Provider, new FakeModel([], { model, store, scopes, shared: shared.follower(model) }), `model:${model}`);
  }
  // As for the models: in a namespace the namespace's script answers, whatever stood there.
  standIn(container, Tokens.Classifier, new SharedClassification(shared));
}

/**
 * The shared scripts of a test container in a namespace, or undefined outside one.
 *
 * @example
 * ```ts
 * await sharedScriptsOf(app.container)?.ready();
 * ```
 */
export function sharedScriptsOf(container: Container): SharedScripts | undefined {
  return container.isBound(SharedScriptsToken) ? container.get(SharedScriptsToken) : undefined;
}
