import type { Container } from 'inversify';
import type { Provider } from '../../services/spec/Provider.js';
import { Tokens } from '../../tokens/Tokens.js';

/** What is bound below a model's layers, looked up per call: `model:<name>`'s binding, else its provider's. */
export function modelBase(container: Container, name: string): () => Provider | undefined {
  const byModel = Object.freeze({ name: `model:${name}`, optional: true as const });
  const byProvider = Object.freeze({
    name: container.get(Tokens.Config).models[name]!.provider,
    optional: true as const,
  });
  return () => container.get(Tokens.Provider, byModel) ?? container.get(Tokens.Provider, byProvider);
}
