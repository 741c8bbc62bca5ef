import { StandinError, bareMessage } from '../errors/StandinError.js';
import { readChaosSettings, type ChaosSettings } from '../fakes/chaos/chaosSettings.js';

const EXAMPLE = '--chaos seed=7,rate_limit=0.1,invalid_json=0.05';

/**
 * The chaos settings of `standin serve --chaos <value>`: `seed=<n>` and `<kind>=<rate>` pairs joined by commas, checked
 * as `app.chaos` checks its settings.
 *
 * @throws {StandinError} `W0040` naming what is wrong: a pair that is no `name=value`, no seed, a rate that is no
 * number, or what the settings' own check refuses (an unknown kind, a rate out of 0 to 1, rates above 1 together).
 * @example
 * ```ts
 * chaosArgument('seed=7,rate_limit=0.1'); // { seed: 7, rates: { rate_limit: 0.1 } }
 * ```
 */
export function chaosArgument(value: string): ChaosSettings {
  let seed: number | string | undefined;
  const rates: Record<string, number> = {};
  for (const pair of value.split(',')) {
    const at = pair.indexOf('=');
    const [name, given] = at === -1 ? [pair, ''] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    if (at === -1 || name === '' || given === '') refuse(`'${pair.slice(0, 60)}' is no name=value pair`);
    if (name === 'seed') {
      seed = /^\d{1,15}$/.test(given) ? Number(given) : given;
      continue;
    }
    const rate = Number(given);
    if (!Number.isFinite(rate))
      refuse(`the rate of ${name.slice(0, 40)} is '${given.slice(0, 40)}', which is no number`);
    rates[name] = rate;
  }
  if (seed === undefined) refuse('it names no seed; give seed=<n> first');
  try {
    return readChaosSettings({ seed, rates }, '--chaos').settings;
  } catch (error) {
    if (!(error instanceof StandinError)) throw error;
    return refuse(`${bareMessage(error).replace(/\.$/, '')} (${error.code})`);
  }
}

function refuse(why: string): never {
  throw new StandinError('W0040', `--chaos is refused: ${why}. Give ${EXAMPLE}.`);
}
