import { StandinError } from '../../../errors/StandinError.js';
import { WireFault } from '../../../protocols/WireFault.js';
import { cannotHonour, cannotSend } from '../../requests/cannotSend.js';

/** The typed error for a request the protocol could not write (`E0020`, `E0021`, `P0005`), before anything is sent. */
export function requestFault(error: unknown, provider: string): unknown {
  if (!(error instanceof WireFault)) return error;
  const fault = error.fault;
  switch (fault.kind) {
    case 'cannot_send':
      return cannotSend(provider, fault.where, fault.what, fault.takes);
    case 'cannot_honour':
      return cannotHonour(provider, fault.setting, fault.why);
    case 'not_json':
      return new StandinError(
        'P0005',
        `${fault.where} cannot be sent to the provider as JSON (${fault.why}). Make it a plain JSON value (no ` +
          `BigInt, no cycles, no functions), or null.`,
        { cause: fault.cause },
      );
    default:
      return error;
  }
}
