import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildPackage, bundleForPackage } from './builtPackage.js';
import { medianOf as median, report, type ReportRow } from './harness.js';

const REQUESTS = 2000;
const ROUNDS = 5;
const CONNECTIONS = 50;
const FIRSTS = 300;
const READY_MS = 30_000;
const LONG_CHUNKS = 200;
const chat = (model: string, stream: boolean) =>
  JSON.stringify({ model, ...(stream ? { stream } : {}), messages: [{ role: 'user', content: 'Hello' }] });
const plain = chat('gpt-4.1-mini', false);
const streamed = chat('gpt-4.1-mini', true);
const long = chat('long', true);

interface Answered {
  readonly status: number;
  /** Milliseconds to the first body byte, and to the end. */
  readonly first: number;
  readonly all: number;
  readonly body: string;
}

/** Posts one chat completion and reads it to its end. */
function post(url: string, agent: Agent, payload: string, keep = false): Promise<Answered> {
  const start = process.hrtime.bigint();
  const since = () => Number(process.hrtime.bigint() - start) / 1e6;
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/v1/chat/completions`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        let first = 0;
        let body = '';
        res.once('data', () => (first = since()));
        if (keep) res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        else res.resume();
        res.once('end', () => resolve({ status: res.statusCode ?? 0, first, all: since(), body }));
      },
    );
    req.once('error', reject);
    req.end(payload);
  });
}

/** Requests per second of `count` completions over CONNECTIONS keep-alive connections: the same client for every server. */
async function rate(url: string, count: number, payload: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next++ < count) {
        const { status } = await post(url, agent, payload);
        if (status !== 200) throw new Error(`${url} answered ${status}`);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return count / seconds;
}

interface Started {
  readonly url: string;
  readonly child: ChildProcess;
}

/** A server in a child process, once it printed a line matching `ready` within READY_MS; else why not. */
async function start(name: string, args: readonly string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Started> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const fail = (error: Error): void => {
      child.kill();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`${name} was not ready in ${READY_MS / 1000} s: ${out}`)), READY_MS);
    const read = (chunk: Buffer): void => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match === null) return;
      clearTimeout(timer);
      resolve(match.length > 2 ? `http://${match[1]}:${match[2]}` : match[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => fail(new Error(`${name} exited with code ${code} before it was ready: ${out}`)));
  });
  // Past readiness its output is not read (mock-llm logs every request): drain it.
  child.stdout!.resume();
  child.stderr!.resume();
  const probe = await post(url, new Agent({ keepAlive: false }), plain);
  if (probe.status !== 200) {
    child.kill();
    throw new Error(`${name} answered the chat completion with status ${probe.status}`);
  }
  return { url, child };
}

/** CPU time a process has used, user and system, in ms: from /proc, so a loaded machine's waiting is not counted. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** How many content pieces of `word ` a streamed body carries. */
const pieces = (body: string): number => body.split('"content":"word "').length - 1;

/**
 * The wire server (issues 14 and 24), as `standin serve` runs it (plain node on the built
 * package), against a bare node:http server answering fixed bodies and @copilotkit/aimock, each
 * in a child process of its own, driven by the same client over CONNECTIONS keep-alive
 * connections, interleaved round by round: requests/s of a chat completion, streamed and not
 * (and @dwmkerr/mock-llm, not streamed); then the time to the first chunk of a 200-chunk stream.
 */
