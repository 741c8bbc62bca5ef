import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../src/testing.js';
import { cassettesCommand } from '../../../src/server/cassettesCommand.js';
import { appWith, says, scripted } from '../../support/providers.js';
import { useFolder } from './support.js';

const folder = useFolder();
const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };
const live = (prefix = 'live') => scripted((request) => says(`${prefix}: ${JSON.stringify(request.messages.at(-1))}`));

afterEach(() => {
  vi.unstubAllEnvs();
});

async function recordedWith(path: string, ...questions: string[]): Promise<void> {
  const app = appWith({ anthropic: live() }, config);
  const cassette = app.cassette(path, { mode: 'record' });
  for (const question of questions) await app.reply('writer', { messages: question });
  await cassette.save();
}

/** Runs `standin cassettes ...`, answering its exit code and what it printed. */
async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await cassettesCommand(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The texts of a cassette's reply answers, in the file's order. */
const texts = (path: string): string[] =>
  (JSON.parse(readFileSync(path, 'utf8')) as { entries: { answer: { text: string } }[] }).entries.map(
    (entry) => entry.answer.text,
  );

describe('standin cassettes prune', () => {
  it('removes the entries the run did not replay and keeps every other byte, hand edits included', async () => {
    const path = join(folder(), 'c.json');
    const usage = join(folder(), 'usage.jsonl');
    await recordedWith(path, 'one', 'two', 'three');
    const edited = readFileSync(path, 'utf8').replace(
      'live: {\\"role\\":\\"user\\",\\"content\\":\\"three\\"}',
      'Three, by hand',
    );
    writeFileSync(path, edited);
    vi.stubEnv('STANDIN_CASSETTES_USAGE', usage);
    const app = createTestApp(config);
    app.cassette(path);
    await app.reply('writer', { messages: 'one' });
    await app.reply('writer', { messages: 'three' });

    const { code, out } = await run('prune', '--usage', usage, path);

    expect(code).toBe(0);
    expect(out).toBe(`${path}: removed 1 of 3 entries (entries[1])`);
    expect(texts(path)).toEqual(['live: {"role":"user","content":"one"}', 'Three, by hand']);
    const [first, , third] = (JSON.parse(edited) as { entries: unknown[] }).entries;
    const indent = (value: unknown): string => JSON.stringify(value, null, 2).replaceAll('\n', '\n    ');
    expect(readFileSync(path, 'utf8')).toBe(
      edited.slice(0, edited.indexOf('    {')) +
        `    ${indent(first)},\n    ${indent(third)}` +
        edited.slice(edited.indexOf('\n  ],\n  "standin"')),
    );
  });

  it('keeps the entries a record-missing run added after the file', async () => {
    const path = join(folder(), 'c.json');
    const usage = join(folder(), 'usage.jsonl');
    await recordedWith(path, 'one', 'two');
    vi.stubEnv('STANDIN_CASSETTES_USAGE', usage);
    const app = appWith({ anthropic: live('new') }, config);
    const cassette = app.cassette(path, { mode: 'record-missing' });
    await app.reply('writer', { messages: 'two' });
    await app.reply('writer', { messages: 'four' });
    await cassette.save();

    expect((await run('prune', '--usage', usage, path)).code).toBe(0);

    expect(texts(path)).toEqual(['live: {"role":"user","content":"two"}', 'new: {"role":"user","content":"four"}']);
  });

  it('empties the list when the run replayed none of the entries', async () => {
    const path = join(folder(), 'c.json');
    const usage = join(folder(), 'usage.jsonl');
    await recordedWith(path, 'one');
    vi.stubEnv('STANDIN_CASSETTES_USAGE', usage);
    createTestApp(config).cassette(path);

    expect((await run('prune', '--usage', usage, path)).code).toBe(0);

    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ standin: 'cassette', version: 1, entries: [] });
  });

  it('writes nothing with --dry-run', async () => {
    const path = join(folder(), 'c.json');
    const usage = join(folder(), 'usage.jsonl');
    await recordedWith(path, 'one', 'two');
    const before = readFileSync(path, 'utf8');
    vi.stubEnv('STANDIN_CASSETTES_USAGE', usage);
    createTestApp(config).cassette(path);

    const { out } = await run('prune', '--usage', usage, '--dry-run', path);

    expect(out).toBe(`${path}: would remove 2 of 2 entries (entries[0], entries[1])`);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('refuses with V0010 a cassette no test of the run loaded', async () => {
    const path = join(folder(), 'c.json');
    const usage = join(folder(), 'usage.jsonl');
    await recordedWith(path, 'one');
    writeFileSync(usage, '');
    const before = readFileSync(path, 'utf8');

    const { code, err } = await run('prune', '--usage', usage, path);

    expect(code).toBe(1);
    expect(err).toMatch(/^V0010: No test of the run the usage file notes loaded the cassette/);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('refuses with V0010 a cassette edited since the run', async () => {
    const path = join(folder(), 'c.json');
    const usage = join(folder(), 'usage.jsonl');
    await recordedWith(path, 'one', 'two');
    vi.stubEnv('STANDIN_CASSETTES_USAGE', usage);
    createTestApp(config).cassette(path);
    writeFileSync(path, readFileSync(path, 'utf8').replace('"one"', '"uno"'));

    const { code, err } = await run('prune', '--usage', usage, path);

    expect(code).toBe(1);
    expect(err).toContain('changed since the run the usage file notes');
  });

  it('refuses a usage file with a line that is no note, with V0009 and the line', async () => {
    const path = join(folder(), 'c.json');
    const usage = join(folder(), 'usage.jsonl');
    await recordedWith(path, 'one');
    writeFileSync(usage, '{"cassette":"x","event":"loaded","digest":"d","entries":1}\nnot json\n');

    const { code, err } = await run('prune', '--usage', usage, path);

    expect(code).toBe(2);
    expect(err).toContain('line 2, is not a note of a test run');
  });

  it('asks for the usage file when none is given', async () => {
    const { code, err } = await run('prune', 'c.json');
    expect(code).toBe(2);
    expect(err).toMatch(/^V0012: prune needs the usage file/);
  });
});

describe('Cassette', () => {
  describe('.verify', () => {
    it('names prune in its advice (V0005)', async () => {
      const path = join(folder(), 'c.json');
      await recordedWith(path, 'one');
      const cassette = createTestApp(config).cassette(path);
      await expect(cassette.verify()).rejects.toThrow(/V0005[\s\S]*standin cassettes prune/);
    });
  });
});

describe('STANDIN_CASSETTES_USAGE', () => {
  it('fails the replay with V0009 when the usage file cannot be written', async () => {
    const path = join(folder(), 'c.json');
    await recordedWith(path, 'one');
    vi.stubEnv('STANDIN_CASSETTES_USAGE', join(folder(), 'no-such-folder', 'usage.jsonl'));
    expect(() => createTestApp(config).cassette(path)).toThrow(expect.objectContaining({ code: 'V0009' }));
  });
});
