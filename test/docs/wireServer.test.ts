/**
 * The Python and curl examples of docs/wire-server.md, run as the page shows them against the
 * real server (the `standin` command, from src/): each must exit 0 and print exactly the
 * `<!-- output -->` block that follows it. The curl example runs against a server started with
 * the page's own `node_modules/.bin/standin serve ...` line and its `<!-- file: scripts.json -->` document.
 * They need python3 and curl, as CI has them: a machine without one fails here saying which.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Block, blocksOf, root } from './markdownBlocks.js';

const page = 'docs/wire-server.md';
const lines = readFileSync(join(root, page), 'utf8').split('\n');
const blocks = blocksOf(page);
const cli = ['--import', 'tsx', join(root, 'src/server/cli.ts')];

/** The comment on the line right before a block (`<!-- output -->`), or ''. */
const before = (block: Block): string => lines[block.line - 2]?.trim() ?? '';
/** The `<!-- output -->` block right after `block`: what it prints. */
function outputOf(block: Block): string {
  const next = blocks[blocks.indexOf(block) + 1];
  if (next === undefined || before(next) !== '<!-- output -->')
    throw new Error(`${page}:${block.line}: no <!-- output --> block follows`);
  return next.code;
}

function need(command: string): void {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`The docs' ${command} example runs on ${command}, and this machine has none: install it.`);
  }
}

function run(
  command: string,
  args: string[],
  input: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
      },
    );
    child.stdin!.end(input);
  });
}

describe('docs/wire-server.md, run against the real server', { timeout: 90_000 }, () => {
  const python = blocks.filter((block) => block.lang === 'python');
  const curl = blocks.filter((block) => block.lang === 'sh' && block.code.includes('curl '));

  it('has a Python example and a curl example, each followed by what it prints', () => {
    expect(python).toHaveLength(1);
    expect(curl).toHaveLength(1);
    for (const block of [...python, ...curl]) expect(outputOf(block)).not.toBe('');
  });

  it('the Python example starts the server, talks to it and prints what the page says', async () => {
    need('python3');
    const [block] = python;
    const result = await run('python3', ['-'], block!.code, {
      STANDIN_SERVE: `${process.execPath} ${cli.join(' ')} serve`,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd()).toBe(outputOf(block!));
  });

  it('the curl example, against the server the page starts, prints what the page says', async () => {
    need('curl');
    const start = blocks
      .flatMap((block) => (block.lang === 'sh' ? block.code.split('\n') : []))
      .find((line) => line.startsWith('node_modules/.bin/standin serve '));
    expect(start).toBeDefined();
    const scripts = blocks.find((block) => block.lang === 'json' && before(block) === '<!-- file: scripts.json -->');
    expect(scripts).toBeDefined();
    const folder = mkdtempSync(join(tmpdir(), 'standin-wire-docs-'));
    writeFileSync(join(folder, 'scripts.json'), scripts!.code);
    // The page's command line, with the scripts file where it was written and a free port in place of 8787.
    const args = start!
      .slice('node_modules/.bin/standin '.length)
      .split(/\s+/)
      .map((arg) => (arg === 'scripts.json' ? join(folder, 'scripts.json') : arg === '8787' ? '0' : arg));
    const token = 'local-secret';
    const server = spawn(process.execPath, [...cli, ...args], {
      cwd: root,
      env: { ...process.env, STANDIN_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('control token:')) resolve();
        });
        server.once('exit', (code) => reject(new Error(`the server exited ${code}: ${out}`)));
      });
      const url = /listening at (\S+)/.exec(out)![1]!;
      expect(out).toContain(`control token: ${token}`);
      const [block] = curl;
      const result = await run('sh', ['-eu'], block!.code, { URL: url, STANDIN_TOKEN: token });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout.trimEnd()).toBe(outputOf(block!));
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
