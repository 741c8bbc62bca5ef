import { afterAll, beforeAll } from 'vitest';
import { createRedisCursorStore, type RedisCursorStore } from '../../../src/services/cursors/RedisCursorStore.js';
import { startRedis, startRedisCluster, type RedisCluster, type RedisServer } from '../../support/redis.js';
import { cursorStoreSuite } from './cursorStoreSuite.js';

let server: RedisServer;
let cluster: RedisCluster;
const stores: RedisCursorStore[] = [];

beforeAll(async () => {
  [server, cluster] = await Promise.all([startRedis(), startRedisCluster()]);
}, 120_000);

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await Promise.all([server?.stop(), cluster?.stop()]);
});

function keep(store: RedisCursorStore): RedisCursorStore {
  stores.push(store);
  return store;
}

// Each store made without a namespace has a key space of its own, so each test starts empty.
cursorStoreSuite('RedisCursorStore', () => keep(createRedisCursorStore({ url: server.url })));
cursorStoreSuite('RedisCursorStore on a Redis Cluster', () =>
  keep(createRedisCursorStore({ url: cluster.url, cluster: true })),
);
