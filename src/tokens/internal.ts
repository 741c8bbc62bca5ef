import type { ServiceIdentifier } from 'inversify';
import type { ProviderLookup } from '../services/engine/ProviderLookup.js';

/** Service identifiers the library binds for itself; not part of the public `Tokens`. */
export const InternalTokens = {
  /** How the engine finds a model's provider in its own container. */
  ProviderLookup: Symbol.for('standin/internal/ProviderLookup') as ServiceIdentifier<ProviderLookup>,
} as const;
