import { StandinError } from '../../../errors/StandinError.js';
import { describeType } from '../../../validation/formatPath.js';

/** `JSON.stringify` with `P0005` naming where a value JSON cannot carry sits (a BigInt, a cycle, a function). */
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
