import { StandinError } from '../errors/StandinError.js';
import type { App } from '../services/app/App.js';
import { Tokens } from '../tokens/Tokens.js';

/** The app, once checked with `model` among its models; `A0006` at once rather than at the first call. */
export function appModel(app: App, model: string, maker: string): App {
  const isApp =
    typeof app === 'object' &&
    app !== null &&
    typeof app.reply === 'function' &&
    typeof app.container?.get === 'function';
  if (!isApp)
    throw new StandinError(
      'A0006',
      `${maker}(app, model): app must be a standin app (from createApp or createTestApp), got ` +
        `${app === null ? 'null' : typeof app}.`,
    );
  const models = Object.keys(app.container.get(Tokens.Config).models);
  if (typeof model !== 'string' || !models.includes(model)) {
    throw new StandinError(
      'A0006',
      `${maker}(app, ${JSON.stringify(model)}): the app has no model of that name. Its models: ` +
        `${models.length > 0 ? models.join(', ') : 'none'}. Name one of them, or add it under config.models.`,
    );
  }
  return app;
}
