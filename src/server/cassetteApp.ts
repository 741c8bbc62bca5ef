import { StandinError } from '../errors/StandinError.js';
import { readCassette } from '../fakes/cassettes/readCassette.js';
import type { CassettePace } from '../fakes/cassettes/cassetteSettings.js';
import { createTestApp } from '../testing/createTestApp.js';
import type { TestApp } from '../testing/TestApp.js';

/** The provider name a cassette's models are configured with: the cassette answers them, never an adapter. */
export const CASSETTE_PROVIDER = 'standin-cassette';

/**
 * A test app that replays the cassette at `path` (`standin serve --cassette`): one model per
 * model name the cassette recorded, with the provider model id its requests carry, so a client
 * sends either, and the cassette on it in replay mode (`STANDIN_CASSETTES` may override the mode,
 * as for every cassette). Its recorded classify calls answer the classifier endpoints. `pace` is the cassette's: its
 * replies stream at once, or at their recorded pace.
 *
 * @throws {StandinError} `V0001` for a file that is not a cassette, or an entry whose model is `__proto__`; `W0017` for
 * a file that does not exist.
 */
export function cassetteApp(path: string, pace?: CassettePace): TestApp {
  const { exists, entries } = readCassette(path);
  if (!exists)
    throw new StandinError(
      'W0017',
      `There is no cassette at ${path}. Record one first (app.cassette(path, { mode: 'record' }) and ` +
        `cassette.save()), or give the path of one.`,
    );
  const models: Record<string, { provider: string; model: string }> = {};
  for (const [index, entry] of entries.entries()) {
    // A plain object would take the key as its prototype, and the app's config would fail with a config code far from
    // the cassette.
    if (entry.model === '__proto__') {
      throw new StandinError(
        'V0001',
        `The cassette ${path} is not one standin can replay: entries[${index}].model is '__proto__', which cannot ` +
          `name a model. Record the cassette again with the model's real name.`,
      );
    }
    if (entry.model === undefined || Object.hasOwn(models, entry.model)) continue;
    const settings = (entry.request as { settings?: { model?: unknown } } | undefined)?.settings;
    models[entry.model] = {
      provider: CASSETTE_PROVIDER,
      model: typeof settings?.model === 'string' ? settings.model : entry.model,
    };
  }
  const app = createTestApp({ models });
  app.cassette(path, { mode: 'replay', ...(pace === undefined ? {} : { pace }) });
  return app;
}
