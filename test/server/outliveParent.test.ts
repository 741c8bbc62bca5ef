import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARENT_CHECK_MS } from '../../src/server/stopOnSignals.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-outlive-'));
const scripts = join(dir, 'scripts.json');
writeFileSync(scripts, JSON.stringify({ models: { 'gpt-4.1-mini': [{ text: 'Still here.' }] } }));
// A CI step: it starts the server, reads where it listens, and ends (exits on its own, no signal sent).
const step = join(dir, 'step.mjs');
writeFileSync(
  step,
  `import { spawn } from 'node:child_process';
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'serve', ...process.argv.slice(2)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
server.stdout.on('data', (chunk) => {
  out += chunk;
  if (!out.includes('control token:')) return;
  process.stdout.write(out);
  process.exit(0);
});
`,
);

/** Runs the step with `args`; answers what it printed and the group to clean up, once it has exited. */
async function runStep(args: readonly string[]): Promise<{ out: string; group: number }> {
  const child = spawn(process.execPath, [step, '--scripts', scripts, ...args], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  expect(code, err).toBe(0);
  return { out, group: child.pid! };
}

/** Whether the server at `url` answers. */
async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/v1/models`).then(
    (response) => response.ok,
    () => false,
  );
}

/** Waits `ms` (long enough for the server's parent check to have run several times). */
const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function kill(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

describe('standin serve --outlive-parent', { timeout: 60_000 }, () => {
  it('keeps serving after the step that started it has exited, prints its pid, and stops on SIGTERM', async () => {
    const { out, group } = await runStep(['--outlive-parent']);
    try {
      const url = /listening at (\S+)/.exec(out)![1]!;
      const pid = Number(/stop it with kill (\d+)/.exec(out)![1]);
      await wait(PARENT_CHECK_MS * 4);
      expect(await answers(url)).toBe(true);
      process.kill(pid, 'SIGTERM');
      let gone = false;
      for (let tries = 0; tries < 200 && !gone; tries++) {
        gone = !(await answers(url));
        if (!gone) await wait(50);
      }
      expect(gone).toBe(true);
    } finally {
      kill(group);
    }
  });

  it('without it, stops once the step that started it has exited', async () => {
    const { out, group } = await runStep([]);
    try {
      const url = /listening at (\S+)/.exec(out)![1]!;
      expect(out).not.toContain('stop it with kill');
      let gone = false;
      for (let tries = 0; tries < 200 && !gone; tries++) {
        gone = !(await answers(url));
        if (!gone) await wait(50);
      }
      expect(gone).toBe(true);
    } finally {
      kill(group);
    }
  });
});
