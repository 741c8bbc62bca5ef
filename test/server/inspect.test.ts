import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { inspectCommand } from '../../src/server/inspectCommand.js';
import { LoopbackServer } from '../services/providers/loopback/LoopbackServer.js';
import { appOn, exercise, KEY, serveEverything, useFolder } from '../fakes/cassettes/support.js';

const run = promisify(execFile);
const folder = useFolder();

/** A cassette recorded from real exchanges with a loopback provider. */
async function recorded(): Promise<string> {
  const path = join(folder(), 'recorded.json');
  const server = await LoopbackServer.start();
  try {
    serveEverything(server);
    const app = appOn(server.url());
    const cassette = app.cassette(path, { mode: 'record' });
    await exercise(app);
    await cassette.save();
  } finally {
    await server.close();
  }
  return path;
}

function collect(): { out: string[]; err: string[]; output: { out(line: string): void; err(line: string): void } } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (line) => out.push(line), err: (line) => err.push(line) } };
}

describe(inspectCommand, () => {
  it("writes a recorded cassette's calls as one static page, with no script from elsewhere and no key", async () => {
    const path = await recorded();
    const page = join(folder(), 'out.html');
    const { out, err, output } = collect();

    expect(inspectCommand([path, '-o', page], output)).toBe(0);
    expect(err).toEqual([]);
    expect(out).toEqual([`wrote ${page}: ${path}, as a page`]);
    const html = readFileSync(page, 'utf8');
    const data = /<script type="application\/json" id="standin-data">(.*?)<\/script>/s.exec(html)![1]!;
    const view = JSON.parse(data) as { live: boolean; scopes: { steps: { call: string; answer: string[] }[] }[] };
    const entries = (JSON.parse(readFileSync(path, 'utf8')) as { entries: unknown[] }).entries;
    expect(view.live).toBe(false);
    expect(view.scopes[0]!.steps).toHaveLength(entries.length);
    expect(view.scopes[0]!.steps.map((step) => step.call)).toContain('reply');
    expect(html).not.toMatch(/<script src|<link|https?:\/\/(?!\[redacted\])/);
    expect(html).not.toContain(KEY);
  });

  it('prints the page when no -o is given, through the standin command', { timeout: 60_000 }, async () => {
    const path = await recorded();
    const { stdout } = await run('node', ['--import', 'tsx', 'src/server/cli.ts', 'inspect', path]);

    expect(stdout.startsWith('<!doctype html>')).toBe(true);
    expect(stdout).toContain('id="standin-data"');
  });

  it('refuses a missing cassette path (W0030), a file that does not exist (W0031) and one it cannot write (W0032)', async () => {
    const path = await recorded();
    const none = collect();
    expect(inspectCommand([], none.output)).toBe(2);
    expect(none.err[0]).toMatch(/^W0030: standin inspect takes one cassette; got none/);
    const missing = collect();
    expect(inspectCommand([join(folder(), 'nope.json')], missing.output)).toBe(2);
    expect(missing.err[0]).toMatch(/^W0031: .*nope\.json: there is no such cassette/);
    const unwritable = collect();
    expect(inspectCommand([path, '-o', join(folder(), 'no-folder', 'out.html')], unwritable.output)).toBe(2);
    expect(unwritable.err[0]).toMatch(/^W0032: /);
  });

  it('renders a cassette of 10,000 entries, each a step of the page', () => {
    // Were each entry placed in the file as it is read, 10,000 entries would not render during the test run.
    const path = join(folder(), 'big.json');
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      model: 'writer',
      call: 'reply',
      request: { messages: [{ role: 'user', content: `Question ${i}` }] },
      answer: { text: `Answer ${i}` },
    }));
    writeFileSync(path, JSON.stringify({ standin: 'cassette', version: 1, entries }, null, 2));
    const page = join(folder(), 'big.html');
    const { err, output } = collect();
    expect(inspectCommand([path, '-o', page], output)).toBe(0);
    expect(err).toEqual([]);
    const data = /<script type="application\/json" id="standin-data">(.*?)<\/script>/s.exec(
      readFileSync(page, 'utf8'),
    )![1]!;
    const view = JSON.parse(data) as { scopes: { steps: unknown[] }[] };
    expect(view.scopes[0]!.steps).toHaveLength(10_000);
  });
});
