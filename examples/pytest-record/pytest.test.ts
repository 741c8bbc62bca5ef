import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needPytest } from '../../test/support/pytest.js';
import { createFakeServer, type FakeServer } from '../../src/server.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
// The server as the repository runs it: the standin command from src/.
const serve = `${process.execPath} --import tsx ${join(root, 'src/server/cli.ts')} serve`;
const KEY = 'sk-server-side-key-0123456789';

const folder = mkdtempSync(join(tmpdir(), 'standin-pytest-record-'));
const cassette = join(folder, 'cassettes', 'chat.json');
const config = join(folder, 'standin.config.json');
copyFileSync(join(here, 'conftest.py'), join(folder, 'conftest.py'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs pytest on the folder, with the test file `source`, in cassette mode `mode`. */
function pytest(source: string, mode: string): Promise<{ code: number; output: string }> {
  writeFileSync(join(folder, 'test_chat.py'), source);
  const env = {
    ...process.env,
    STANDIN_SERVE: serve,
    STANDIN_CASSETTE: cassette,
    STANDIN_CONFIG: config,
    STANDIN_CASSETTES: mode,
    OPENAI_API_KEY: KEY,
    PYTHONDONTWRITEBYTECODE: '1',
  };
  return new Promise((resolve) => {
    execFile(
      'python3',
      ['-m', 'pytest', folder, '-q', '-p', 'no:cacheprovider'],
      { cwd: root, env, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1,
          output: stdout + stderr,
        }),
    );
  });
}

// The recipe's own tests, as a user copies them.
const TESTS = readFileSync(join(here, 'test_chat.py'), 'utf8');

describe('the pytest recording recipe (examples/pytest-record/conftest.py)', { timeout: 180_000 }, () => {
  let upstream: FakeServer | undefined;
  beforeAll(async () => {
    needPytest();
    upstream = await createFakeServer({
      scripts: {
        models: {
          'gpt-4.1-mini': [
            { text: 'Hello!', when: { user: 'Hi' } },
            { text: 'Red.', when: { user: 'Name a colour.' } },
            { text: 'Blue.', when: { user: 'Name another.' } },
          ],
        },
      },
    });
    writeFileSync(
      config,
      JSON.stringify({
        models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } },
        providers: { openai: { baseURL: `${upstream.url}/v1` } },
      }),
    );
  });
  afterAll(() => upstream?.close());

  it('records each test in its own scope through the real provider, with no key in the file', async () => {
    const { code, output } = await pytest(TESTS, 'record-missing');
    expect(output).toContain('2 passed');
    expect(code).toBe(0);
    const text = readFileSync(cassette, 'utf8');
    const entries = (JSON.parse(text) as { entries: { answer: { text: string } }[] }).entries;
    // Each test's conversation is recorded in its own scope, in the order its calls began.
    expect(entries.map((entry) => entry.answer.text)).toEqual(['Red.', 'Blue.', 'Hello!']);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('dummy');
  });

  it('replays with the provider gone, and fails the session on a recording no test asked for', async () => {
    await upstream!.close();
    upstream = undefined;
    const replayed = await pytest(TESTS, 'replay');
    expect(replayed.output).toContain('2 passed');
    expect(replayed.code).toBe(0);
    const fewer = await pytest(TESTS.split('\ndef test_asks_twice')[0]!, 'replay');
    expect(fewer.output).toContain('1 passed');
    expect(fewer.output).toContain('standin verify failed the session: V0005');
    expect(fewer.code).toBe(1);
  });
});
