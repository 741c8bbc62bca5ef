// Registered after tsx: counts the src/ modules an import loads, and prints them when the process exits.
import process from 'node:process';
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const loaded = new Set();
port1.on('message', (url) => loaded.add(url));
port1.unref();
register('./moduleCounterHooks.mjs', { parentURL: import.meta.url, data: { port: port2 }, transferList: [port2] });
process.on('exit', () => process.stdout.write(JSON.stringify([...loaded])));
