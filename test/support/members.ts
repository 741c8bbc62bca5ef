/**
 * Starts processes of one namespace (member.ts) and sends them orders: fake a model, script the
 * classifier, make a call, read a fake's `sent`, verify every stand-in of the process. Each process has its own test app and its own
 * connection to Redis, as the instances of an application under test would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { StandinConfigInput } from '../../src/index.js';

const member = fileURLToPath(new URL('./member.ts', import.meta.url));

/** What a member process can be told to do. */
export type Order =
  | { readonly op: 'fake'; readonly model: string; readonly answers: readonly unknown[] }
  | { readonly op: 'fakeClassifier'; readonly script: readonly { readonly answers: Record<string, string> }[] }
  | {
      readonly op: 'reply';
      readonly model: string;
      readonly message: string;
      readonly scope?: string;
      /** Asks for a typed value of the shape { n: number }. */
      readonly typed?: boolean;
    }
  | { readonly op: 'classify'; readonly text: string; readonly options: readonly string[] }
  | { readonly op: 'sent'; readonly model: string }
  | { readonly op: 'verify' };

/** A running member process. */
export interface Member {
  /** Sends an order and answers its result; rejects with the error the process met, its code kept. */
  ask<T = unknown>(order: Order): Promise<T>;
  /** Ends the process (its stdin closed) and waits for it. */
  stop(): Promise<void>;
}

/** Starts one member process on `config` and waits until its app is connected. */
export async function startMember(config: StandinConfigInput): Promise<Member> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', member, JSON.stringify(config)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-8_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  let ready!: () => void;
  const started = new Promise<void>((resolve, reject) => {
    ready = resolve;
    void exited.then(() => reject(new Error(`A member process exited before it was ready:\n${errors}`)));
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'ready') return ready();
    const answer = JSON.parse(line) as { id: number; value?: unknown; error?: { code?: string; message?: string } };
    const wait = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error === undefined) wait?.resolve(answer.value);
    else wait?.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
  });
  void exited.then(() => {
    for (const wait of waiting.values()) wait.reject(new Error(`The member process exited:\n${errors}`));
    waiting.clear();
  });
  await started;
  let next = 0;
  return {
    ask: <T>(order: Order) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.stdin!.write(`${JSON.stringify({ ...order, id })}\n`);
      }),
    async stop() {
      child.stdin!.end();
      await exited;
    },
  };
}
