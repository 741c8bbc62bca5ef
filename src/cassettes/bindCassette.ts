import { fileURLToPath } from 'node:url';
import type { Container } from 'inversify';
import type { ClassificationAdapter } from '../services/classification/ClassificationAdapter.js';
import { standIn } from '../services/container/standIn.js';
import { Tokens } from '../tokens/Tokens.js';
import { Cassette } from './Cassette.js';
import { CassetteClassifier } from './CassetteClassifier.js';
import { CassetteProvider } from './CassetteProvider.js';
import { readSettings, type CassetteSettings } from './cassetteSettings.js';
import { CassetteTape } from './CassetteTape.js';
import { readCassette } from './readCassette.js';
import { secretScrubber } from './redactSecrets.js';

/**
 * Puts a cassette on a container: reads the file, then binds, for every configured model, a
 * {@link CassetteProvider} wrapping the provider the container binds for that model's provider
 * (taken before it is overridden), and a {@link CassetteClassifier} wrapping the classifier bound
 * at `Tokens.Classifier`, each put in place with `standIn`. This is the one place that knows how
 * the engine finds providers. The classifiers of `classifier.fallback` are not the container's,
 * so a cassette does not stand in for them.
 * `app.cassette(path, settings)` calls it.
 *
 * @throws {StandinError} `V0002` for bad settings; `V0001` for a file that is not a cassette.
 * @example
 * ```ts
 * const cassette = bindCassette(container, 'test/cassettes/helpdesk.json', { mode: 'record-missing' });
 * ```
 */
export function bindCassette(container: Container, path: string | URL, settings: CassetteSettings = {}): Cassette {
  const mode = readSettings(path, settings);
  const file = path instanceof URL ? fileURLToPath(path) : path;
  const config = container.get(Tokens.Config);
  const { exists, entries } = readCassette(file);
  const tape = new CassetteTape({ path: file, mode, exists, entries, scrub: secretScrubber(config, settings.redact) });

  const wrappers = Object.entries(config.models).map(([name, model]) => {
    const inner = container.get(Tokens.Provider, { name: model.provider, optional: true });
    return [name, new CassetteProvider(tape, inner)] as const;
  });
  for (const [name, wrapper] of wrappers) standIn(container, Tokens.Provider, wrapper, `model:${name}`);

  let classifier: ClassificationAdapter | undefined;
  let missing: unknown;
  try {
    classifier = container.get(Tokens.Classifier, { optional: true });
  } catch (error) {
    missing = error;
  }
  const wrapper = new CassetteClassifier(tape, classifier, missing);
  standIn(container, Tokens.Classifier, wrapper);
  return new Cassette(tape);
}
