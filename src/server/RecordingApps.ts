import { bareMessage } from '../errors/StandinError.js';
import type { StandinConfigInput } from '../config/configSchema.js';
import type { ModelConfig } from '../config/configSchema.js';
import { layCassette } from '../fakes/cassettes/bindCassette.js';
import type { Cassette } from '../fakes/cassettes/Cassette.js';
import type { CassetteMode, CassetteSettings } from '../fakes/cassettes/cassetteSettings.js';
import type { RedactFunction } from '../fakes/cassettes/redactSecrets.js';
import { createTestApp } from '../testing/createTestApp.js';
import type { TestApp } from '../testing/TestApp.js';
import { appModel, appModels } from './appModels.js';
import type { DialectAnswers } from './dialects/DialectAnswers.js';
import { DIALECT_ADAPTERS, dialectProvider, withServerKeys } from './recordConfig.js';
import { WireError } from './WireError.js';

/**
 * Where a recording server records, and how: `createFakeServer({ record, config })`.
 *
 * @example
 * ```ts
 * const record: RecordSettings = { path: 'test/cassettes/helpdesk.json', mode: 'record-missing' };
 * ```
 */
export interface RecordSettings {
  /** The cassette file. */
  readonly path: string;
  /**
   * `'record-missing'` (the default) replays what the cassette holds and records the rest; `'record'` sends every
   * request to its provider and replaces the file's entries; `'replay'` answers from the cassette alone.
   * `STANDIN_CASSETTES` overrides it, as for every cassette.
   */
  readonly mode?: CassetteMode | undefined;
  /** Rewrites every string before it is written or matched, as `app.cassette`'s `redact` does. */
  readonly redact?: RedactFunction | undefined;
  /** Keep each streamed reply's first-part delay and gaps, as `app.cassette`'s `timing` does. */
  readonly timing?: boolean | undefined;
  /** How replayed replies stream, as `app.cassette`'s `pace`: `'instant'` (the default) or at the recorded pace. */
  readonly pace?: CassetteSettings['pace'];
}

/** How many model ids its config does not name a recording server adds, each an app of its own. */
export const MAX_ADDED_MODELS = 100;

/** The mode a recording server records in when its settings name none. */
export const DEFAULT_RECORD_MODE: CassetteMode = 'record-missing';

/**
 * The apps a recording server answers with: the config's, on one cassette, whose models call the providers through
 * their real adapters. A model id the config does not name is added, under that id, on the provider of the dialect it
 * came in by: a new app with that model, on the same cassette tape, so the file holds one run. The file is written
 * after each request that recorded something, and at close.
 */
export class RecordingApps {
  readonly cassette: Cassette;
  readonly #config: StandinConfigInput;
  readonly #models: Record<string, ModelConfig>;
  readonly #apps: TestApp[] = [];
  #current: TestApp;
  #written: number;
  #saving: Promise<void> = Promise.resolve();

  /** @throws {StandinError} the config's codes for a config `createTestApp` refuses; the cassette's for the file. */
  constructor(config: StandinConfigInput, settings: RecordSettings) {
    this.#config = withServerKeys(config);
    this.#models = { ...this.#config.models };
    this.#current = createTestApp(this.#config);
    this.#apps.push(this.#current);
    try {
      this.cassette = this.#current.cassette(settings.path, {
        mode: settings.mode ?? DEFAULT_RECORD_MODE,
        ...(settings.redact === undefined ? {} : { redact: settings.redact }),
        ...(settings.timing === undefined ? {} : { timing: settings.timing }),
        ...(settings.pace === undefined ? {} : { pace: settings.pace }),
      });
    } catch (error) {
      void this.#current.dispose();
      throw error;
    }
    this.#written = this.cassette.entries.length;
  }

  /** The app that answers now: the latest made. */
  get app(): TestApp {
    return this.#current;
  }

  /** Runs `fn` on the app that answers now, then writes the cassette when the request recorded anything. */
  async use<T>(fn: (app: TestApp) => Promise<T>): Promise<T> {
    try {
      return await fn(this.#current);
    } finally {
      const count = this.cassette.entries.length;
      if (count !== this.#written) {
        this.#written = count;
        this.#save();
      }
    }
  }

  /**
   * The app and model name for a client's model id: a model of the config named so or with that `model`, else one
   * added under the id on the dialect's provider.
   *
   * @throws {WireError} `W0070` (the dialect's 404) when the config has no provider for the dialect.
   */
  model(dialect: DialectAnswers, id: string): { readonly app: TestApp; readonly name: string } {
    const known = appModel(this.#current, id);
    if (known !== undefined) return { app: this.#current, name: known };
    const provider = dialectProvider(this.#config, dialect.name);
    if (provider === undefined) throw this.#noProvider(dialect, id);
    // Each added id is an app kept until close: a client sending ids without end must not grow the server without end.
    if (this.#apps.length > MAX_ADDED_MODELS) {
      const fix =
        `This recording server has added ${MAX_ADDED_MODELS} model ids its config does not name, the most it adds; ` +
        `name '${id}' as a model in the config, or record it on a server of its own.`;
      const found = dialect.notFound(id, fix);
      throw new WireError('W0073', found.status, bareMessage(found), found.details);
    }
    this.#models[id] = { provider, model: id };
    const app = createTestApp({ ...this.#config, models: { ...this.#models } });
    layCassette(app.container, this.cassette);
    this.#apps.push(app);
    this.#current = app;
    return { app, name: id };
  }

  /** Every model name and id a client may send without one being added. */
  models(): string[] {
    return appModels(this.#current);
  }

  /** Writes the cassette (after the writes under way) and disposes every app; rejects with `V0003` when it cannot. */
  async close(): Promise<void> {
    try {
      await this.#saving;
      await this.cassette.save();
    } finally {
      await Promise.all(this.#apps.map((app) => app.dispose()));
    }
  }

  #save(): void {
    // Saves go one after another; one that fails is said once, and the save at close tries again.
    this.#saving = this.#saving.then(() =>
      this.cassette.save().catch((error: unknown) => {
        process.emitWarning(
          `${bareMessage(error)} The recording server records on, and writes the file again at close.`,
          { code: 'V0003' },
        );
      }),
    );
  }

  #noProvider(dialect: DialectAnswers, id: string): WireError {
    const adapter = Object.hasOwn(DIALECT_ADAPTERS, dialect.name) ? DIALECT_ADAPTERS[dialect.name] : undefined;
    const models = this.models();
    const fix =
      adapter === undefined
        ? `The recording server's config names these models: ${models.join(', ') || 'none'}; call one of them.`
        : `The recording server's config names these models: ${models.join(', ') || 'none'}, and no provider the ` +
          `${adapter} adapter serves to record '${id}' with. Add providers.${adapter} (or a provider with adapter: ` +
          `'${adapter}') to the config, or add a model whose model is '${id}'.`;
    const found = dialect.notFound(id, fix);
    return new WireError('W0070', found.status, bareMessage(found), found.details);
  }
}
