/**
 * Starts and stops real redis-server processes for tests: one server, or a three-master Redis
 * Cluster. Each listens on a free loopback port, keeps nothing on disk unless asked, and is
 * stopped by the test that started it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provideRedis, RedisUnavailable, unavailableVariable, type RedisBinaries } from './redisBinaries.js';

/**
 * The redis-server and redis-cli to run (see redisBinaries for the order they are looked for in),
 * looked up once per process. The vitest global setup has fetched them already when they had to be.
 *
 * @throws {RedisUnavailable} one line saying what to install.
 */
export function requireRedis(): RedisBinaries {
  if (process.env[unavailableVariable]) throw new RedisUnavailable(process.env[unavailableVariable]);
  binaries ??= provideRedis();
  return binaries;
}

let binaries: RedisBinaries | undefined;

/** A redis-server a test started. */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  /** Kills the server at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts the server again on the same port (and the same data directory). */
  restart(): Promise<void>;
  /** Runs redis-cli against the server and answers its output. */
  cli(...args: string[]): string;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** How {@link startRedis} starts a server. */
export interface RedisServerOptions {
  /** Keep data across a restart: an append-only file synced on every write. Off by default. */
  readonly persist?: boolean;
  /** More redis-server arguments. */
  readonly args?: readonly string[];
  /** A password the server requires (`requirepass`). */
  readonly password?: string;
}

/** A free loopback port whose cluster bus port (port + 10000) is free too. */
export async function freePort(bus = false): Promise<number> {
  for (;;) {
    const port = await listenOnce(0);
    if (port > 55_000 && bus) continue;
    if (!bus) return port;
    if ((await listenOnce(port + 10_000).catch(() => 0)) !== 0) return port;
  }
}

async function listenOnce(port: number): Promise<number> {
  const server = createServer();
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const taken = (server.address() as { port: number }).port;
  server.close();
  await once(server, 'close');
  return taken;
}

/**
 * Starts redis-server on a free loopback port, with no persistence unless `persist`.
 *
 * @example
 * ```ts
 * const redis = await startRedis();
 * afterAll(() => redis.stop());
 * ```
 */
export async function startRedis(options: RedisServerOptions = {}): Promise<RedisServer> {
  requireRedis();
  const dir = mkdtempSync(join(tmpdir(), 'standin-redis-'));
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    ...(options.persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
    ...(options.password === undefined ? [] : ['--requirepass', options.password]),
    ...(options.args ?? []),
  ];
  let child = await launch(args);
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      await halt(child, 'SIGKILL');
    },
    async restart() {
      await halt(child, 'SIGKILL');
      child = await launch(args);
    },
    cli: (...command: string[]) => cli(port, options.password, command),
    async stop() {
      await halt(child, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A three-master Redis Cluster a test started. */
export interface RedisCluster {
  /** The masters' ports. */
  readonly ports: readonly number[];
  /** `redis://127.0.0.1:<port>` of the first master: a seed node. */
  readonly url: string;
  /** Runs redis-cli against one node. */
  cli(port: number, ...args: string[]): string;
  /** Stops every node and removes their directories. */
  stop(): Promise<void>;
}

/**
 * Builds a Redis Cluster of three masters from redis-server processes, with
 * `redis-cli --cluster create`, and waits until it says `cluster_state:ok`.
 *
 * @example
 * ```ts
 * const cluster = await startRedisCluster();
 * afterAll(() => cluster.stop());
 * ```
 */
export async function startRedisCluster(): Promise<RedisCluster> {
  requireRedis();
  const dir = mkdtempSync(join(tmpdir(), 'standin-cluster-'));
  const ports: number[] = [];
  const children: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(children.map((child) => halt(child, 'SIGKILL')));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    while (ports.length < 3) {
      const port = await freePort(true);
      if (ports.includes(port)) continue;
      ports.push(port);
      children.push(
        await launch([
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'no',
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--cluster-node-timeout',
          '5000',
        ]),
      );
    }
    const { cli: redisCli, env } = requireRedis();
    const nodes = ports.map((p) => `127.0.0.1:${p}`);
    const create = spawnSync(redisCli, ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (create.status !== 0) throw new Error(`redis-cli --cluster create failed:\n${create.stdout}\n${create.stderr}`);
    const deadline = Date.now() + 30_000;
    while (!ports.every((port) => cli(port, undefined, ['cluster', 'info']).includes('cluster_state:ok'))) {
      if (Date.now() > deadline) throw new Error('The Redis Cluster did not reach cluster_state:ok within 30 s.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports, url: `redis://127.0.0.1:${ports[0]}`, cli: (port, ...args) => cli(port, undefined, args), stop };
}

function cli(port: number, password: string | undefined, args: readonly string[]): string {
  const auth = password === undefined ? [] : ['--no-auth-warning', '-a', password];
  const { cli: redisCli, env } = requireRedis();
  const address = ['-h', '127.0.0.1', '-p', String(port)];
  const run = spawnSync(redisCli, [...address, ...auth, ...args], { env, encoding: 'utf8', timeout: 10_000 });
  if (run.status !== 0) throw new Error(`redis-cli ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout;
}

/** Starts redis-server and waits until it accepts connections. */
async function launch(args: readonly string[]): Promise<ChildProcess> {
  const { server, env } = requireRedis();
  const child = spawn(server, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.length > 65_536) output = output.slice(-65_536);
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${String(code)}) before it was ready:\n${output}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  await ready;
  return child;
}

async function halt(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}
