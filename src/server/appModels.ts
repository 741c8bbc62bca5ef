import type { FakeModel } from '../fakes/model/FakeModel.js';
import type { PendingAnswer } from '../fakes/model/SentCall.js';
import type { TestApp } from '../testing/TestApp.js';
import { Tokens } from '../tokens/Tokens.js';
import { ownRecord } from './ownRecord.js';

/** The app's model for a client's id: one named so, else the first whose `model` is it. */
export function appModel(app: TestApp, id: string): string | undefined {
  const models = app.container.get(Tokens.Config).models;
  if (Object.hasOwn(models, id)) return id;
  return Object.keys(models).find((name) => models[name]!.model === id);
}

/** Every name and model id of the app's models, sorted: what a client may send as `model`. */
export function appModels(app: TestApp): string[] {
  const models = app.container.get(Tokens.Config).models;
  return [...new Set(Object.entries(models).flatMap(([name, config]) => [name, config.model]))].sort();
}

/**
 * The answers not given yet in `scope`, per model id, of the fakes a server scripted on an app (those `counted` keeps).
 */
export async function appPending(
  fakes: ReadonlyMap<string, FakeModel>,
  scope: string,
  counted: (model: string) => boolean = () => true,
): Promise<Record<string, readonly PendingAnswer[]>> {
  const found = ownRecord<readonly PendingAnswer[]>();
  for (const [model, fake] of fakes) {
    if (!counted(model)) continue;
    const unused = await fake.pending(scope);
    if (unused.length > 0) found[model] = unused;
  }
  return found;
}
