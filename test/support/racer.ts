/**
 * One racing process: a test app in the namespace the arguments name. Once connected it prints
 * `ready`, waits for a line on stdin, then takes `steps` faked replies in scope 'race', 25 at a
 * time, and prints the texts it got as one JSON line. The race test and the benchmark run it.
 * Usage: node --import tsx racer.ts <redis-url> <namespace> <steps>
 */
import { once } from 'node:events';
import 'reflect-metadata';
import { createTestApp } from '../../src/testing.js';

const [url, namespace, count] = process.argv.slice(2);
const app = createTestApp({
  models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
  cursors: { store: 'redis', url: url!, namespace: namespace! },
});
await app.ready();
process.stdout.write('ready\n');
await once(process.stdin, 'data');
const steps = Number(count);
const texts: string[] = [];
let next = 0;
await app.scope('race', () =>
  Promise.all(
    Array.from({ length: 25 }, async () => {
      while (next < steps) {
        next++;
        texts.push((await app.reply('writer', { messages: 'go' })).text);
      }
    }),
  ),
);
await app.dispose();
process.stdout.write(`${JSON.stringify(texts)}\n`);
process.stdin.destroy();
