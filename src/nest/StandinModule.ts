import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type FactoryProvider,
  type InjectionToken,
  type MiddlewareConsumer,
  type ModuleMetadata,
  type NestModule,
  type OnApplicationShutdown,
  type OptionalFactoryDependency,
} from '@nestjs/common';
import type { ServiceIdentifier } from 'inversify';
import { createContainer } from '../services/container/createContainer.js';
import { Tokens } from '../tokens/Tokens.js';
import { parseConfig } from '../config/parseConfig.js';
import type { StandinConfigInput } from '../config/configSchema.js';
import { forward } from './forward.js';
import { STANDIN_APP, STANDIN_MODULE_SETTINGS } from './nestTokens.js';
import { StandinScopeMiddleware } from './StandinScopeMiddleware.js';
import type { StandinModuleSettings } from './StandinModuleSettings.js';
import { checkAsyncOptions, readModuleSettings } from './readModuleSettings.js';
import { StandinError } from '../errors/StandinError.js';
import { describeType } from '../validation/formatPath.js';
import { App } from '../services/app/App.js';

/** What `StandinModule.forRootAsync` takes: Nest's usual factory triple. */
export interface StandinModuleAsyncOptions {
  /** Modules whose providers the factory injects. */
  readonly imports?: ModuleMetadata['imports'];
  /** The providers handed to `useFactory`, in order. */
  readonly inject?: (InjectionToken | OptionalFactoryDependency)[];
  /**
   * Answers what `forRoot` takes: the config (Nest's convention), or `{ config, app?,
   * trustScopeHeader?, scopeHeader? }` — or a promise of either. Checked when the module is made.
   */
  readonly useFactory: (
    ...args: never[]
  ) => StandinConfigInput | StandinModuleSettings | Promise<StandinConfigInput | StandinModuleSettings>;
}

/** Every standin token Nest can inject, resolved from the app's container on each use. */
const bridged = [Tokens.Config, Tokens.Engine, Tokens.CursorStore, Tokens.Clock, Tokens.Scopes, Tokens.Random] as const;

/**
 * The apps a module made itself: the ones it disposes when Nest closes. An app handed in belongs to whoever made it.
 */
const made = new WeakSet<App>();

function appProvider(): FactoryProvider {
  return {
    provide: STANDIN_APP,
    inject: [STANDIN_MODULE_SETTINGS],
    useFactory: (settings: StandinModuleSettings): App => {
      // Not createApp: a Nest application may bind its providers after the module makes the app.
      const app: unknown =
        settings.app !== undefined ? settings.app() : new App(createContainer(settings.config ?? {}));
      if (!(app instanceof App)) {
        throw new StandinError(
          'E0051',
          `StandinModule settings: app() must answer an app (from createApp or createTestApp), got ` +
            `${describeType(app)}.`,
        );
      }
      made.add(app);
      return app;
    },
  };
}

function bridges(): FactoryProvider[] {
  return [
    ...bridged.map((token) => ({
      provide: token,
      inject: [STANDIN_APP],
      useFactory: (app: App) => forward(app.container, token as ServiceIdentifier<object>),
    })),
    ...optionalBridges(),
  ];
}

/** Tokens bound only in some containers, bridged when bound; named tokens are not, as a provider is one service. */
function optionalBridges(): FactoryProvider[] {
  return Object.values(Tokens)
    .filter(
      (token) =>
        token !== Tokens.Provider &&
        token !== Tokens.FallbackClassifier &&
        !(bridged as readonly symbol[]).includes(token as symbol),
    )
    .map((token) => ({
      provide: token,
      inject: [STANDIN_APP],
      useFactory: (app: App) => forward(app.container, token as ServiceIdentifier<object>),
    }));
}

function standinModule(
  settings: NonNullable<DynamicModule['providers']>,
  imports: NonNullable<ModuleMetadata['imports']>,
): DynamicModule {
  const providers = [...settings, appProvider(), ...bridges(), StandinScopeMiddleware];
  return {
    module: StandinModule,
    global: true,
    imports,
    providers,
    exports: providers.map((p) => (typeof p === 'function' ? p : (p as { provide: InjectionToken }).provide)),
  };
}

/**
 * The standin module for NestJS applications: it provides the app (`STANDIN_APP`) and bridges standin's `Tokens` as
 * Nest providers, so a Nest service injects `Tokens.Engine` or the app like any provider; it runs every HTTP request in
 * its own cursor scope; and closing the Nest application disposes the app the module made. An app handed in with
 * `useStandin` belongs to the test that made it: the module leaves it open, so one test app may serve many modules.
 *
 * @example
 * ```ts
 * @Module({ imports: [StandinModule.forRoot({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } })] })
 * export class AppModule {}
 * ```
 */
@Global()
@Module({})
export class StandinModule implements NestModule, OnApplicationShutdown {
  readonly #app: App;

  constructor(@Inject(STANDIN_APP) app: App) {
    this.#app = app;
  }

  /** The module for a config (and, optionally, how to make the app and scope requests). */
  static forRoot(config: StandinConfigInput, settings: Omit<StandinModuleSettings, 'config'> = {}): DynamicModule {
    // Parsed here so a bad config fails where the module is declared, with its own message.
    parseConfig(config);
    const checked = readModuleSettings(settings, 'forRoot');
    return standinModule([{ provide: STANDIN_MODULE_SETTINGS, useValue: { ...checked, config } }], []);
  }

  /**
   * The module for settings a factory makes from other providers (a config service, say). The
   * factory answers what `forRoot` takes — the config — or `{ config, ...settings }`.
   *
   * @throws {StandinError} `E0051` for options or an answer of the wrong shape (when the module is compiled, for the
   * answer).
   */
  static forRootAsync(options: StandinModuleAsyncOptions): DynamicModule {
    checkAsyncOptions(options);
    const factory = options.useFactory as (...args: unknown[]) => unknown;
    const settings = async (...args: unknown[]): Promise<StandinModuleSettings> =>
      readModuleSettings(await factory(...args), 'factory');
    return standinModule(
      [{ provide: STANDIN_MODULE_SETTINGS, inject: options.inject ?? [], useFactory: settings }],
      options.imports ?? [],
    );
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(StandinScopeMiddleware).forRoutes('*path');
  }

  /** Disposes the app the module made (from `config` or `app`); an app handed in with `useStandin` stays open. */
  async onApplicationShutdown(): Promise<void> {
    if (made.has(this.#app)) await this.#app.dispose();
  }
}
