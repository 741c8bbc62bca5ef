import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { createConnection } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

const MODEL = 'anthropic.claude-sonnet-4-5-v1:0';
const SIZE = 16 * 1024 * 1024;

let server: FakeServer;
const sessions: ClientHttp2Session[] = [];
beforeEach(async () => {
  server = await createFakeServer({ writeTimeoutMs: 300, token: 'a-control-token-for-http2' });
});
afterEach(async () => {
  for (const session of sessions.splice(0)) session.destroy();
  await server.close();
});

/** An HTTP/2 session in clear text, with prior knowledge, as the AWS SDK's default handler opens one. */
function session(): ClientHttp2Session {
  const opened = connect(server.url);
  opened.on('error', () => undefined);
  sessions.push(opened);
  return opened;
}

/** One request on `on`: its status, headers and body, or how its stream ended when it was reset. */
function request(
  on: ClientHttp2Session,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string; reset: number | undefined }> {
  return new Promise((resolve) => {
    const stream = on.request({
      ':method': body === undefined ? 'GET' : 'POST',
      ':path': path,
      'content-type': 'application/json',
      ...headers,
    });
    let status = 0;
    let got: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (response) => {
      status = Number(response[':status']);
      got = response;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', () => undefined);
    stream.on('close', () =>
      resolve({
        status,
        headers: got,
        text: Buffer.concat(chunks).toString('utf8'),
        reset: stream.rstCode === constants.NGHTTP2_NO_ERROR ? undefined : stream.rstCode,
      }),
    );
    stream.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const chat = (stream = false) => ({ model: 'gpt-4.1-mini', stream, messages: [{ role: 'user', content: 'Hi' }] });

describe('FakeServer', () => {
  describe('over HTTP/2 in clear text', () => {
    it("serves @aws-sdk/client-bedrock-runtime's default HTTP/2 handler on the HTTP/1.1 port", async () => {
      server.fake(MODEL, [{ text: 'over HTTP/2' }, { text: 'over HTTP/1.1' }]);
      const credentials = { accessKeyId: 'AKIASTANDINTEST00001', secretAccessKey: 'standin/test/secret' };
      const bedrock = new BedrockRuntimeClient({ endpoint: server.url, region: 'us-east-1', credentials });
      const answer = await bedrock.send(
        new ConverseCommand({ modelId: MODEL, messages: [{ role: 'user', content: [{ text: 'Hi' }] }] }),
      );
      expect(answer.output?.message?.content).toEqual([{ text: 'over HTTP/2' }]);
      bedrock.destroy();
      const http1 = await fetch(`${server.url}/model/${MODEL}/converse`, {
        method: 'POST',
        body: JSON.stringify({ messages: [{ role: 'user', content: [{ text: 'Hi' }] }] }),
      });
      expect(JSON.stringify(await http1.json())).toContain('over HTTP/1.1');
      await server.verify();
    });

    it('answers whole and streamed replies, in the scope its header names, and many streams on one session', async () => {
      server.fake('gpt-4.1-mini', [{ text: 'whole' }, { text: 'streamed' }], 'h2');
      server.fake('gpt-4.1-mini', [{ text: 'one' }, { text: 'two' }, { text: 'three' }], 'h2-many');
      const on = session();
      const whole = await request(on, '/v1/chat/completions', chat(), { 'x-standin-scope': 'h2' });
      expect(whole.status).toBe(200);
      expect(whole.text).toContain('"content":"whole"');
      const streamed = await request(on, '/v1/chat/completions', chat(true), { 'x-standin-scope': 'h2' });
      expect(streamed.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(streamed.headers.connection).toBeUndefined();
      expect(streamed.text).toContain('"content":"streamed"');
      expect(streamed.text).toContain('data: [DONE]');
      const many = await Promise.all(
        ['a', 'b', 'c'].map((word) =>
          request(
            on,
            '/v1/chat/completions',
            { ...chat(), messages: [{ role: 'user', content: word }] },
            {
              'x-standin-scope': 'h2-many',
            },
          ),
        ),
      );
      expect(many.map((answer) => answer.status)).toEqual([200, 200, 200]);
      await server.verify('h2');
      await server.verify('h2-many');
    });

    it('serves the control API, which needs its token there too', async () => {
      const on = session();
      expect((await request(on, '/__standin/sent')).status).toBe(401);
      const sent = await request(on, '/__standin/sent', undefined, { 'x-standin-token': 'a-control-token-for-http2' });
      expect(JSON.parse(sent.text)).toEqual({ sent: [], dropped: 0 });
    });

    it('drops a scripted network failure as a reset stream, and the session carries on', async () => {
      server.fake('gpt-4.1-mini', [{ fail: 'network' }, { text: 'after the drop' }]);
      const on = session();
      const dropped = await request(on, '/v1/chat/completions', chat());
      expect(dropped.reset).toBeDefined();
      expect(on.closed).toBe(false);
      const next = await request(on, '/v1/chat/completions', {
        ...chat(),
        messages: [{ role: 'user', content: 'Hey' }],
      });
      expect(next.text).toContain('after the drop');
    });

    it('resets the stream of a client that reads nothing of a large answer within the write timeout', async () => {
      server.fake('gpt-4.1-mini', () => ({ text: 'x'.repeat(SIZE) }));
      const on = session();
      const stream = on.request({ ':method': 'POST', ':path': '/v1/chat/completions' });
      stream.on('error', () => undefined);
      const closed = new Promise<boolean>((done) => stream.once('close', () => done(true)));
      stream.pause();
      stream.end(JSON.stringify(chat(true)));
      await new Promise((wait) => setTimeout(wait, 2000));
      let received = 0;
      stream.on('data', (chunk: Buffer) => (received += chunk.length));
      stream.resume();
      // A stream still open 10 s after the client reads again is one the server kept.
      expect(await Promise.race([closed, new Promise<boolean>((done) => setTimeout(() => done(false), 10_000))])).toBe(
        true,
      );
      expect(stream.rstCode).not.toBe(constants.NGHTTP2_NO_ERROR);
      expect(received).toBeLessThan(SIZE / 2);
    }, 30_000);

    it('tells the protocols apart by the first bytes, however they are split', async () => {
      const { port } = new URL(server.url);
      const first = (pieces: Buffer[]): Promise<Buffer> =>
        new Promise((resolve, reject) => {
          const socket = createConnection(Number(port), '127.0.0.1');
          socket.once('data', (data: Buffer) => {
            socket.destroy();
            resolve(data);
          });
          socket.once('error', reject);
          void (async () => {
            for (const piece of pieces) {
              socket.write(piece);
              await new Promise((wait) => setTimeout(wait, 5));
            }
          })();
        });
      // The preface in two pieces, then an empty SETTINGS frame: the server's first frame is its SETTINGS (type 4).
      const settings = Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]);
      const h2 = await first([
        Buffer.from('PRI * HTTP/2.0\r\n'),
        Buffer.concat([Buffer.from('\r\nSM\r\n\r\n'), settings]),
      ]);
      expect(h2[3]).toBe(4);
      // An HTTP/1.1 request a byte at a time, its first byte the preface's too.
      const request = 'POST /v1/nothing HTTP/1.1\r\nhost: x\r\ncontent-length: 0\r\n\r\n';
      const h1 = await first([...request].map((char) => Buffer.from(char)));
      expect(h1.toString('latin1')).toMatch(/^HTTP\/1\.1 404/);
    });

    it('ends its HTTP/2 sessions when it closes', async () => {
      const on = session();
      await request(on, '/__standin/sent');
      const ended = new Promise<void>((done) => on.once('close', () => done()));
      await server.close();
      await ended;
      expect(on.destroyed).toBe(true);
    });
  });
});
