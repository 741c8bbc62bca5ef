import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tool, type StandinConfigInput } from '../../src/index.js';
import { cassettesCommand } from '../../src/server/cassettesCommand.js';
import { checkCassette, createFakeServer, type CheckCassetteSettings, type FakeServer } from '../../src/server.js';
import { createTestApp, type Answer, type TestApp } from '../../src/testing.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-check-'));
const recordedPath = join(dir, 'recorded.json');
const KEY = 'sk-check-0123456789abcdef';

const findInGuide = tool({ input: z.object({ words: z.string() }), run: () => 'page 2' });
const team = z.object({ team: z.enum(['billing', 'technical']) });

/** What the upstream answered when the cassette was recorded: a text, a tool call, a typed value, a failure. */
const recorded: Answer[] = [
  { text: 'Open Settings, then Reset.' },
  { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
  { value: { team: 'billing' } },
  { fail: 'server' },
];

/** The recorded answers, with those at the positions of `changes` replaced. */
const answering = (changes: Record<number, Answer>): Answer[] => recorded.map((answer, i) => changes[i] ?? answer);

const configFor = (url: string, apiKey: string | undefined = KEY): StandinConfigInput => ({
  models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } },
  providers: { openai: { baseURL: `${url}/v1`, ...(apiKey === undefined ? {} : { apiKey }) } },
  retry: { attempts: 1 },
});

async function ask(app: TestApp): Promise<void> {
  await app.reply('writer', { messages: 'How do I reset my password?' });
  await app.reply('writer', { messages: 'Find the reset page.', tools: { findInGuide } });
  await app.reply('writer', { messages: 'My card was charged twice.', output: team });
  await app.reply('writer', { messages: 'Are you there?' }).catch(() => undefined);
}

