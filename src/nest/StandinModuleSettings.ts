import type { StandinConfigInput } from '../config/configSchema.js';
import type { App } from '../services/app/App.js';

/** How `StandinModule` builds its app and scopes requests. */
export interface StandinModuleSettings {
  /** The config `createApp` builds the app from. Ignored when `app` is given. */
  readonly config?: StandinConfigInput | undefined;
  /** Makes the app instead of `createApp(config)`: a test app, or an app with modules of its own. */
  readonly app?: (() => App) | undefined;
  /**
   * Whether a request may name its cursor scope with the scope header. Left out, only a test app (made by
   * `createTestApp`) honours it: in production every request gets a scope of its own and the header is ignored.
   */
  readonly trustScopeHeader?: boolean | undefined;
  /** The header that names a request's scope. Default `x-standin-scope`. */
  readonly scopeHeader?: string | undefined;
}
