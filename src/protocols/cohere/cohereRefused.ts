import { WireFault } from '../WireFault.js';

/** A request field the wire server reads but cannot honour, thrown: a `refused` fault marked `unhonoured`. */
export function unhonoured(path: readonly PropertyKey[], message: string): WireFault {
  return new WireFault({
    kind: 'refused',
    issue: { code: 'custom', path: [...path], message, input: undefined, params: { unhonoured: true } },
  });
}
