import { namespacePattern } from '../../config/configSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import { redisDbProblem } from './redis/maskRedisUrl.js';

/**
 * How a {@link RedisCursorStore} is made. The config's `cursors: { store: 'redis', ... }` names
 * the same fields; `createRedisCursorStore` fills in the defaults.
 */
export interface RedisCursorStoreSettings {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://`). The password never appears in an error. */
  readonly url: string;
  /**
   * The shared key space: every store that names it, in any process, sees the same cursors.
   * Left out, the store gets a key space of its own, so it shares nothing.
   */
  readonly namespace?: string | undefined;
  /** How long a key lives after its last write, in seconds. Default 86400 (a day). */
  readonly ttlSeconds?: number | undefined;
  /** How long one command may take, in milliseconds, before it fails with `D0002`. Default 2000. */
  readonly timeoutMs?: number | undefined;
  /** True when `url` is one node of a Redis Cluster. Default false. */
  readonly cluster?: boolean | undefined;
}

/** A key's default life after its last write: a day, so an abandoned namespace goes away by itself. */
export const DEFAULT_TTL_SECONDS = 86_400;
/** The default bound on one Redis command. */
export const DEFAULT_TIMEOUT_MS = 2_000;

/** Throws `C0001` for bad settings: a store built by hand is checked as strictly as one the config names. */
export function checkRedisCursorStoreSettings(settings: RedisCursorStoreSettings): void {
  if (settings.namespace !== undefined && !namespacePattern.test(settings.namespace)) {
    throw new StandinError(
      'C0001',
      "Invalid Redis cursor store: namespace must be 1 to 100 letters, digits and _.:- such as 'e2e-checkout'.",
    );
  }
  const dbProblem = typeof settings.url === 'string' ? redisDbProblem(settings.url) : 'it is not a string';
  if (dbProblem !== undefined) {
    throw new StandinError(
      'C0001',
      `Invalid Redis cursor store: url must be a redis:// or rediss:// URL, and ${dbProblem}.`,
    );
  }
  for (const [name, value, max] of [
    ['ttlSeconds', settings.ttlSeconds, 2_592_000],
    ['timeoutMs', settings.timeoutMs, 600_000],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value >= 1 && value <= max)) {
      throw new StandinError(
        'C0001',
        `Invalid Redis cursor store: ${name} must be a whole number from 1 to ${max}, got ` +
          `${typeof value === 'number' ? String(value) : `a ${typeof value}`}.`,
      );
    }
  }
}
