import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cassettesCommand } from '../../../src/server/cassettesCommand.js';
import { createTestApp } from '../../../src/testing.js';
import { useFolder } from './support.js';

const folder = useFolder();
const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };
const hidden = (text: string): string => text.replaceAll('alice@example.com', '[email]');

/** A cassette recorded before today's rules: a bearer token and an e-mail address in the clear. */
function oldCassette(path: string): void {
  const entry = {
    answer: { text: 'Token Bearer sk-live-0123456789abcdef sent to alice@example.com' },
    call: 'reply',
    model: 'writer',
    request: {
      messages: [{ content: 'Mail alice@example.com', role: 'user' }],
      settings: { model: 'claude-test' },
    },
  };
  writeFileSync(path, `${JSON.stringify({ entries: [entry], standin: 'cassette', version: 1 }, null, 2)}\n`);
}

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await cassettesCommand(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('standin cassettes redact', () => {
  it("applies today's redaction and a module's to a file recorded before them", async () => {
    const path = join(folder(), 'c.json');
    const module = join(folder(), 'redact.mjs');
    oldCassette(path);
    writeFileSync(module, "export default (text) => text.replaceAll('alice@example.com', '[email]');\n");

    const { code, out } = await run('redact', '--redact', module, path);

    expect(code).toBe(0);
    expect(out).toBe(`${path}: rewrote 2 texts`);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('sk-live');
    expect(text).not.toContain('alice@');
    expect(text).toContain('Token Bearer [redacted] sent to [email]');
  });

  it('leaves a file replaying under the same redact function', async () => {
    const path = join(folder(), 'c.json');
    const module = join(folder(), 'redact.mjs');
    oldCassette(path);
    writeFileSync(module, "export const redact = (text) => text.replaceAll('alice@example.com', '[email]');\n");
    await run('redact', '--redact', module, path);

    const app = createTestApp(config);
    app.cassette(path, { redact: hidden });

    expect((await app.reply('writer', { messages: 'Mail alice@example.com' })).text).toBe(
      'Token Bearer [redacted] sent to [email]',
    );
  });

  it('writes nothing when nothing changes', async () => {
    const path = join(folder(), 'c.json');
    oldCassette(path);
    await run('redact', path);
    const before = readFileSync(path, 'utf8');

    expect((await run('redact', path)).out).toBe(`${path}: rewrote 0 texts`);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('refuses a module with no redact function with V0012', async () => {
    const path = join(folder(), 'c.json');
    const module = join(folder(), 'redact.mjs');
    oldCassette(path);
    writeFileSync(module, 'export const other = 1;\n');

    const { code, err } = await run('redact', '--redact', module, path);

    expect(code).toBe(2);
    expect(err).toMatch(/^V0012: --redact .* has no redact function/);
  });

  it('refuses a file that is not a cassette with V0001 and goes on with the rest', async () => {
    const bad = join(folder(), 'bad.json');
    const good = join(folder(), 'good.json');
    writeFileSync(bad, '{"entries": [}');
    oldCassette(good);

    const { code, out, err } = await run('redact', bad, good);

    expect(code).toBe(1);
    expect(err).toMatch(/^V0001: .*bad\.json is not JSON at line 1, column 14/);
    expect(out).toBe(`${good}: rewrote 1 text`);
  });
});
