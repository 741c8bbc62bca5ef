import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('./jest/', import.meta.url));
const jest = fileURLToPath(new URL('../../../node_modules/jest/bin/jest.js', import.meta.url));

interface JestReport {
  readonly success: boolean;
  readonly numTotalTests: number;
  readonly numPassedTests: number;
  readonly numPendingTests: number;
  readonly numTodoTests: number;
  readonly testResults: readonly { readonly message: string }[];
}

describe('standin/jest', () => {
  it('passes and fails every matcher as its spec says, under jest 30 in ESM mode', { timeout: 180_000 }, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--experimental-vm-modules', jest, '--json', '--ci'],
      { cwd: here, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`jest failed:\n${error.stderr ?? ''}\n${error.stdout ?? ''}`);
    });
    const report = JSON.parse(stdout) as JestReport;
    expect(report.testResults.map((file) => file.message)).toEqual(['']);
    expect(report.success).toBe(true);
    expect(report.numTotalTests).toBe(10);
    expect(report.numPassedTests).toBe(10);
    expect(report.numPendingTests + report.numTodoTests).toBe(0);
  });
});
