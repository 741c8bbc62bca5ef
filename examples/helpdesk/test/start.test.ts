import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exampleTickets } from '../src/exampleTickets.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('npm start', () => {
  it('runs the help desk', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe('tsx examples/helpdesk/src/main.ts');
  });

  it(
    'starts the help desk on its fakes, prints the URL, and serves the page and a ticket there',
    { timeout: 120_000 },
    async () => {
      // No key: the fakes, as after a fresh `npm ci`. PORT=0 takes a free port; the printed URL says which.
      const { ANTHROPIC_API_KEY: _a, OPENAI_API_KEY: _o, TYPESAFE_API_KEY: _t, ...env } = process.env;
      const child = spawn('npm', ['start'], {
        cwd: root,
        env: { ...env, PORT: '0' },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = once(child, 'exit');
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.on('data', () => {
            const found = /Listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
            if (found) resolve(found[1]!);
          });
          void exited.then(([code]) =>
            reject(new Error(`npm start exited (${String(code)}) before listening:\n${output}`)),
          );
        });
        expect(output).toContain(
          'Help desk: the writer and the classifier are fakes scripted for the example tickets: no key, no network.',
        );

        const page = await fetch(url);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<h1>Help desk</h1>');

        const ticket = await fetch(`${url}tickets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: exampleTickets[0]!.message }),
        });
        expect(ticket.status).toBe(201);
        expect(
          ((await ticket.json()) as { classification: { team: { choice: string } } }).classification.team.choice,
        ).toBe('billing');
      } finally {
        // npm, its shell and node are one process group, started here: stop them all.
        if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
    },
  );
});
