/**
 * One server of the wire server bench, alone in its own process, so that every server compared
 * runs as mock-llm does: `standin` (the wire server with one scripted model) or `bare` (node:http
 * answering a fixed chat completion). Prints `listening <url>` when ready; stops on SIGTERM.
 */
import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeServer } from '../src/server.js';

/** The bare server's body: the chat completion the wire server answers, fixed. */
export const FIXED = JSON.stringify({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4.1-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hello!' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 },
});

const kind = process.argv[2];
let url: string;
let stop: () => Promise<void>;
if (kind === 'standin') {
  const wire = await createFakeServer();
  wire.fake('gpt-4.1-mini', () => ({ text: 'Hello!' }));
  url = wire.url;
  stop = () => wire.close();
} else if (kind === 'bare') {
  const bare = createServer((req, res) => {
    req.resume();
    req.once('end', () =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(FIXED) }).end(FIXED),
    );
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  stop = () => new Promise((resolve) => bare.close(() => resolve()));
} else {
  throw new Error(`serverTargets: unknown server '${kind}'; give standin or bare.`);
}
process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
process.stdout.write(`listening ${url}\n`);
