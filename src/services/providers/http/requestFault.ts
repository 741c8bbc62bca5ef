import { StandinError } from '../../../errors/StandinError.js';
import { WireFault } from '../../../protocols/WireFault.js';
import { cannotHonour, cannotSend } from '../../requests/cannotSend.js';

/**
 * What the adapter throws for a request its protocol could not write: a part the provider cannot
 * take (`E0020`), a setting it cannot honour (`E0021`), a value JSON cannot carry (`P0005`), each
 * before anything is sent. Anything else is thrown as it is.
 */
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
