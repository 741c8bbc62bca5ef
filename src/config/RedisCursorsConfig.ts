/** The Redis cursor store, every default filled in. Needs the optional peer dependency `redis`. */
export interface RedisCursorsConfig {
  readonly store: 'redis';
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). The password never appears in an error. */
  readonly url: string;
  /**
   * The key space shared by every container that names it, in any process: cursors and the
   * fakes' published scripts. Left out, each container gets a key space of its own (its id), so
   * two apps never share, as with the memory store. Letters, digits and `_.:-`, 1 to 100.
   */
  readonly namespace?: string | undefined;
  /** How long a key lives after its last write, in seconds. Default 86400 (a day). */
  readonly ttlSeconds: number;
  /** How long one Redis command may take before it fails with `D0002` (kind `timeout`). Default 2000. */
  readonly timeoutMs: number;
  /** True when `url` is one node of a Redis Cluster. Default false. */
  readonly cluster: boolean;
}

/** The Redis cursor store as a config names it: `ttlSeconds`, `timeoutMs` and `cluster` may be left out. */
export type RedisCursorsInput = Omit<RedisCursorsConfig, 'ttlSeconds' | 'timeoutMs' | 'cluster'> & {
  readonly ttlSeconds?: number | undefined;
  readonly timeoutMs?: number | undefined;
  readonly cluster?: boolean | undefined;
};
