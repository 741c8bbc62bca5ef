import type { SharedV4ProviderMetadata, SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { Reasoning } from '../services/spec/Provider.js';

/** What continues a reasoning block or a call: its signature, whether it is redacted, its item id. */
export type Continuation = Omit<Reasoning, 'text'>;

/**
 * A continuation as AI SDK provider metadata, under `standin`: the AI SDK hands it back on the part in the next step's
 * prompt, where {@link continuationOf} reads it. Undefined when there is none.
 */
export function continuationMetadata(given: Continuation): SharedV4ProviderMetadata | undefined {
  const standin: Record<string, string | boolean> = {};
  if (given.signature !== undefined) standin.signature = given.signature;
  if (given.redacted !== undefined) standin.redacted = given.redacted;
  if (given.id !== undefined) standin.id = given.id;
  return Object.keys(standin).length === 0 ? undefined : { standin };
}

/** The continuation a prompt part's provider options carry under `standin`; fields of another type are left out. */
export function continuationOf(options: SharedV4ProviderOptions | undefined): Continuation {
  const given = options?.standin;
  if (given === undefined) return {};
  const { signature, redacted, id } = given as Record<string, unknown>;
  return {
    ...(typeof signature === 'string' ? { signature } : {}),
    ...(typeof redacted === 'boolean' ? { redacted } : {}),
    ...(typeof id === 'string' ? { id } : {}),
  };
}
