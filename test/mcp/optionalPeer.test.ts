import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/services/app/App.js';

const run = promisify(execFile);
const hide = fileURLToPath(new URL('./fixtures/hideMcpSdk.mjs', import.meta.url));
const script = fileURLToPath(new URL('./fixtures/withoutSdk.ts', import.meta.url));

describe(App, () => {
  describe('.mcpTools without @modelcontextprotocol/sdk installed', () => {
    it('leaves an app without mcp working, and fails with M0001 naming the package on the first use of a server', async () => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', '--import', hide, script], {
        timeout: 100_000,
      });
      const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as { plain: string; code: string; message: string };
      expect(seen.plain).toBe('disposed');
      expect(seen.code).toBe('M0001');
      expect(seen.message).toContain("needs the package '@modelcontextprotocol/sdk', which cannot be loaded");
      expect(seen.message).toContain('npm install @modelcontextprotocol/sdk');
    }, 120_000);
  });
});
