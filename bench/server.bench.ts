import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { report, type ReportRow } from './harness.js';

const REQUESTS = 2000;
const ROUNDS = 5;
const CONNECTIONS = 50;
const READY_MS = 30_000;
const body = JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hello' }] });
const streamed = JSON.stringify({
  model: 'gpt-4.1-mini',
  stream: true,
  messages: [{ role: 'user', content: 'Hello' }],
});

/** Posts one chat completion; resolves with the time to its first body byte and its status. */
function post(url: string, agent: Agent, payload = body): Promise<{ first: number; status: number }> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/v1/chat/completions`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        let first = 0;
        res.once('data', () => (first = Number(process.hrtime.bigint() - start) / 1e6));
        res.resume();
        res.once('end', () => resolve({ first, status: res.statusCode ?? 0 }));
      },
    );
    req.once('error', reject);
    req.end(payload);
  });
}

/** Requests per second of `count` non-streamed completions over CONNECTIONS keep-alive connections: the same client for every server. */
async function rate(url: string, count: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next++ < count) {
        const { status } = await post(url, agent);
        if (status !== 200) throw new Error(`${url} answered ${status}`);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return count / seconds;
}

/** A server in a child process, once it printed `ready` (a line matching it) within READY_MS; else why not. */
async function start(
  name: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  urlOf: (match: RegExpExecArray) => string,
): Promise<{ url: string; child: ChildProcess } | string> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const result = await new Promise<{ url: string } | string>((resolve) => {
    const timer = setTimeout(
      () =>
        resolve(
          `${name} printed no readiness line in ${READY_MS / 1000} s; it printed: ${out.slice(-300) || 'nothing'}`,
        ),
      READY_MS,
    );
    const read = (chunk: Buffer): void => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match !== null) {
        clearTimeout(timer);
        resolve({ url: urlOf(match) });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('error', (error) => resolve(`${name} could not be spawned: ${error.message}`));
    child.once('exit', (code) => resolve(`${name} exited with code ${code} before it was ready: ${out.slice(-300)}`));
  });
  // Past readiness its output is not read (mock-llm logs every request): drain it.
  child.stdout!.resume();
  child.stderr!.resume();
  if (typeof result === 'string') {
    child.kill();
    return result;
  }
  const probe = await post(result.url, new Agent({ keepAlive: false })).catch((error: Error) => error);
  if (probe instanceof Error || probe.status !== 200) {
    child.kill();
    return `${name} is listening at ${result.url} but answered the chat completion with ${probe instanceof Error ? probe.message : `status ${probe.status}`}`;
  }
  return { url: result.url, child };
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

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The wire server (issue 14): requests/s of a non-streamed chat completion through the wire
 * server, against a bare node:http server answering a fixed body and against @dwmkerr/mock-llm,
 * each in a child process of its own and driven by the same client over the same connections,
 * interleaved round by round; and the time to the first streamed byte.
 */
export default async function server(): Promise<void> {
  const targets = fileURLToPath(new URL('./serverTargets.ts', import.meta.url));
  const listening = /listening (\S+)/;
  const standin = await start('the wire server', ['--import', 'tsx', targets, 'standin'], {}, listening, (m) => m[1]!);
  const bare = await start('the bare server', ['--import', 'tsx', targets, 'bare'], {}, listening, (m) => m[1]!);
  if (typeof standin === 'string' || typeof bare === 'string')
    throw new Error(typeof standin === 'string' ? standin : (bare as string));
  // mock-llm reads PORT and HOST (default 0.0.0.0:6556) and prints "server running on HOST:PORT" when it listens.
  const port = await freePort();
  const mockMain = fileURLToPath(new URL('../node_modules/@dwmkerr/mock-llm/dist/main.js', import.meta.url));
  const mock = await start(
    '@dwmkerr/mock-llm',
    [mockMain],
    { PORT: String(port), HOST: '127.0.0.1' },
    /server running on (\S+):(\d+)/,
    (m) => `http://${m[1]}:${m[2]}`,
  );

  const servers = { standin, bare, ...(typeof mock === 'string' ? {} : { mock }) };
  const rates: Record<string, number[]> = { standin: [], bare: [], mock: [] };
  const cpu: Record<string, number[]> = { standin: [], bare: [], mock: [] };
  for (const { url } of Object.values(servers)) await rate(url, 2000);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { url, child }] of Object.entries(servers)) {
      const before = cpuMs(child.pid!);
      rates[name]!.push(await rate(url, REQUESTS));
      cpu[name]!.push(((cpuMs(child.pid!) - before) * 1000) / REQUESTS);
    }
  }
  const ours = median(rates.standin!);
  const baseline = median(rates.bare!);
  const ratios = rates.standin!.map((r, i) => r / rates.bare![i]!);
  const ourCpu = median(cpu.standin!);
  const bareCpu = median(cpu.bare!);

  const agent = new Agent({ keepAlive: true });
  const firsts: number[] = [];
  const bareFirsts: number[] = [];
  for (let i = 0; i < 300; i++) {
    firsts.push((await post(standin.url, agent, streamed)).first);
    bareFirsts.push((await post(bare.url, agent, streamed)).first);
  }
  agent.destroy();

  const rows: ReportRow[] = [
    {
      label: `non-streamed chat completion, req/s (median of ${ROUNDS} rounds of ${REQUESTS})`,
      value: ours.toFixed(0),
      baseline: `${baseline.toFixed(0)} (bare node:http, fixed body)`,
      ratio: `${(ours / baseline).toFixed(2)}x (median of the rounds' ratios ${median(ratios).toFixed(2)}x)`,
      target: '>= 0.6x',
      met: ours / baseline >= 0.6,
    },
    {
      label: 'server CPU per request (user + system)',
      value: `${ourCpu.toFixed(0)} µs`,
      baseline: `${bareCpu.toFixed(0)} µs (bare node:http)`,
      ratio: `${(bareCpu / ourCpu).toFixed(2)}x the requests per CPU second`,
    },
    typeof mock === 'string'
      ? {
          label: 'against @dwmkerr/mock-llm',
          value: ours.toFixed(0),
          baseline: `did not start: ${mock}`,
          ratio: '-',
          target: 'faster',
          met: false,
        }
      : {
          label: 'against @dwmkerr/mock-llm, req/s',
          value: ours.toFixed(0),
          baseline: `${median(rates.mock!).toFixed(0)} (mock-llm; ${median(cpu.mock!).toFixed(0)} µs CPU a request)`,
          ratio: `${(ours / median(rates.mock!)).toFixed(2)}x`,
          target: '> 1x',
          met: ours > median(rates.mock!),
        },
    {
      label: 'time to first streamed byte (median of 300)',
      value: `${median(firsts).toFixed(2)} ms`,
      baseline: `${median(bareFirsts).toFixed(2)} ms (bare node:http, first byte)`,
      ratio: `${(median(firsts) / median(bareFirsts)).toFixed(2)}x`,
    },
  ];
  report('wire server (each server in its own process; the machine is shared, figures move with its load)', rows);
  console.log(
    `  rounds, req/s: ${Object.entries(rates)
      .filter(([, r]) => r.length > 0)
      .map(([name, r]) => `${name} ${r.map((v) => v.toFixed(0)).join(' ')}`)
      .join(' · ')}`,
  );
  for (const started of Object.values(servers)) started.child.kill('SIGTERM');
}
