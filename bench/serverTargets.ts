/**
 * One server of the wire server bench, alone in its own process, so that every server compared
 * runs as mock-llm does: `standin` (the wire server), `bare` (node:http answering fixed bodies) or
 * `aimock` (@copilotkit/aimock's LLMock). Each answers the model `gpt-4.1-mini` with `Hello!`, and
 * the model `long` with LONG_CHUNKS pieces of `word `, streamed or not as the request asks. Run as
 * `node serverTargets.mjs <kind> <chunks>`; prints `listening <url>` when ready; stops on SIGTERM.
 */
import 'reflect-metadata';
import { LLMock } from '@copilotkit/aimock';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeServer } from '../src/server.js';

/** How many pieces the `long` model's answer streams in: the second argument, 200 when left out. */
const LONG_CHUNKS = Number(process.argv[3] ?? 200);
const PIECE = 'word ';

/** The bare server's body: the chat completion the wire server answers, fixed. */
const FIXED = JSON.stringify({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4.1-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hello!' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 },
});

/** One chat.completion.chunk event of the bare server's streams. */
const event = (delta: object, finish: string | null = null): string =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-4.1-mini',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

/** The events of a stream of `pieces`, the same the wire server sends; the bare server writes each as it comes. */
const streamOf = (pieces: readonly string[]): string[] => [
  event({ role: 'assistant', content: '' }),
  ...pieces.map((content) => event({ content })),
  event({}, 'stop'),
  'data: [DONE]\n\n',
];
const HELLO_STREAM = streamOf(['Hello!']);
const LONG_STREAM = streamOf(Array.from({ length: LONG_CHUNKS }, () => PIECE));

function answerBare(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.once('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model?: string; stream?: boolean };
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(FIXED) }).end(FIXED);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const text of body.model === 'long' ? LONG_STREAM : HELLO_STREAM) res.write(text);
    res.end();
  });
}

const kind = process.argv[2];
let url: string;
let stop: () => Promise<void>;
if (kind === 'standin') {
  const wire = await createFakeServer();
  wire.fake('gpt-4.1-mini', () => ({ text: 'Hello!' }));
  const long = { parts: Array.from({ length: LONG_CHUNKS }, () => ({ text: PIECE })) };
  wire.fake('long', () => long);
  url = wire.url;
  stop = () => wire.close();
} else if (kind === 'bare') {
  const bare = createServer(answerBare);
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  stop = () => new Promise((resolve) => bare.close(() => resolve()));
} else if (kind === 'aimock') {
  const mock = new LLMock({ port: 0, host: '127.0.0.1' });
  // chunkSize is in characters: one piece a chunk, as the other servers stream them.
  mock.on({ model: 'long' }, { content: PIECE.repeat(LONG_CHUNKS) }, { chunkSize: PIECE.length });
  mock.on({ model: 'gpt-4.1-mini' }, { content: 'Hello!' });
  url = await mock.start();
  stop = () => mock.stop();
} else {
  throw new Error(`serverTargets: unknown server '${kind}'; give standin, bare or aimock.`);
}
process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
process.stdout.write(`listening ${url}\n`);
