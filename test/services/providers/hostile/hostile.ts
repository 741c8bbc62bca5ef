import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createGzip } from 'node:zlib';
import { expect } from 'vitest';
import { CallFailed, type StandinConfigInput } from '../../../../src/index.js';
import { createTestApp, type TestApp } from '../../../../src/testing.js';
import { KEY } from '../loopback/callContext.js';
import type { Handler, LoopbackServer } from '../loopback/LoopbackServer.js';

/** A secret a gateway takes in a custom header: as secret as the key. */
export const HEADER_SECRET = 'gw-session-7f3a9c1e5b2d8f4a6c0e';

/** Every secret a hostile test configures: none may appear in anything a call leaves behind. */
export const SECRETS = [KEY, HEADER_SECRET] as const;

/** The paths the real adapters post to on the loopback server. */
export const OPENAI = '/v1/chat/completions';
export const ANTHROPIC = '/v1/messages';
export const EMBEDDINGS = '/v1/embeddings';
export const SYSTEMONE = '/v1/systemone';

/**
 * A test app whose `writer` (openai adapter) and `claude` (anthropic adapter) call the loopback
 * server with a key and a secret header, real calls allowed, two attempts a model, on the
 * instant clock (so `app.clock.slept` shows every wait the engine asked for).
 */
export function hostileApp(
  server: LoopbackServer,
  provider: Record<string, unknown> = {},
  config: StandinConfigInput = {},
): TestApp {
  const headers = { 'x-gateway-key': HEADER_SECRET };
  const app = createTestApp({
    models: {
      writer: { provider: 'openai', model: 'gpt-test' },
      claude: { provider: 'anthropic', model: 'claude-test' },
    },
    providers: {
      openai: { baseURL: server.url('/v1'), apiKey: KEY, headers, ...provider },
      anthropic: { baseURL: server.url(), apiKey: KEY, headers, ...provider },
      typesafe: { baseURL: server.url(), apiKey: KEY, headers, ...withoutStreamBounds(provider) },
    },
    classifier: { provider: 'typesafe' },
    retry: { attempts: 2, baseDelayMs: 100, maxDelayMs: 1000, jitter: 0 },
    ...config,
  });
  app.allowRealCalls();
  return app;
}

function withoutStreamBounds(provider: Record<string, unknown>): Record<string, unknown> {
  const { maxLineBytes: _line, maxEventBytes: _event, ...rest } = provider;
  return rest;
}

/** The failure of the last attempt of a call that failed on every model. */
export function lastFailure(error: unknown): { readonly kind?: string; readonly message: string } {
  expect(error).toBeInstanceOf(CallFailed);
  return (error as CallFailed).cause as { kind?: string; message: string };
}

/** Every text an error carries: its message, stack and fields (request id, metadata), its failures, and each cause's, as deep as they go. */
export function textsOf(error: unknown): string[] {
  const texts: string[] = [];
  const seen = new Set<unknown>();
  for (let at: unknown = error; at instanceof Error && !seen.has(at); at = at.cause) {
    seen.add(at);
    texts.push(at.message, String(at.stack), JSON.stringify({ ...at }));
    const failures = (at as { failures?: unknown }).failures;
    if (Array.isArray(failures)) for (const failure of failures) texts.push(JSON.stringify(failure));
  }
  return texts;
}

/** Fails when any secret, or any 8-character piece of one, appears in anything the error carries. */
export function expectNoSecret(error: unknown): void {
  const all = textsOf(error).join('\n');
  for (const secret of SECRETS) {
    for (let at = 0; at + 8 <= secret.length; at++) expect(all).not.toContain(secret.slice(at, at + 8));
  }
}

/** Node's `gc`, exposed for this process when the runner did not expose it. */
export function exposedGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing !== undefined) return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const gc = exposedGc();

function used(): number {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
}

/** What running `work` cost in memory: the highest heap (and buffers) seen while it ran, and what stayed after, both above where it started. */
export interface MemoryCost<T> {
  readonly outcome: T;
  readonly peakMB: number;
  readonly keptMB: number;
}

/** Runs `work`, sampling the heap (and array buffers) every millisecond and on the way out, after a full gc before and several after. */
export async function measured<T>(work: () => Promise<T>): Promise<MemoryCost<T>> {
  gc();
  const base = used();
  let peak = base;
  const sample = (): void => {
    peak = Math.max(peak, used());
  };
  const timer = setInterval(sample, 1);
  let outcome: T;
  try {
    outcome = await work();
  } finally {
    clearInterval(timer);
    sample();
  }
  // Sockets and zlib streams let go of their buffers a few ticks after the call settles: what is kept is the lowest of several collections.
  let kept = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    gc();
    kept = Math.min(kept, used());
  }
  const MB = 1024 * 1024;
  return { outcome, peakMB: (peak - base) / MB, keptMB: (kept - base) / MB };
}

/** Runs `work` and answers what it rejected with, and its memory cost (fails when it resolved). */
export async function rejection(work: () => Promise<unknown>): Promise<MemoryCost<unknown>> {
  return measured(async () => {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error('expected a rejection, and the call resolved');
  });
}

/** `head`, then `piece` `times` times, then `tail`, gzipped as a stream (never held inflated). */
export async function gzipped(head: string, piece: string, times: number, tail = ''): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = once(gzip, 'end');
  const bytes = Buffer.from(piece);
  gzip.write(head);
  for (let i = 0; i < times; i++) if (!gzip.write(bytes)) await once(gzip, 'drain');
  gzip.end(tail);
  await ended;
  return Buffer.concat(out);
}

/** Answers `status` with a gzip body (`content-encoding: gzip`) of `type`. */
export function gzipBody(status: number, body: Buffer, type: string, headers: Record<string, string> = {}): Handler {
  return (_, response) => {
    response.writeHead(status, {
      'content-type': type,
      'content-encoding': 'gzip',
      'content-length': String(body.length),
      ...headers,
    });
    response.end(body);
  };
}

/** Writes `body` one byte every `everyMs`, until it is written or the client goes away. */
export function drip(body: string, everyMs: number, type = 'text/event-stream'): Handler {
  return async (_, response) => {
    response.writeHead(200, { 'content-type': type });
    response.flushHeaders();
    for (const byte of Buffer.from(body)) {
      if (response.destroyed) return;
      response.write(Buffer.of(byte));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    response.end();
  };
}

/** Resolves when the response drains or closes, leaving no listener behind. */
function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** Writes `head`, then `piece` over and over (`times` times, waiting for the socket to drain), then `tail`: a body of any size, never held whole. */
export function flood(status: number, type: string, head: string, piece: string, times: number, tail = ''): Handler {
  return async (_, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': type });
    response.write(head);
    const bytes = Buffer.from(piece);
    for (let i = 0; i < times; i++) {
      if (response.destroyed) return;
      if (!response.write(bytes)) await drained(response);
    }
    if (!response.destroyed) response.end(tail);
  };
}
