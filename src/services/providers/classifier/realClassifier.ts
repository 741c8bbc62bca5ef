import { classifierAdapterNames, type StandinConfig } from '../../../config/configSchema.js';
import { StandinError } from '../../../errors/StandinError.js';
import { formatPath } from '../../../validation/formatPath.js';
import type { Classifier } from '../../spec/Classifier.js';
import { DecisionsClassifier } from '../decisions/DecisionsClassifier.js';
import { parseSettings } from '../http/HttpSettings.js';
import { adapterOf } from '../http/realAdapters.js';
import { TypesafeClassifier } from '../typesafe/TypesafeClassifier.js';
import { classifierSettingsExpected, classifierSettingsSchema, type ClassifierSettings } from './ClassifierSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';

/** A classifier provider's settings as the config may hold them: how to reach it, no more. */
const configSettingsSchema = lazySchema(() =>
  classifierSettingsSchema.omit({ provider: true, model: true, fetch: true }),
);

/**
 * The real classifiers a config's `classifier` names, then its `fallback`s, as makers. Every classifier provider's
 * settings are checked, named or not (`P0004`); a classifier's provider is a classifier adapter's or the `openai`
 * adapter's (its Decisions API, with that provider's key, URL, headers and bounds), else `P0006`.
 */
export function realClassifiers(config: StandinConfig): (() => Classifier)[] {
  const checked = new Map<string, ClassifierSettings>();
  for (const name of Object.keys(config.providers)) {
    const adapter = adapterOf(config, name);
    if (adapter !== undefined && (classifierAdapterNames as readonly string[]).includes(adapter))
      checked.set(name, classifierSettings(config, name));
  }
  const chosen = config.classifier;
  if (chosen === undefined) return [];
  const links = [chosen, ...(chosen.fallback ?? [])];
  return links.map((link, index) =>
    classifierOf(
      config,
      checked,
      link,
      index === 0 ? ['classifier', 'provider'] : ['classifier', 'fallback', index - 1, 'provider'],
    ),
  );
}

function classifierOf(
  config: StandinConfig,
  checked: ReadonlyMap<string, ClassifierSettings>,
  link: { provider: string; model?: string | undefined },
  path: (string | number)[],
): () => Classifier {
  const name = link.provider;
  const adapter = adapterOf(config, name);
  const maker =
    adapter !== undefined && Object.hasOwn(classifierMakers, adapter) ? classifierMakers[adapter] : undefined;
  if (maker === undefined) {
    const where = formatPath('config', path);
    const served =
      adapter === undefined ? 'no adapter serves it' : `it is served by the ${adapter} adapter, which cannot classify`;
    throw new StandinError(
      'P0006',
      `Invalid config:\n${where}: '${name}' cannot classify: ${served}. Name a provider served by 'typesafe' or ` +
        `'decisions' (or 'openai', which classifies through its Decisions API), ` +
        `such as providers: { ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: { adapter: ` +
        `'typesafe' } }.`,
    );
  }
  const full: ClassifierSettings = {
    ...maker.settings(config, checked, name),
    provider: name,
    ...(link.model === undefined ? {} : { model: link.model }),
  };
  return () => maker.make(full);
}

interface ClassifierMaker {
  /** The classifier's settings from provider `name`'s config. */
  settings(config: StandinConfig, checked: ReadonlyMap<string, ClassifierSettings>, name: string): ClassifierSettings;
  make(settings: ClassifierSettings): Classifier;
}

const classifierAdapter: ClassifierMaker['settings'] = (_config, checked, name) => checked.get(name) ?? {};

/** The adapters that can classify, and how each makes its classifier. */
const classifierMakers: Readonly<Record<string, ClassifierMaker>> = {
  typesafe: { settings: classifierAdapter, make: (settings) => new TypesafeClassifier(settings) },
  decisions: { settings: classifierAdapter, make: (settings) => new DecisionsClassifier(settings) },
  openai: {
    // The provider's models keep their reply settings (maxTokens, body, voice); the classifier takes how to reach it.
    settings: (config, _checked, name) => {
      const { apiKey, baseURL, headers, timeoutMs, maxBodyBytes, maxRetryAfterMs } = Object.hasOwn(
        config.providers,
        name,
      )
        ? config.providers[name]!
        : {};
      const reach = { apiKey, baseURL, headers, timeoutMs, maxBodyBytes, maxRetryAfterMs };
      return Object.fromEntries(Object.entries(reach).filter(([, value]) => value !== undefined));
    },
    make: (settings) => new DecisionsClassifier(settings),
  },
};

/** The classifier settings of provider `name`, checked: `P0004` names a field a classifier does not take. */
function classifierSettings(config: StandinConfig, name: string): ClassifierSettings {
  const { adapter: _adapter, ...settings } = config.providers[name]!;
  return parseSettings(
    formatPath('config', ['providers', name]),
    configSettingsSchema,
    settings,
    classifierSettingsExpected,
  ) as ClassifierSettings;
}