/** Records the four calls of the help desk against a loopback upstream, in process. */
beforeAll(async () => {
  const upstream = await createFakeServer({ scripts: { models: { 'gpt-4.1-mini': recorded } } });
  const app = createTestApp(configFor(upstream.url));
  const cassette = app.cassette(recordedPath, { mode: 'record' });
  await ask(app);
  await cassette.save();
  await app.dispose();
  await upstream.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let copies = 0;
/** A fresh copy of the recorded cassette, with `edit` applied to its text. */
function copy(edit: (text: string) => string = (text) => text): string {
  const path = join(dir, `copy-${copies++}.json`);
  writeFileSync(path, edit(readFileSync(recordedPath, 'utf8')));
  return path;
}

/** Runs `task` with an upstream that now answers `answers`. */
async function withUpstream<T>(answers: Answer[], task: (upstream: FakeServer) => Promise<T>): Promise<T> {
  const upstream = await createFakeServer({ scripts: { models: { 'gpt-4.1-mini': answers } } });
  try {
    return await task(upstream);
  } finally {
    await upstream.close();
  }
}

async function check(answers: Answer[], settings: Partial<CheckCassetteSettings> = {}, path = copy()) {
  return withUpstream(answers, (upstream) => checkCassette(path, { config: configFor(upstream.url), ...settings }));
}

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await cassettesCommand(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function configFile(url: string, apiKey?: string): string {
  const path = join(dir, `config-${copies++}.json`);
  writeFileSync(path, JSON.stringify(configFor(url, apiKey)));
  return path;
}

describe('checkCassette', () => {
  describe('a reply entry', () => {
    it('is same when the new answer is the recorded one', async () => {
      const report = await check(recorded);

      expect(report.entries.map((entry) => entry.verdict)).toEqual(['same', 'same', 'same', 'same']);
      expect(report.code).toBe(0);
    });

    it('is wording only when only the text differs', async () => {
      const report = await check(answering({ 0: { text: 'Go to Settings and choose Reset.' } }));

      expect(report.entries[0]).toMatchObject({ verdict: 'wording only', changes: [] });
      expect(report.entries[0]!.wording).toContain('text');
      expect(report.code).toBe(0);
    });

    it('is wording only when a tool input holds other values of the same keys and types', async () => {
      const report = await check(answering({ 1: { calls: [{ tool: 'findInGuide', with: { words: 'password' } }] } }));

      expect(report.entries[1]).toMatchObject({ verdict: 'wording only', changes: [] });
    });

    it('is changed when the tool called is another', async () => {
      const renamed = {
        misbehave: 'unknown_tool',
        calls: [{ tool: 'searchGuide', with: { words: 'reset' } }],
      } as const;
      const report = await check(answering({ 1: renamed }));

      expect(report.entries[1]!.verdict).toBe('changed');
      expect(report.entries[1]!.changes).toEqual(
        expect.arrayContaining(['tool call findInGuide missing', 'tool call searchGuide added']),
      );
      expect(report.code).toBe(1);
    });

    it("is changed when a tool call's input has a key more", async () => {
      const added = {
        misbehave: 'bad_tool_input',
        calls: [{ tool: 'findInGuide', with: { words: 'reset', page: 2 } }],
      } as const;
      const report = await check(answering({ 1: added }));

      expect(report.entries[1]!.changes).toContain("tool call findInGuide's input: key 'page' added");
    });

    it('is changed when the reply finishes otherwise', async () => {
      const report = await check(answering({ 0: { text: 'Open Settings, then', finish: 'length' } }));

      expect(report.entries[0]).toMatchObject({ verdict: 'changed', changes: ['finish length, was stop'] });
    });

    it("is changed when the typed value no longer fits the request's output schema", async () => {
      const report = await check(answering({ 2: { misbehave: 'wrong_shape', value: { team: 'sales' } } }));

      expect(report.entries[2]!.verdict).toBe('changed');
      expect(report.entries[2]!.changes).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^the typed value no longer fits the request's output schema at team/),
        ]),
      );
    });

    it('is changed when the call fails where it answered', async () => {
      const report = await check(answering({ 0: { fail: 'server' } }));

      expect(report.entries[0]!.changes).toEqual(['a failure (server) where there was an answer']);
    });

    it('is changed when the call answers where it failed, with a diff of the recorded answer against the new', async () => {
      const report = await check(answering({ 3: { text: 'Yes, here.' } }));

      expect(report.entries[3]!.changes).toEqual(['an answer where there was a failure (server)']);
      expect(report.entries[3]!.diff).toEqual(
        expect.arrayContaining(['-   "fail": "server"', '+   "text": "Yes, here.",']),
      );
    });

    it('is changed when units move past the tolerance, and wording only within it', async () => {
      const units = { text: 'Open Settings, then Reset.', units: { tokensIn: 7, tokensOut: 12 } };

      expect((await check(answering({ 0: units }))).entries[0]!.changes).toEqual([
        'tokensOut 12, was 7: past the ±50% tolerance',
      ]);
      expect((await check(answering({ 0: units }), { unitsTolerance: 1 })).entries[0]!.verdict).toBe('wording only');
    });
  });

  describe('an entry it cannot check', () => {
    it('says a hand-written when entry is not checked, and why', async () => {
      const path = copy((text) =>
        text.replace(
          '"entries": [',
          '"entries": [{ "model": "writer", "call": "reply", "when": { "user": "refund" }, "answer": { "text": "5 days." } },',
        ),
      );
      const report = await check(recorded, {}, path);

      expect(report.entries[0]).toMatchObject({
        verdict: 'not checked',
        reason: 'written by hand with a when, it has no request to send',
      });
      expect(report.entries.slice(1).map((entry) => entry.verdict)).toEqual(['same', 'same', 'same', 'same']);
      expect(report.code).toBe(0);
    });

    it('says an entry of a call other than reply is not checked', async () => {
      const embed =
        '{ "model": "writer", "call": "embed", "request": { "text": "hi" }, "answer": { "vector": [0.5] } },';
      const report = await check(
        recorded,
        {},
        copy((text) => text.replace('"entries": [', `"entries": [${embed}`)),
      );

      expect(report.entries[0]).toMatchObject({
        verdict: 'not checked',
        reason: 'it records embed, and the check sends the requests of replies',
      });
    });

    it('reports an error for each entry when the provider cannot be reached, with no key in it', async () => {
      const closed = await createFakeServer();
      await closed.close();
      const report = await checkCassette(copy(), { config: configFor(closed.url) });

      expect(report.entries.map((entry) => entry.verdict)).toEqual(['error', 'error', 'error', 'error']);
      expect(report.entries[0]!.reason).toMatch(/^the provider could not be asked \(network\)/);
      expect(report.code).toBe(3);
      expect(JSON.stringify(report)).not.toContain(KEY);
    });

    it('reports an error for an entry whose model the config does not name', async () => {
      const report = await check(recorded, {
        config: { models: { other: { provider: 'openai', model: 'gpt-4.1-mini' } } },
      });

      expect(report.entries[0]).toMatchObject({
        verdict: 'error',
        reason: "the config names no model 'writer': add it to models",
      });
    });
  });

  describe('update', () => {
    it("rewrites only the changed entries' text, every other byte as it was, and the file replays the new answer", async () => {
      const compact = (text: string): string => {
        const start = text.indexOf('    {');
        const end = text.indexOf('\n    },', start) + '\n    }'.length;
        return text.slice(0, start) + JSON.stringify(JSON.parse(text.slice(start, end))) + text.slice(end);
      };
      const path = copy(compact);
      const before = readFileSync(path, 'utf8');
      const lastStart = before.lastIndexOf('\n    {') + 1;
      const lastEnd = before.lastIndexOf('\n    }') + '\n    }'.length;
      const report = await check(answering({ 3: { text: 'Yes, here.' } }), { update: true }, path);

      expect(report.updated).toEqual([3]);
      const after = readFileSync(path, 'utf8');
      expect(after.slice(0, lastStart)).toBe(before.slice(0, lastStart));
      expect(after.endsWith(before.slice(lastEnd))).toBe(true);
      const entries = (JSON.parse(after) as { entries: { answer: unknown; request: unknown }[] }).entries;
      const was = (JSON.parse(before) as { entries: { answer: unknown; request: unknown }[] }).entries;
      expect(entries[3]!.answer).toMatchObject({ text: 'Yes, here.' });
      expect(entries[3]!.request).toEqual(was[3]!.request);
      const app = createTestApp(configFor('http://127.0.0.1:9'));
      app.cassette(path);
      expect((await app.reply('writer', { messages: 'Are you there?' })).text).toBe('Yes, here.');
      await app.dispose();
    });
  });

  describe('update of a timed entry', () => {
    it("drops the old answer's timing, which the new answer's parts need not fit, and the file still replays", async () => {
      const timed = (text: string): string => {
        const file = JSON.parse(text) as { entries: Record<string, unknown>[] };
        file.entries[0]!.timing = { firstMs: 5, gapsMs: [] };
        return `${JSON.stringify(file, null, 2)}\n`;
      };
      const path = copy(timed);
      const reworded = { text: 'Open Settings, then', finish: 'length' } as const;
      const report = await check(answering({ 0: reworded }), { update: true }, path);
      expect(report.updated).toEqual([0]);
      const entries = (JSON.parse(readFileSync(path, 'utf8')) as { entries: Record<string, unknown>[] }).entries;
      expect(entries[0]!.timing).toBeUndefined();
      const app = createTestApp(configFor('http://127.0.0.1:9'));
      app.cassette(path, { pace: 'recorded' });
      expect((await app.reply('writer', { messages: 'How do I reset my password?' })).text).toBe(reworded.text);
      await app.dispose();
    });
  });

  describe('settings', () => {
    it('refuses a tolerance that is not a fraction of 0 or more with V0013', async () => {
      await expect(checkCassette(copy(), { config: {}, unitsTolerance: -1 })).rejects.toMatchObject({ code: 'V0013' });
    });

    it('refuses a path with no cassette with V0013', async () => {
      await expect(checkCassette(join(dir, 'none.json'), { config: {} })).rejects.toThrow(
        /V0013: There is no cassette at .*none\.json to check/,
      );
    });
  });
});

