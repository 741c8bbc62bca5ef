/**
 * The Nest provider tokens of the standin module, besides the bridged `Tokens`.
 *
 * @example
 * ```ts
 * constructor(@Inject(STANDIN_APP) private readonly app: App) {}
 * ```
 */
export const STANDIN_APP = Symbol.for('standin/nest/App');

/** The settings `StandinModule` was given, after `forRootAsync`'s factory ran. */
export const STANDIN_MODULE_SETTINGS = Symbol.for('standin/nest/ModuleSettings');
