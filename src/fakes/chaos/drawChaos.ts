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
 * The number in [0, 1) a draw reads for one step: a SHA-256 of the seed, the scope, the model and the step, so each
 * step's draw depends on nothing else (no sequence shared between scopes, no clock, no `Math.random`) and is the same
 * on every run and machine.
 */
export function chaosRoll(seed: string, at: ChaosStep): number {
  const digest = hash('sha256', JSON.stringify([seed, at.scope, at.model, at.step]), 'buffer');
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/**
 * The kind that disturbs the call at `at`, or undefined for a call left alone: the kinds the call can have (`fits`)
 * share [0, 1) by their rates, in the plan's order, and the step's roll falls in one of them or past them all. A kind
 * the call cannot have (`wrong_shape` without an output shape) takes no share of it.
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
