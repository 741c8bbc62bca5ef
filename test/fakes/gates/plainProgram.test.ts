import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const testing = pathToFileURL(join(process.cwd(), 'src/testing.ts')).href;

describe('a held stream in a plain node program', () => {
  it('that no one releases ends the program with T0071 after its timeoutMs, never hangs it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'standin-held-'));
    const program = join(dir, 'held.mts');
    writeFileSync(
      program,
      `import { createTestApp } from ${JSON.stringify(testing)};
const app = createTestApp({ models: { writer: { provider: 'anthropic', model: 'claude-test' } } });
app.fake('writer', [{ parts: ['Hel', { hold: 'mid', timeoutMs: 300 }, 'lo'] }]);
try {
  for await (const part of app.stream('writer', { messages: 'Hi' })) console.log(part.type);
} catch (error) {
  console.log(error.code);
}
`,
    );
    const started = Date.now();
    // Rejects on a non-zero exit, and kills a program that would hang past the bound.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', program], { timeout: 50_000 });
    expect(stdout.trim().split('\n')).toEqual(['text', 'T0071']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  }, 60_000);
});
