import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

let server: FakeServer;
beforeEach(async () => {
  server = await createFakeServer();
});
afterEach(async () => {
  await server.close();
});

interface Read {
  /** Each piece of the body as it arrived, with the ms since the request was sent. */
  readonly pieces: { readonly at: number; readonly text: string }[];
  readonly text: string;
  /** Whether the body ended (rather than the connection breaking). */
  readonly ended: boolean;
}

function streamChat(body: object): Promise<Read> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const pieces: { at: number; text: string }[] = [];
    const done = (ended: boolean) => resolve({ pieces, text: pieces.map((p) => p.text).join(''), ended });
    const req = request(`${server.url}/v1/chat/completions`, { method: 'POST' }, (res) => {
      res.on('data', (chunk: Buffer) => pieces.push({ at: performance.now() - start, text: chunk.toString() }));
      res.once('end', () => done(true));
      res.once('error', () => done(false));
      res.once('aborted', () => done(false));
    });
    req.once('error', reject);
    req.end(JSON.stringify({ model: 'gpt-4.1-mini', stream: true, ...body }));
  });
}

const messages = [{ role: 'user', content: 'Hi' }];

describe('how a streamed answer is written', () => {
  it('each event is the JSON of its chunk object, fields in order, with usage: null when usage is asked', async () => {
    server.fake('gpt-4.1-mini', [{ text: 'Hel"lo' }]);
    const { text } = await streamChat({ messages, stream_options: { include_usage: true } });
    const events = text.split('\n\n').filter((event) => event !== '');
    const head = JSON.parse(events[0]!.slice('data: '.length)) as { id: string; created: number };
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({
        id: head.id,
        object: 'chat.completion.chunk',
        created: head.created,
        model: 'gpt-4.1-mini',
        system_fingerprint: 'fp_standin',
        usage: null,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })}`;
    expect(events.slice(0, 3)).toEqual([
      chunk({ role: 'assistant', content: '', refusal: null }),
      chunk({ content: 'Hel"lo' }),
      chunk({}, 'stop'),
    ]);
    expect(events.at(-1)).toBe('data: [DONE]');
  });

  it('events ready at once go out together; a wait between parts (partDelayMs) writes what came before it', async () => {
    server.fake('gpt-4.1-mini', [{ parts: [{ text: 'first' }, { text: 'second' }], partDelayMs: 400 }]);
    const { pieces, text } = await streamChat({ messages });
    const first = pieces.find((piece) => piece.text.includes('"content":"first"'))!;
    const second = pieces.find((piece) => piece.text.includes('"content":"second"'))!;
    expect(first.text).toContain('"role":"assistant"');
    expect(second.at - first.at).toBeGreaterThanOrEqual(300);
    expect(text).toContain('[DONE]');
  });

  it('a failure mid-stream breaks the connection after the events before it are written', async () => {
    server.fake('gpt-4.1-mini', [{ parts: [{ text: 'sent' }, { text: 'never sent' }], fail: 'network', failAfter: 1 }]);
    const { text, ended } = await streamChat({ messages });
    expect(text).toContain('"content":"sent"');
    expect(text).not.toContain('never sent');
    expect(text).not.toContain('[DONE]');
    expect(ended).toBe(false);
  });
});
