import { StandinError } from '../../errors/StandinError.js';

/** `E0020`: what the part is, where, and what the provider takes instead. */
export function cannotSend(provider: string, where: string, what: string, takes: string): StandinError {
  return new StandinError(
    'E0020',
    `${where}: ${provider} cannot take ${what}. It takes ${takes}. Change the part, or call a model whose provider ` +
      `takes it.`,
  );
}

/** The error for a call setting a provider cannot honour (`E0021`). */
export function cannotHonour(provider: string, setting: string, why: string): StandinError {
  return new StandinError(
    'E0021',
    `request.settings.${setting}: ${provider} cannot honour it: ${why}. Change the setting, or call a model whose ` +
      `provider honours it.`,
  );
}
