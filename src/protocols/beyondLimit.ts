import { WireFault } from './WireFault.js';

/** A setting past what the provider takes: `cannot_honour`, saying what it takes (`at most 4 stop sequences`) and what came. */
export function beyondLimit(setting: string, takes: string, got: number): WireFault {
  return new WireFault({ kind: 'cannot_honour', setting, why: `it takes ${takes}, and got ${got}` });
}
