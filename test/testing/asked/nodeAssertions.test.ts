import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const spec = fileURLToPath(new URL('./node/assertions.spec.ts', import.meta.url));

describe('the assert functions of standin/testing', () => {
  it('pass and fail as their spec says under node:test, through no runner but Node', { timeout: 180_000 }, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=tap', spec],
      { cwd: repo, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`node --test failed:\n${error.stderr ?? ''}\n${error.stdout ?? ''}`);
    });
    expect(stdout).toMatch(/^# tests 10$/m);
    expect(stdout).toMatch(/^# pass 10$/m);
    expect(stdout).toMatch(/^# fail 0$/m);
    expect(stdout).toMatch(/^# skipped 0$/m);
    expect(stdout).toMatch(/^# todo 0$/m);
  });
});
