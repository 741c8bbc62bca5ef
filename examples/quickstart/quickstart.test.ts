import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('examples/quickstart', () => {
  it('runs an agent with a tool on a rebound provider and prints what happened', { timeout: 30_000 }, () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const output = execFileSync('node', ['--import', 'tsx', 'examples/quickstart/main.ts'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(output).toContain('step 0: asked for findInGuide({"words":"reset a password"})');
    expect(output).toContain('answer: Open Settings, then Password. (Help desk guide, page 2)');
    expect(output).toMatch(/units: \d+ in, \d+ out/);
  });
});
