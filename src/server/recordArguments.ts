import { StandinError, bareMessage } from '../errors/StandinError.js';
import type { StandinConfigInput } from '../config/configSchema.js';
import { cassetteModes, type CassetteMode } from '../fakes/cassettes/cassetteSettings.js';
import { readJsonDocument } from './readBody.js';
import { DIALECT_ADAPTERS, KEY_SOURCES, dialectProvider, providerAdapter, withServerKeys } from './recordConfig.js';
import { checkRegularFile, readRegularFile } from './regularFile.js';
import { MAX_CASSETTE_BYTES } from '../fakes/cassettes/readCassette.js';
import type { RecordSettings } from './RecordingApps.js';

/** What `standin serve --record` was given: `--record`, `--config`, `--mode`, and the flags it cannot go with. */
export interface RecordValues {
  readonly record?: string | undefined;
  readonly config?: string | undefined;
  readonly mode?: string | undefined;
  readonly timing?: boolean | undefined;
  readonly redact?: string | undefined;
  readonly scripts?: string | undefined;
  readonly cassette?: string | undefined;
}

/** The largest config file `serve --record` reads. */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/**
 * The recording server's settings from the arguments, none without `--record`; a string (the line to print, exit 2)
 * for arguments that do not go together, a config file that cannot be read, or an unknown mode.
 */
export function recordArguments(
  values: RecordValues,
): { readonly record: RecordSettings; readonly config: StandinConfigInput } | undefined | string {
  if (values.record === undefined) {
    const stray =
      values.config !== undefined
        ? '--config'
        : values.mode !== undefined
          ? '--mode'
          : values.timing !== undefined
            ? '--timing'
            : values.redact !== undefined
              ? '--redact'
              : undefined;
    return stray === undefined
      ? undefined
      : `W0009: ${stray} goes with --record <cassette.json>: it says how the server records. Add --record, or ` +
          `leave ${stray} out.`;
  }
  const other = values.scripts !== undefined ? '--scripts' : values.cassette !== undefined ? '--cassette' : undefined;
  if (other !== undefined)
    return (
      `W0009: --record takes no ${other}: a recording server answers from its providers and its cassette ` +
      `(--mode replay replays the cassette it records). Leave ${other} out, or start a second server for it.`
    );
  if (values.config === undefined)
    return (
      'W0009: --record needs --config <config.json>: the config createApp takes, whose providers the requests are ' +
      'recorded from, such as {"providers": {"openai": {"baseURL": "https://api.openai.com/v1"}}}.'
    );
  if (values.mode !== undefined && !(cassetteModes as readonly string[]).includes(values.mode))
    return `W0009: --mode must be record, record-missing or replay; got '${values.mode}'.`;
  try {
    // A FIFO or a device at the path would hang the cassette's reading.
    checkRegularFile(values.record, MAX_CASSETTE_BYTES, 'cassette');
  } catch (error) {
    if (!(error instanceof StandinError)) throw error;
    return `${error.code}: ${bareMessage(error)}`;
  }
  let config: unknown;
  try {
    config = readJsonDocument(readRegularFile(values.config, MAX_CONFIG_BYTES, 'config'));
  } catch (error) {
    if (error instanceof StandinError && (error.code === 'W0020' || error.code === 'W0021'))
      return `${error.code}: ${error.code === 'W0021' ? `${values.config}: ` : ''}${bareMessage(error)}`;
    const why =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'there is no such file'
        : error instanceof StandinError
          ? 'it is not JSON'
          : bareMessage(error);
    return (
      `W0071: ${values.config}: cannot read the config: ${why}. Give a JSON file holding the config createApp ` +
      `takes, such as {"models": {"helpdesk": {"provider": "openai", "model": "gpt-4.1-mini"}}, "providers": ` +
      `{"openai": {"baseURL": "https://api.openai.com/v1"}}}.`
    );
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    return `W0071: ${values.config}: the config must be a JSON object { "models": ..., "providers": ... }.`;
  return {
    record: {
      path: values.record,
      ...(values.mode === undefined ? {} : { mode: values.mode as CassetteMode }),
      ...(values.timing === true ? { timing: true } : {}),
    },
    config: config as StandinConfigInput,
  };
}

/** The lines `standin serve --record` prints: what it records to, how, and where each dialect's requests go. */
export function recordLines(path: string, mode: CassetteMode, config: StandinConfigInput): string[] {
  const models = [
    ...new Set(Object.entries(config.models ?? {}).flatMap(([name, model]) => [name, model.model])),
  ].sort();
  const how =
    mode === 'replay'
      ? 'replays it, calling no provider'
      : mode === 'record'
        ? 'sends every request to its provider, replacing the entries the file had'
        : 'replays what it holds and sends the rest to their providers';
  const keyed = withServerKeys(config);
  const providers = keyed.providers ?? {};
  /** Where provider `name`'s requests go, and with which key (never the key itself). */
  const reach = (name: string): string => {
    const adapter = providerAdapter(providers, name);
    const provider = Object.hasOwn(providers, name) ? providers[name]! : {};
    const own = Object.hasOwn(config.providers ?? {}, name) ? config.providers![name]!.apiKey : undefined;
    const where = provider.baseURL ?? (adapter === undefined ? 'no adapter' : `${adapter}'s own URL`);
    const key =
      own !== undefined
        ? "the config's key"
        : provider.apiKey !== undefined && adapter !== undefined
          ? `the key in ${KEY_SOURCES[adapter].variable}`
          : provider.accessKeyId !== undefined
            ? 'the AWS keys of this environment'
            : 'no key';
    return `provider ${name} at ${where} (${key})`;
  };
  const lines = [`recording to ${path} (mode ${mode}): ${how}; models ${models.join(', ') || 'none'}`];
  for (const [name, model] of Object.entries(config.models ?? {}))
    lines.push(`  model ${name} (${model.model}): ${reach(model.provider)}`);
  for (const [dialect, adapter] of Object.entries(DIALECT_ADAPTERS)) {
    const name = dialectProvider(keyed, dialect);
    lines.push(
      `  ${dialect} requests of other models: ` +
        (name === undefined ? `no provider (add providers.${adapter} to the config)` : reach(name)),
    );
  }
  return lines;
}
