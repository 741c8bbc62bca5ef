import { StandinError } from '../errors/StandinError.js';
import type { CassettePace } from '../fakes/cassettes/cassetteSettings.js';
import { MAX_PACE_FACTOR } from '../fakes/cassettes/recordedTiming.js';

/** A factor as people write one: 1, 0.5, .5 or 2.; never hex, an exponent or Infinity, which `Number` would also read. */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The cassette pace of `standin serve --pace <value>`: `instant`, `recorded`, or `recorded=<factor>`, the recorded waits
 * times the factor (above 0, at most 100).
 *
 * @throws {StandinError} `W0009` naming what is wrong: another word, or a factor that is no decimal number or out of
 * range.
 */
export function paceArgument(value: string): CassettePace {
  if (value === 'instant' || value === 'recorded') return value;
  const given = /^recorded=(.*)$/s.exec(value)?.[1];
  if (given === undefined) refuse(`'${value.slice(0, 40)}' is no pace`);
  const factor = Number(given);
  if (!DECIMAL.test(given) || !(factor > 0 && factor <= MAX_PACE_FACTOR))
    refuse(`the factor is '${given.slice(0, 40)}'; a factor is a decimal above 0 and at most ${MAX_PACE_FACTOR}`);
  return { recorded: factor };
}

function refuse(why: string): never {
  throw new StandinError(
    'W0009',
    `--pace: ${why}. Write --pace recorded (the recorded waits), --pace recorded=0.5 (each wait halved) or --pace ` +
      `instant (the default).`,
  );
}