describe('standin cassettes check', () => {
  it('prints a line per entry and exits 0 when nothing changed in structure', async () => {
    const path = copy();
    const { code, out } = await withUpstream(answering({ 0: { text: 'Go to Settings.' } }), (upstream) =>
      run('check', '--config', configFile(upstream.url), path),
    );

    expect(code).toBe(0);
    expect(out.split('\n')).toEqual([
      'entries[0] writer reply: wording only (text, units)',
      'entries[1] writer reply: same',
      'entries[2] writer reply: same',
      'entries[3] writer reply: same',
      `${path}: 4 entries: 3 same, 1 wording only`,
    ]);
  });

  it('exits 1 for a changed entry, saying what changed and showing the diff', async () => {
    const { code, out } = await withUpstream(
      answering({ 0: { text: 'Open Settings, then', finish: 'length' } }),
      (upstream) => run('check', '--config', configFile(upstream.url), copy()),
    );

    expect(code).toBe(1);
    expect(out).toContain(
      'entries[0] writer reply: changed\n  finish length, was stop\n  the recorded answer ("-") against the new one ("+"):',
    );
    expect(out).toContain('    +   "finish": "length",');
  });

  it('exits 3 when the provider cannot be reached, with no key in the output', async () => {
    const closed = await createFakeServer();
    await closed.close();
    const { code, out, err } = await run('check', '--config', configFile(closed.url), copy());

    expect(code).toBe(3);
    expect(out).toContain('entries[0] writer reply: error: the provider could not be asked (network)');
    expect(out + err).not.toContain(KEY);
  });

  it('exits 2 with V0012 without --config, or with a tolerance that is not a fraction', async () => {
    expect(await run('check', copy())).toMatchObject({ code: 2, err: expect.stringContaining('V0012: check needs') });
    expect(
      await run('check', '--config', configFile('http://127.0.0.1:9'), '--tolerance', 'half', copy()),
    ).toMatchObject({
      code: 2,
      err: expect.stringContaining('V0012: --tolerance half is not a fraction'),
    });
  });

  it('exits 2 with V0013 for a config that is not JSON, and with V0001 for a file that is not a cassette', async () => {
    const config = join(dir, 'config.txt');
    writeFileSync(config, 'models: writer');
    expect(await run('check', '--config', config, copy())).toMatchObject({
      code: 2,
      err: expect.stringContaining(`V0013: --config ${config} is not JSON`),
    });
    const notCassette = join(dir, 'not.json');
    writeFileSync(notCassette, '{"entries": 3}');
    expect(await run('check', '--config', configFile('http://127.0.0.1:9'), notCassette)).toMatchObject({
      code: 2,
      err: expect.stringContaining('V0001'),
    });
  });

  it('records the changed entries again with --update, and says so', async () => {
    const path = copy();
    const { code, out } = await withUpstream(answering({ 3: { text: 'Yes, here.' } }), (upstream) =>
      run('check', '--update', '--config', configFile(upstream.url), path),
    );

    expect(code).toBe(1);
    expect(out).toContain(`${path}: 4 entries: 3 same, 1 changed; recorded again entries[3]`);
    expect(readFileSync(path, 'utf8')).toContain('"text": "Yes, here."');
  });

  it('runs as the standin command, the key from the environment', { timeout: 60_000 }, async () => {
    const path = copy();
    const result = await withUpstream(
      answering({ 1: { misbehave: 'unknown_tool', calls: [{ tool: 'search' }] } }),
      (upstream) => {
        const child = spawn(
          'node',
          [
            '--import',
            'tsx',
            'src/server/cli.ts',
            'cassettes',
            'check',
            '--config',
            configFile(upstream.url, undefined),
            path,
          ],
          { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, OPENAI_API_KEY: KEY, STANDIN_CASSETTES: '' } },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        return new Promise<{ code: number | null; out: string }>((resolve) =>
          child.once('exit', (code) => resolve({ code, out })),
        );
      },
    );

    expect(result.code).toBe(1);
    expect(result.out).toContain('entries[1] writer reply: changed\n');
    expect(result.out).toContain('  tool call search added\n');
    expect(result.out).not.toContain(KEY);
  });
});
