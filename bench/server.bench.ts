import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeServer } from '../src/server.js';
import { report } from './harness.js';

const REQUESTS = 4000;
const CONNECTIONS = 50;
const body = JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hello' }] });

/** Posts one chat completion; resolves at the first byte and at the end. */
function post(url: string, agent: Agent, payload = body): Promise<{ first: number; status: number }> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(`${url}/v1/chat/completions`, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      let first = 0;
      res.once('data', () => (first = Number(process.hrtime.bigint() - start) / 1e6));
      res.resume();
      res.once('end', () => resolve({ first, status: res.statusCode ?? 0 }));
    });
    req.once('error', reject);
    req.end(payload);
  });
}

/** Requests per second of REQUESTS non-streamed completions over CONNECTIONS keep-alive connections. */
async function rate(url: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const run = async (count: number): Promise<void> => {
    let next = 0;
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
      while (next++ < count) if ((await post(url, agent)).status !== 200) throw new Error(`non-200 from ${url}`);
    }));
  };
  await run(500);
  const start = performance.now();
  await run(REQUESTS);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return REQUESTS / seconds;
}

async function mockLlm(): Promise<{ url: string; child: ChildProcess } | undefined> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['node_modules/@dwmkerr/mock-llm/dist/main.js'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAlive: false });
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if ((await post(url, agent).catch(() => ({ status: 0 }))).status === 200) return { url, child };
  }
  child.kill();
  return undefined;
}

/** The wire server (issue 14): req/s against a bare node:http server and @dwmkerr/mock-llm, and time to first streamed byte. */
export default async function server(): Promise<void> {
  const fixed = JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-4.1-mini', choices: [{ index: 0, message: { role: 'assistant', content: 'Hello!' }, finish_reason: 'stop' }], usage: { prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 } });
  const bare = createServer((req, res) => {
    req.resume();
    req.once('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(fixed) }).end(fixed));
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const wire = await createFakeServer({ sentLimit: 100 });
  wire.fake('gpt-4.1-mini', () => ({ text: 'Hello!' }));
  const mock = await mockLlm();

  const ours = await rate(wire.url);
  const baseline = await rate(bareUrl);
  const theirs = mock === undefined ? undefined : await rate(mock.url);

  const agent = new Agent({ keepAlive: true });
  const streamed = JSON.stringify({ model: 'gpt-4.1-mini', stream: true, messages: [{ role: 'user', content: 'Hello' }] });
  const firsts: number[] = [];
  for (let i = 0; i < 300; i++) firsts.push((await post(wire.url, agent, streamed)).first);
  firsts.sort((a, b) => a - b);
  agent.destroy();

  const rows: Parameters<typeof report>[1][number][] = [
    { label: 'non-streamed chat completion, req/s', value: ours.toFixed(0), baseline: `${baseline.toFixed(0)} (bare node:http, fixed body)`, ratio: `${(ours / baseline).toFixed(2)}x`, target: '>= 0.6x', met: ours / baseline >= 0.6 },
    theirs === undefined
      ? { label: 'against @dwmkerr/mock-llm', value: ours.toFixed(0), baseline: 'did not start', ratio: '-', target: 'faster', met: false }
      : { label: 'against @dwmkerr/mock-llm, req/s', value: ours.toFixed(0), baseline: `${theirs.toFixed(0)} (mock-llm)`, ratio: `${(ours / theirs).toFixed(2)}x`, target: '> 1x', met: ours > theirs },
    { label: 'time to first streamed byte (median of 300)', value: `${firsts[150]!.toFixed(2)} ms`, baseline: '-', ratio: '-', target: '-', met: true },
  ];
  report('wire server', rows);
  mock?.child.kill();
  await wire.close();
  bare.close();
}
