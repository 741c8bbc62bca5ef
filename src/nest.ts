import 'reflect-metadata';

export type { StandinModuleAsyncOptions } from './nest/StandinModule.js';
export type { StandinModuleSettings } from './nest/StandinModuleSettings.js';

export { StandinModule } from './nest/StandinModule.js';
export { StandinScopeMiddleware } from './nest/StandinScopeMiddleware.js';
export { STANDIN_APP, STANDIN_MODULE_SETTINGS } from './nest/nestTokens.js';
export { useStandin } from './nest/useStandin.js';
