import { StandinError, bareMessage } from '../errors/StandinError.js';
import { readChaosSettings, type ChaosSettings } from '../fakes/chaos/chaosSettings.js';

const EXAMPLE = '--chaos seed=7,rate_limit=0.1,invalid_json=0.05';
/** A rate as people write one: 0.1, 1, .5 or 1e-3; never hex, binary or Infinity, which `Number` would also read. */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;

/**
 * The chaos settings of `standin serve --chaos <value>`: `seed=<n>` and `<kind>=<rate>` pairs joined by commas, checked
 * as `app.chaos` checks its settings.
 *
 * @throws {StandinError} `W0040` naming what is wrong: a pair that is no `name=value` (or two pairs not split by a
 * comma), a name given twice or the option given twice, no seed, a rate that is no decimal number, or what the
 * settings' own check refuses (an unknown kind, a rate out of 0 to 1, rates above 1 together).
 */
export function chaosArgument(value: string | readonly string[]): ChaosSettings {
  if (typeof value !== 'string') {
    if (value.length !== 1) refuse(`it is given ${value.length} times; give it once, every pair in one list`);
    value = value[0]!;
  }
  let seed: number | undefined;
  // No prototype: a kind named __proto__ is then a key the settings' own check refuses, never the rates' prototype.
  const rates = Object.create(null) as Record<string, number>;
  for (const pair of value.split(',')) {
    const at = pair.indexOf('=');
    const [name, given] = at === -1 ? [pair, ''] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    if (at === -1 || name === '' || given === '') refuse(`'${pair.slice(0, 60)}' is no name=value pair`);
    if (given.includes('='))
      refuse(`'${pair.trim().slice(0, 60)}' holds more than one pair; separate the pairs with commas, without spaces`);
    if (name === 'seed' ? seed !== undefined : Object.hasOwn(rates, name))
      refuse(`${name.slice(0, 40)} is given twice; give each once`);
    if (name === 'seed') {
      if (!/^\d{1,15}$/.test(given)) refuse(`the seed is '${given.slice(0, 40)}'; a seed is a whole number, such as 7`);
      seed = Number(given);
      continue;
    }
    if (!DECIMAL.test(given))
      refuse(
        `the rate of ${name.slice(0, 40)} is '${given.slice(0, 40)}', which is no number: a rate is a decimal such as 0.1`,
      );
    rates[name] = Number(given);
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
