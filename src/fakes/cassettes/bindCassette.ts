import { fileURLToPath } from 'node:url';
import type { Container } from 'inversify';
import type { ClassificationAdapter } from '../../services/spec/ClassificationAdapter.js';
import { standIn } from '../../services/container/standIn.js';
import { Tokens } from '../../tokens/Tokens.js';
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
 * at `Tokens.Classifier` and each at `Tokens.FallbackClassifier` (the config's
 * `classifier.fallback`), each put in place with `standIn`. This is the one place that knows how
 * the engine finds providers and classifiers.
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

  standIn(container, Tokens.Classifier, classifierOn(tape, () => container.get(Tokens.Classifier, { optional: true })));
  (config.classifier?.fallback ?? []).forEach((_, link) => {
    const name = String(link);
    const wrapper = classifierOn(tape, () => container.get(Tokens.FallbackClassifier, { name, optional: true }), link);
    standIn(container, Tokens.FallbackClassifier, wrapper, name);
  });
  return new Cassette(tape);
}

/** A cassette classifier around what `bound` resolves, or around nothing (with why) when it cannot resolve. */
function classifierOn(tape: CassetteTape, bound: () => ClassificationAdapter | undefined, fallback?: number): CassetteClassifier {
  try {
    return new CassetteClassifier(tape, bound(), undefined, fallback);
  } catch (error) {
    return new CassetteClassifier(tape, undefined, error, fallback);
  }
}