export default async function server(): Promise<void> {
  buildPackage();
  const targets = await bundleForPackage(fileURLToPath(new URL('./serverTargets.ts', import.meta.url)));
  const listening = /listening (\S+)/;
  const servers: Record<string, Started> = {};
  let mockLlm: Started | undefined;
  try {
    for (const [name, kind] of [
      ['the wire server', 'standin'],
      ['the bare server', 'bare'],
      ['aimock', 'aimock'],
    ])
      servers[kind!] = await start(name!, [targets, kind!, String(LONG_CHUNKS)], {}, listening);
    // mock-llm reads PORT and HOST (default 0.0.0.0:6556) and prints "server running on HOST:PORT" when it listens.
    const mockMain = fileURLToPath(new URL('../node_modules/@dwmkerr/mock-llm/dist/main.js', import.meta.url));
    const env = { PORT: String(await freePort()), HOST: '127.0.0.1' };
    mockLlm = await start('@dwmkerr/mock-llm', [mockMain], env, /server running on (\S+):(\d+)/);
    const check = new Agent({ keepAlive: false });
    for (const [name, { url }] of Object.entries(servers)) {
      const { status, body } = await post(url, check, long, true);
      if (status !== 200 || pieces(body) !== LONG_CHUNKS)
        throw new Error(`${name} streamed ${pieces(body)} pieces, not ${LONG_CHUNKS} (status ${status})`);
    }

    const modes = { plain, streamed } as const;
    const runs = [
      ...Object.keys(servers).flatMap((name) => Object.keys(modes).map((mode) => ({ name, mode }))),
      { name: 'mock-llm', mode: 'plain' },
    ] as { name: string; mode: keyof typeof modes }[];
    const all: Record<string, Started> = { ...servers, 'mock-llm': mockLlm };
    const rates = new Map<string, number[]>(runs.map(({ name, mode }) => [`${name} ${mode}`, []]));
    const cpu = new Map<string, number[]>(runs.map(({ name, mode }) => [`${name} ${mode}`, []]));
    for (const { name, mode } of runs) await rate(all[name]!.url, 1000, modes[mode]); // warm up
    for (let round = 0; round < ROUNDS; round++) {
      for (const { name, mode } of runs) {
        const { url, child } = all[name]!;
        const before = cpuMs(child.pid!);
        rates.get(`${name} ${mode}`)!.push(await rate(url, REQUESTS, modes[mode]));
        cpu.get(`${name} ${mode}`)!.push(((cpuMs(child.pid!) - before) * 1000) / REQUESTS);
      }
    }

    const agent = new Agent({ keepAlive: true });
    const firsts = new Map<string, Answered[]>(Object.keys(servers).map((name) => [name, []]));
    for (let i = 0; i < FIRSTS; i++) {
      for (const [name, { url }] of Object.entries(servers)) firsts.get(name)!.push(await post(url, agent, long));
    }
    agent.destroy();

    const r = (key: string) => median(rates.get(key)!);
    const c = (key: string) => median(cpu.get(key)!).toFixed(0);
    const vs = (mode: string, peer: string, floor: number | undefined, what: string): ReportRow => {
      const ratio = r(`standin ${mode}`) / r(`${peer} ${mode}`);
      return {
        label: `${mode === 'plain' ? 'non-streamed' : 'streamed'} chat completion, req/s, against ${what}`,
        value: `${r(`standin ${mode}`).toFixed(0)} (${c(`standin ${mode}`)} µs CPU a request)`,
        baseline: `${r(`${peer} ${mode}`).toFixed(0)} (${what}; ${c(`${peer} ${mode}`)} µs CPU a request)`,
        ratio: `${ratio.toFixed(2)}x`,
        ...(floor === undefined ? {} : { target: `>= ${floor}x`, met: ratio >= floor }),
      };
    };
    const first = (name: string) => median(firsts.get(name)!.map((a) => a.first));
    const whole = (name: string) => median(firsts.get(name)!.map((a) => a.all));
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    report(
      `wire server: ${CONNECTIONS} concurrent connections, median of ${ROUNDS} rounds of ${REQUESTS} (each server in its own process)`,
      [
        vs('plain', 'bare', 0.9, 'bare node:http, a fixed body'),
        vs('plain', 'aimock', 1.3, '@copilotkit/aimock'),
        vs('plain', 'mock-llm', 1, '@dwmkerr/mock-llm'),
        vs('streamed', 'bare', 0.9, 'bare node:http, fixed events'),
        vs('streamed', 'aimock', 1.3, '@copilotkit/aimock'),
        {
          label: `first chunk of a ${LONG_CHUNKS}-chunk stream (median of ${FIRSTS}, one connection)`,
          value: ms(first('standin')),
          baseline: `${ms(first('aimock'))} (@copilotkit/aimock, chunkSize one piece)`,
          ratio: `${(first('standin') / first('aimock')).toFixed(2)}x`,
          target: "<= aimock's",
          met: first('standin') <= first('aimock'),
        },
        {
          label: `the whole ${LONG_CHUNKS}-chunk stream`,
          value: ms(whole('standin')),
          baseline: `${ms(whole('aimock'))} (aimock); ${ms(whole('bare'))}, first chunk ${ms(first('bare'))} (bare node:http)`,
          ratio: `${(whole('standin') / whole('aimock')).toFixed(2)}x aimock's`,
        },
      ],
    );
    console.log(
      `  rounds, req/s: ${[...rates].map(([k, v]) => `${k} ${v.map((x) => x.toFixed(0)).join(' ')}`).join(' · ')}`,
    );
  } finally {
    for (const started of [...Object.values(servers), mockLlm]) started?.child.kill('SIGTERM');
  }
}
