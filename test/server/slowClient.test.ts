import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

const SIZE = 16 * 1024 * 1024;
let server: FakeServer;
beforeEach(async () => {
  server = await createFakeServer({ writeTimeoutMs: 300 });
  server.fake('gpt-4.1-mini', () => ({ text: 'x'.repeat(SIZE) }));
});
afterEach(async () => {
  await server.close();
});

/** Sends `body` on a raw connection that reads nothing for `idleMs`, then reads what is left until the connection ends. */
async function readLate(path: string, body: string, idleMs: number): Promise<string> {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  socket.pause();
  socket.write(
    `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  await new Promise((wait) => setTimeout(wait, idleMs));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.resume();
  // A connection still open 10 s after the client reads again is one the server kept.
  const ended = await Promise.race([
    new Promise<boolean>((done) => socket.once('close', () => done(true))),
    new Promise<boolean>((done) => setTimeout(() => done(false), 10_000)),
  ]);
  socket.destroy();
  expect(ended).toBe(true);
  return Buffer.concat(chunks).toString('latin1');
}

describe('a client that never reads a large answer', { timeout: 30_000 }, () => {
  it('a streamed answer: the connection is closed after the write timeout, the rest never buffered', async () => {
    const received = await readLate(
      '/v1/chat/completions',
      JSON.stringify({ model: 'gpt-4.1-mini', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
      2000,
    );
    expect(received).toContain('HTTP/1.1 200');
    expect(received).not.toContain('[DONE]');
    expect(received.length).toBeLessThan(SIZE / 2);
  });

  it('a whole answer: the connection is closed after the write timeout', async () => {
    const received = await readLate(
      '/v1/chat/completions',
      JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hi' }] }),
      2000,
    );
    expect(received).toContain('HTTP/1.1 200');
    expect(received.length).toBeLessThan(SIZE);
  });

  it('a client that reads gets the whole streamed answer, in pieces of at most 16 KiB of text', async () => {
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'gpt-4.1-mini', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    const text = await response.text();
    const pieces = text.split('\n\n').filter((event) => event.includes('"content":"x'));
    expect(pieces.length).toBe(SIZE / (16 * 1024));
    expect(text).toContain('[DONE]');
  });
});
