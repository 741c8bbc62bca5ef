import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

let server: Pick<FakeServer, 'url' | 'token' | 'close'> | undefined;
let dir: string | undefined;
afterEach(async () => {
  await server?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  server = dir = undefined;
});

/** `standin serve --scripts <path>`, as a harness in any language starts it. */
async function serve(path: string): Promise<Pick<FakeServer, 'url' | 'token' | 'close'>> {
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'src/server/cli.ts', 'serve', '--scripts', path], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('control token:')) resolve();
    });
    void exited.then(() => reject(new Error(`standin serve exited:\n${out}`)));
  });
  return {
    url: /listening at (\S+)/.exec(out)![1]!,
    token: /control token: (\S+)/.exec(out)![1]!,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function verify(scope: string): Promise<Response> {
  return fetch(`${server!.url}/__standin/verify?scope=${scope}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server!.token}` },
  });
}

const scripts = {
  models: {
    'gpt-4.1-mini': [
      { when: { user: 'refund' }, text: 'Refunds take 5 days.' },
      { when: { instructions: { regex: 'french', flags: 'i' } }, text: 'Bonjour !' },
      { text: 'Let me find out.' },
    ],
  },
};

function client(scope: string): OpenAI {
  return new OpenAI({
    apiKey: 'sk-test',
    baseURL: `${server!.url}/v1`,
    maxRetries: 0,
    defaultHeaders: { 'x-standin-scope': scope },
  });
}

async function ask(openai: OpenAI, content: string, system?: string): Promise<string | null> {
  const messages = [
    ...(system === undefined ? [] : [{ role: 'system' as const, content: system }]),
    { role: 'user' as const, content },
  ];
  const completion = await openai.chat.completions.create({ model: 'gpt-4.1-mini', messages });
  return completion.choices[0]!.message.content;
}

describe('answers chosen by when, over the wire', () => {
  it('answers from a scripts document by the request, each scope from the whole list', async () => {
    dir = mkdtempSync(join(tmpdir(), 'standin-when-'));
    const path = join(dir, 'scripts.json');
    writeFileSync(path, JSON.stringify(scripts));
    server = await serve(path);
    const t1 = client('t1');
    expect(await ask(t1, 'Where is my parcel?')).toBe('Let me find out.');
    expect(await ask(t1, 'Salut', 'Answer in French.')).toBe('Bonjour !');
    expect(await ask(t1, 'I want a refund')).toBe('Refunds take 5 days.');
    expect(await ask(client('t2'), 'A refund?')).toBe('Refunds take 5 days.');
    expect((await verify('t1')).status).toBe(200);
  });

  it('answers a request no answer left matches with a 400 naming T0050, and verify then answers 409', async () => {
    server = await createFakeServer();
    await fetch(`${server.url}/__standin/scripts`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ models: { 'gpt-4.1-mini': [{ when: { user: 'refund' }, text: 'a' }] } }),
    });
    const error = await ask(client('t1'), 'the weather?').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining('T0050') });
    const verified = await verify('t1');
    expect(verified.status).toBe(409);
    const report = await verified.text();
    expect(report).toContain('T0050');
    expect(report).toContain('Change a when so it matches this request');
    expect(report).not.toContain('app.fake(');
  });
});
