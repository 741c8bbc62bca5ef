import type { Container } from 'inversify';
import type { Provider } from '../../services/spec/Provider.js';
import { Tokens } from '../../tokens/Tokens.js';

/**
 * What the container binds below model `name`'s layers, looked up on every call: a binding for the
 * model (`model:<name>`), else its provider's. A layer that hands a call down reaches it last.
 */
export function modelBase(container: Container, name: string): () => Provider | undefined {
  const byModel = Object.freeze({ name: `model:${name}`, optional: true as const });
  const byProvider = Object.freeze({
    name: container.get(Tokens.Config).models[name]!.provider,
    optional: true as const,
  });
  return () => container.get(Tokens.Provider, byModel) ?? container.get(Tokens.Provider, byProvider);
}
