import { hash } from 'node:crypto';
import type { ChaosKind } from './chaosKinds.js';
import type { ChaosPlan } from './chaosSettings.js';

/** Where one draw is made: the call's scope, its model, and how many calls of that model the scope made before. */
export interface ChaosStep {
  readonly scope: string;
  readonly model: string;
  /** The call's index among the calls of `model` in `scope` the layer took, from 0. */
  readonly step: number;
}

/**
 * A step's roll in [0, 1): a SHA-256 of seed, scope, model and step, so it depends on nothing else (no shared sequence,
 * clock or `Math.random`) and is the same on every run and machine.
 */
export function chaosRoll(seed: string, at: ChaosStep): number {
  const digest = hash('sha256', JSON.stringify([seed, at.scope, at.model, at.step]), 'buffer');
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/**
 * The kind the roll falls in, the kinds that fit the call sharing [0, 1) by rate in plan order; a kind that cannot fit
 * takes no share.
 */
export function drawChaos(plan: ChaosPlan, at: ChaosStep, fits: (kind: ChaosKind) => boolean): ChaosKind | undefined {
  if (plan.rates.length === 0) return undefined;
  const roll = chaosRoll(plan.seed, at);
  let upTo = 0;
  for (const [kind, rate] of plan.rates) {
    if (!fits(kind)) continue;
    upTo += rate;
    if (roll < upTo) return kind;
  }
  return undefined;
}
