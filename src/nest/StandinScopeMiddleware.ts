import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { Tokens } from '../tokens/Tokens.js';
import type { App } from '../services/app/App.js';
import { STANDIN_APP, STANDIN_MODULE_SETTINGS } from './nestTokens.js';
import type { StandinModuleSettings } from './StandinModuleSettings.js';

/**
 * Runs every HTTP request in a cursor scope of its own. When the app trusts the scope header (an app with a real-call
 * guard bound — a test app — does; a production app does not), a request may name its scope with `x-standin-scope`, so
 * parallel end-to-end tests sharing one running application each get their own scripted conversation. A scope the
 * middleware made up is released when the response ends: its cursors and the stand-ins' per-scope counts are forgotten,
 * and how far each script went is kept, so `verify()` counts what it took.
 *
 * @example
 * ```ts
 * consumer.apply(StandinScopeMiddleware).forRoutes('*path'); // StandinModule does this for you
 * ```
 */
@Injectable()
export class StandinScopeMiddleware implements NestMiddleware {
  readonly #app: App;
  readonly #header: string;
  readonly #trusted: boolean;

  constructor(@Inject(STANDIN_APP) app: App, @Inject(STANDIN_MODULE_SETTINGS) settings: StandinModuleSettings) {
    this.#app = app;
    this.#header = (settings.scopeHeader ?? 'x-standin-scope').toLowerCase();
    this.#trusted = settings.trustScopeHeader ?? app.container.isBound(Tokens.RealCallGuard);
  }

  use(request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): void {
    const named = this.#trusted ? request.headers[this.#header] : undefined;
    if (typeof named === 'string' && named.length > 0) {
      this.#app.scope(named, next);
      return;
    }
    const scope = `request:${randomUUID()}`;
    const container = this.#app.container;
    const store = container.get(Tokens.CursorStore);
    // Released, not reset: verify() still counts the answers the request took. What the fakes were sent stays (within
    // their bounds), so a test reads it after the response; the per-scope counts of stand-ins go with the cursors.
    const release = async (): Promise<void> => {
      await (store.release !== undefined ? store.release(scope) : store.reset(scope));
      container.get(Tokens.StandIns).standIns?.release(scope, false);
    };
    response.once('close', () => void release().catch(() => undefined));
    this.#app.scope(scope, next);
  }
}
