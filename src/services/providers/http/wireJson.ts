import { StandinError } from '../../../errors/StandinError.js';
import { describeType } from '../../../validation/formatPath.js';

/**
 * `JSON.stringify` for a value a request carries, with a typed error (`P0005`) naming where the
 * value sits when JSON cannot carry it (a BigInt, a cycle, a function, undefined).
 */
export function wireJson(value: unknown, where: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new StandinError(
      'P0005',
      `${where} cannot be sent to the provider as JSON: ${(error as Error).message}. Make it a plain JSON value (no ` +
        `BigInt, no cycles).`,
      { cause: error },
    );
  }
  if (text === undefined) {
    throw new StandinError(
      'P0005',
      `${where} is ${describeType(value)}, which JSON cannot carry. Make it a plain JSON value, or null.`,
    );
  }
  return text;
}
