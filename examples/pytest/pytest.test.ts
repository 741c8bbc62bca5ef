import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needPytest } from '../../test/support/pytest.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
// The server as the repository runs it: the standin command from src/.
const serve = `${process.execPath} --import tsx ${join(root, 'src/server/cli.ts')} serve`;

/** Runs pytest on `folder` against the real server; resolves with its exit code and output. */
function pytest(folder: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'python3',
      ['-m', 'pytest', folder, '-q', '-p', 'no:cacheprovider'],
      { cwd: root, env: { ...process.env, STANDIN_SERVE: serve, PYTHONDONTWRITEBYTECODE: '1' }, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1,
          output: stdout + stderr,
        }),
    );
  });
}

/** A folder with the recipe's conftest.py and one test file of `source`. */
function withConftest(source: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'standin-pytest-'));
  folders.push(folder);
  copyFileSync(join(here, 'conftest.py'), join(folder, 'conftest.py'));
  writeFileSync(join(folder, 'test_case.py'), source);
  return folder;
}
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the pytest recipe (examples/pytest/conftest.py)', { timeout: 120_000 }, () => {
  beforeAll(needPytest);
  it('runs the example tests against standin serve, each in its own scope, and passes', async () => {
    const { code, output } = await pytest(here);
    expect(output).toContain('2 passed');
    expect(code).toBe(0);
  });

  it("fails a test whose scope left an answer unused, naming it from the server's verify", async () => {
    const folder = withConftest(`
def test_leaves_one(scope):
    scope.script({"models": {"gpt-4.1-mini": [{"text": "used"}, {"text": "never asked"}]}})
    status, _ = scope.post("/v1/chat/completions", {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": "Hi"}]})
    assert status == 200
`);
    const { code, output } = await pytest(folder);
    expect(code).toBe(1);
    expect(output).toContain('W0014');
    expect(output).toContain('[1] { text: "never asked" }');
  });

  it('fails the session when an answer no test asked for is left on the server', async () => {
    const folder = withConftest(`
def test_scripts_a_scope_it_never_calls(standin):
    status, _ = standin.control("PUT", "scripts?scope=forgotten", {"models": {"gpt-4.1-mini": [{"text": "left"}]}})
    assert status == 200
`);
    const { code, output } = await pytest(folder);
    expect(output).toContain('1 passed');
    expect(output).toContain('standin verify failed the session: W0014');
    expect(output).toContain("scope 'forgotten'");
    expect(code).toBe(1);
  });
});
