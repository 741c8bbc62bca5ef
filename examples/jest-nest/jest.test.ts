import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const jest = fileURLToPath(new URL('../../node_modules/jest/bin/jest.js', import.meta.url));

interface JestReport {
  readonly success: boolean;
  readonly numTotalTests: number;
  readonly numPassedTests: number;
  readonly numPendingTests: number;
  readonly numTodoTests: number;
  readonly testResults: readonly { readonly name: string; readonly status: string; readonly message: string }[];
}

describe('the jest example (examples/jest-nest)', () => {
  it('passes every TicketsService test under jest in ESM mode, none skipped', { timeout: 180_000 }, async () => {
    // Exactly the example's own `npm test`, with jest's JSON report on stdout.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--experimental-vm-modules', jest, '--json', '--ci'],
      {
        cwd: here,
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`jest failed:\n${error.stderr ?? ''}\n${error.stdout ?? ''}`);
    });
    const report = JSON.parse(stdout) as JestReport;
    expect(report.testResults.map((file) => file.message)).toEqual(['']);
    expect(report.success).toBe(true);
    expect(report.numTotalTests).toBe(9);
    expect(report.numPassedTests).toBe(9);
    expect(report.numPendingTests + report.numTodoTests).toBe(0);
  });

  it('is the jest.config.js docs/nest.md tells a Nest user to paste, less the lines that point standin at its source', () => {
    const readme = readFileSync(new URL('../../docs/nest.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Using jest'));
    const pasted = /```js\n\/\/ jest\.config\.js\n([\s\S]*?)```/.exec(section)?.[1];
    const lines = readFileSync(new URL('jest.config.js', import.meta.url), 'utf8').split('\n');
    const repoOnly = lines.findIndex((line) => line.includes('Only in this repository'));
    expect(repoOnly).toBeGreaterThan(0);
    lines.splice(repoOnly, 3);
    expect(pasted).toBe(lines.join('\n'));
  });
});
