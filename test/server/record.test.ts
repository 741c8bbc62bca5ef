import { createServer, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../src/server.js';
import { MAX_ADDED_MODELS } from '../../src/server/RecordingApps.js';
import { createTestApp } from '../../src/testing.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

let files = 0;
function cassettePath(): string {
  return join(dir, `cassette-${++files}.json`);
}

const plain = { model: 'gpt-4.1-mini', messages: [{ role: 'user' as const, content: 'How do I reset my password?' }] };
const streamed = { model: 'gpt-4.1-mini', messages: [{ role: 'user' as const, content: 'Say hello.' }] };

/** A loopback OpenAI upstream: the plain question's answer, then a streamed answer held at gate `mid`. */
function upstreamScripts() {
  return {
    models: {
      'gpt-4.1-mini': [{ text: 'Open Settings, then Reset.' }, { parts: ['Hel', { hold: 'mid' }, 'lo'] }],
    },
  };
}

/** The config the recording server runs; `null` gives the provider no key, for the server's environment to give. */
function configFor(url: string, apiKey: string | null = 'sk-upstream-key-0123456789') {
  return {
    models: { helpdesk: { provider: 'openai', model: 'gpt-4.1-mini' } },
    providers: { openai: { baseURL: `${url}/v1`, ...(apiKey === null ? {} : { apiKey }) } },
  };
}

function client(url: string): OpenAI {
  return new OpenAI({ baseURL: `${url}/v1`, apiKey: 'dummy-client-key' });
}

/** Streams the held answer: the first chunk must reach the client while the upstream holds at `mid`. */
async function streamHeld(openai: OpenAI, release: () => void): Promise<string[]> {
  const stream = await openai.chat.completions.create({ ...streamed, stream: true });
  const texts: string[] = [];
  for await (const chunk of stream) {
    const text = chunk.choices[0]?.delta.content;
    if (text === undefined || text === null || text === '') continue;
    texts.push(text);
    if (texts.length === 1) release();
  }
  return texts;
}

/** The texts of the streamed question's chunks, as they came. */
async function collect(openai: OpenAI): Promise<string[]> {
  const texts: string[] = [];
  for await (const chunk of await openai.chat.completions.create({ ...streamed, stream: true }))
    texts.push(chunk.choices[0]?.delta.content ?? '');
  return texts;
}

describe('createFakeServer({ record, config })', () => {
  it('records a plain chat of the openai client and a stream whose first chunk reaches it while the upstream holds, then replays both with the upstream closed', async () => {
    const path = cassettePath();
    const upstream = await createFakeServer({ scripts: upstreamScripts() });
    const recorder = await createFakeServer({ record: path, config: configFor(upstream.url) });
    const openai = client(recorder.url);
    const reply = await openai.chat.completions.create(plain);
    expect(reply.choices[0]!.message.content).toBe('Open Settings, then Reset.');
    expect(await streamHeld(openai, () => upstream.release('mid'))).toEqual(['Hel', 'lo']);
    await recorder.close();
    await upstream.close();

    const replay = await createFakeServer({ record: { path, mode: 'replay' }, config: configFor(upstream.url) });
    const again = client(replay.url);
    expect((await again.chat.completions.create(plain)).choices[0]!.message.content).toBe('Open Settings, then Reset.');
    expect(await streamHeld(again, () => undefined)).toEqual(['Hel', 'lo']);
    const missed = await again.chat.completions
      .create({ ...plain, messages: [{ role: 'user', content: 'Something else' }] }, { maxRetries: 0 })
      .catch((error: unknown) => error);
    expect(missed).toMatchObject({ status: 400, message: expect.stringContaining('T0040') });
    await replay.close();
  });

  it('fails a whole-server verify with V0005 for a recording no request replayed, and the verify route with it', async () => {
    const path = cassettePath();
    const upstream = await createFakeServer({
      scripts: { models: { 'gpt-4.1-mini': [{ text: 'One.' }, { text: 'Two.' }] } },
    });
    const recorder = await createFakeServer({ record: path, config: configFor(upstream.url) });
    await client(recorder.url).chat.completions.create(plain);
    await client(recorder.url).chat.completions.create(streamed);
    await recorder.close();
    await upstream.close();

    const replay = await createFakeServer({ record: { path, mode: 'replay' }, config: configFor(upstream.url) });
    await client(replay.url).chat.completions.create(plain);
    await expect(replay.verify('some-scope')).resolves.toBeUndefined();
    await expect(replay.verify()).rejects.toThrow(
      /V0005[\s\S]*entries\[1\] helpdesk reply \{ text: "Two\." \} never replayed/,
    );
    const route = await fetch(`${replay.url}/__standin/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${replay.token}` },
    });
    const body = (await route.json()) as { code: string; unreplayed: string[]; message: string };
    expect(route.status).toBe(409);
    expect(body.code).toBe('V0005');
    expect(body.unreplayed).toEqual([expect.stringContaining('entries[1] helpdesk reply { text: "Two." }')]);
    expect(body.message).toContain('standin cassettes prune');
    await client(replay.url).chat.completions.create(streamed);
    await expect(replay.verify()).resolves.toBeUndefined();
    await replay.close();
  });

  it("records and replays each scope's calls from the scope's own start: scope:<id> keys are app scopes", async () => {
    const path = cassettePath();
    const upstream = await createFakeServer({
      scripts: {
        models: { 'gpt-4.1-mini': [{ text: 'One.' }, { text: 'Two.' }, { text: 'Three.' }, { text: 'Four.' }] },
      },
    });
    const twice = async (url: string, scope: string): Promise<(string | null)[]> => {
      const openai = new OpenAI({ baseURL: `${url}/v1`, apiKey: `scope:${scope}`, maxRetries: 0 });
      const first = await openai.chat.completions.create(plain);
      const second = await openai.chat.completions.create(plain);
      return [first.choices[0]!.message.content, second.choices[0]!.message.content];
    };
    const recorder = await createFakeServer({ record: path, config: configFor(upstream.url) });
    await Promise.all([twice(recorder.url, 'a'), twice(recorder.url, 'b')]);
    await Promise.all([recorder.close(), upstream.close()]);
    const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: { answer: { text: string } }[] };
    const kept = file.entries.map((entry) => entry.answer.text);
    expect(kept).toHaveLength(2);

    const replay = await createFakeServer({ record: { path, mode: 'replay' }, config: configFor(upstream.url) });
    expect(await Promise.all([twice(replay.url, 'a'), twice(replay.url, 'b')])).toEqual([kept, kept]);
    await replay.close();
  });

  it('records an Anthropic stream and OpenAI embeddings through their own providers, and replays them', async () => {
    const path = cassettePath();
    const upstream = await createFakeServer({
      scripts: {
        models: {
          'claude-sonnet-4-5': [{ text: 'Hi from Claude.' }],
          'text-embedding-3-small': { embed: { dimensions: 4 } },
        },
      },
    });
    const config = {
      models: {},
      providers: {
        openai: { baseURL: `${upstream.url}/v1`, apiKey: 'sk-openai-0123456789' },
        anthropic: { baseURL: upstream.url, apiKey: 'sk-ant-0123456789' },
      },
    };
    const exchange = async (url: string) => {
      const anthropic = new Anthropic({ baseURL: url, apiKey: 'dummy-client-key', maxRetries: 0 });
      const stream = anthropic.messages.stream({
        model: 'claude-sonnet-4-5',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      const text = (await stream.finalMessage()).content.map((block) => (block.type === 'text' ? block.text : ''));
      const embedded = await client(url).embeddings.create({ model: 'text-embedding-3-small', input: 'Hello' });
      return { text, vector: embedded.data[0]!.embedding };
    };
    const recorder = await createFakeServer({ record: path, config });
    const recorded = await exchange(recorder.url);
    expect(recorded.text).toEqual(['Hi from Claude.']);
    expect(recorded.vector).toHaveLength(4);
    await Promise.all([recorder.close(), upstream.close()]);
    const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: { model: string; call: string }[] };
    expect(file.entries.map((entry) => [entry.model, entry.call])).toEqual([
      ['claude-sonnet-4-5', 'reply'],
      ['text-embedding-3-small', 'embed'],
    ]);

    const replay = await createFakeServer({ record: { path, mode: 'replay' }, config });
    expect(await exchange(replay.url)).toEqual(recorded);
    await replay.close();
  });

  it('records OpenAI responses, Gemini, Bedrock and Azure requests through their providers, and replays them', async () => {
    const path = cassettePath();
    const ids = ['gpt-4.1-mini', 'gemini-2.5-flash', 'amazon.nova-lite-v1:0', 'gpt-4o-prod'];
    const upstream = await createFakeServer({
      scripts: { models: Object.fromEntries(ids.map((id) => [id, [{ text: `From ${id}.` }]])) },
    });
    const config = {
      models: {},
      providers: {
        openai: { baseURL: `${upstream.url}/v1`, apiKey: 'sk-openai-0123456789' },
        gemini: { baseURL: `${upstream.url}/v1beta`, apiKey: 'gemini-key-0123456789' },
        bedrock: { baseURL: upstream.url, region: 'us-east-1', apiKey: 'bedrock-key-0123456789' },
        'azure-openai': { baseURL: upstream.url, apiKey: 'azure-key-0123456789' },
      },
    };
    const post = async (url: string, route: string, body: unknown): Promise<unknown> => {
      const response = await fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer dummy-client-key' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return response.json();
    };
    const texts = async (url: string): Promise<unknown[]> => {
      const responses = await post(url, '/v1/responses', { model: 'gpt-4.1-mini', input: 'Hi' });
      const gemini = await post(url, '/v1beta/models/gemini-2.5-flash:generateContent', {
        contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      });
      const bedrock = await post(url, `/model/${encodeURIComponent('amazon.nova-lite-v1:0')}/converse`, {
        messages: [{ role: 'user', content: [{ text: 'Hi' }] }],
      });
      const azure = await post(url, '/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21', {
        messages: [{ role: 'user', content: 'Hi' }],
      });
      return [
        (responses as { output: { content: { text: string }[] }[] }).output[0]!.content[0]!.text,
        (gemini as { candidates: { content: { parts: { text: string }[] } }[] }).candidates[0]!.content.parts[0]!.text,
        (bedrock as { output: { message: { content: { text: string }[] } } }).output.message.content[0]!.text,
        (azure as { choices: { message: { content: string } }[] }).choices[0]!.message.content,
      ];
    };
    const recorder = await createFakeServer({ record: path, config });
    const recorded = await texts(recorder.url);
    expect(recorded).toEqual(ids.map((id) => `From ${id}.`));
    await Promise.all([recorder.close(), upstream.close()]);
    const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: { model: string }[] };
    expect(file.entries.map((entry) => entry.model)).toEqual(ids);

    const replay = await createFakeServer({ record: { path, mode: 'replay' }, config });
    expect(await texts(replay.url)).toEqual(recorded);
    await replay.close();
  });

  it("keeps a stream's timing with timing: true, and replays it at the recorded pace with pace: 'recorded'", async () => {
    const path = cassettePath();
    const paced = { parts: ['Hel', 'lo', '!'], pace: { firstMs: 80, perSecond: 25, real: true } };
    const upstream = await createFakeServer({ scripts: { models: { 'gpt-4.1-mini': [paced] } } });
    const recorder = await createFakeServer({ record: { path, timing: true }, config: configFor(upstream.url) });
    await collect(client(recorder.url));
    await Promise.all([recorder.close(), upstream.close()]);
    const [entry] = (
      JSON.parse(readFileSync(path, 'utf8')) as { entries: { timing: { firstMs: number; gapsMs: number[] } }[] }
    ).entries;
    expect(entry!.timing.firstMs).toBeGreaterThanOrEqual(75);
    expect(entry!.timing.gapsMs).toHaveLength(2);
    const recorded = entry!.timing.firstMs + entry!.timing.gapsMs[0]! + entry!.timing.gapsMs[1]!;

    const replay = await createFakeServer({
      record: { path, mode: 'replay', pace: 'recorded' },
      config: configFor(upstream.url),
    });
    const started = performance.now();
    const texts = await collect(client(replay.url));
    // A lower bound only: a loaded machine may be late, never early.
    expect(performance.now() - started).toBeGreaterThanOrEqual(recorded - 5);
    expect(texts.join('')).toBe('Hello!');
    await replay.close();
  });

  it('writes the cassette after each recorded request, before the server closes', async () => {
    const path = cassettePath();
    const upstream = await createFakeServer({ scripts: upstreamScripts() });
    const recorder = await createFakeServer({ record: path, config: configFor(upstream.url) });
    await client(recorder.url).chat.completions.create(plain);
    await vi.waitFor(() => {
      const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: { model: string }[] };
      expect(file.entries.map((entry) => entry.model)).toEqual(['helpdesk']);
    });
    await Promise.all([recorder.close(), upstream.close()]);
  });

  it('is byte for byte the cassette an in-process app records of the same exchanges', async () => {
    const wire = cassettePath();
    const inProcess = cassettePath();
    const upstream = await createFakeServer({ scripts: upstreamScripts() });
    const recorder = await createFakeServer({
      record: { path: wire, mode: 'record' },
      config: configFor(upstream.url),
    });
    const openai = client(recorder.url);
    await openai.chat.completions.create(plain);
    await streamHeld(openai, () => upstream.release('mid'));
    await recorder.close();

    await upstream.reset(undefined);
    const app = createTestApp(configFor(upstream.url));
    const cassette = app.cassette(inProcess, { mode: 'record' });
    await app.reply('helpdesk', { messages: [{ role: 'user', content: plain.messages[0]!.content }] });
    const parts = app.stream('helpdesk', { messages: [{ role: 'user', content: streamed.messages[0]!.content }] });
    let first = true;
    for await (const part of parts) {
      if (part.type === 'text' && first) {
        first = false;
        upstream.release('mid');
      }
    }
    await cassette.save();
    await app.dispose();
    await upstream.close();

    const written = readFileSync(wire, 'utf8');
    const entries = (JSON.parse(written) as { entries: { call: string; recorded: string }[] }).entries;
    expect(entries.map((entry) => [entry.call, entry.recorded])).toEqual([
      ['reply', new Date().toISOString().slice(0, 10)],
      ['reply', new Date().toISOString().slice(0, 10)],
    ]);
    expect(written).toBe(readFileSync(inProcess, 'utf8'));
  });

  it("sends the server's key from its environment, never the client's, and the file holds neither", async () => {
    const path = cassettePath();
    const seen: IncomingHttpHeaders[] = [];
    const upstream = createServer((request, response) => {
      seen.push(request.headers);
      request.resume();
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: 'gpt-4.1-mini',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Hi.' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
        }),
      );
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as { port: number };
    vi.stubEnv('OPENAI_API_KEY', 'sk-server-env-key-abcdef0123456789');
    const recorder = await createFakeServer({
      record: path,
      config: configFor(`http://127.0.0.1:${port}`, null),
    });
    const reply = await client(recorder.url).chat.completions.create(plain);
    expect(reply.choices[0]!.message.content).toBe('Hi.');
    await recorder.close();
    await new Promise((resolve) => upstream.close(resolve));
    expect(seen.map((headers) => headers.authorization)).toEqual(['Bearer sk-server-env-key-abcdef0123456789']);
    const file = readFileSync(path, 'utf8');
    expect(file).toContain('"Hi."');
    expect(file).not.toContain('sk-server-env-key');
    expect(file).not.toContain('dummy-client-key');
  });

  it('sends a model id the config does not name to the provider of its dialect, under that id', async () => {
    const path = cassettePath();
    const upstream = await createFakeServer({ scripts: { models: { 'gpt-4o': [{ text: 'From gpt-4o.' }] } } });
    const config = {
      models: {},
      providers: {
        gateway: { adapter: 'openai' as const, baseURL: `${upstream.url}/v1`, apiKey: 'sk-gateway-0123456789' },
      },
    };
    const recorder = await createFakeServer({ record: path, config });
    const reply = await client(recorder.url).chat.completions.create({ ...plain, model: 'gpt-4o' });
    expect(reply.choices[0]!.message.content).toBe('From gpt-4o.');
    expect(upstream.sent.map((entry) => ('model' in entry ? entry.model : undefined))).toEqual(['gpt-4o']);
    await Promise.all([recorder.close(), upstream.close()]);
    const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: { model: string }[] };
    expect(file.entries.map((entry) => entry.model)).toEqual(['gpt-4o']);
  });

  it("answers a model id no provider of the config serves with the dialect's 404 (W0070), and keeps serving", async () => {
    const upstream = await createFakeServer({ scripts: upstreamScripts() });
    const recorder = await createFakeServer({ record: cassettePath(), config: configFor(upstream.url) });
    const anthropic = new Anthropic({ baseURL: recorder.url, apiKey: 'dummy-client-key', maxRetries: 0 });
    const refused = await anthropic.messages
      .create({ model: 'claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 404,
      error: { error: { type: 'not_found_error', message: expect.stringContaining('providers.anthropic') } },
    });
    expect((refused as Error).message).toContain('W0070');
    expect((refused as Error).message).toContain('claude-sonnet-4-5');
    const reply = await client(recorder.url).chat.completions.create(plain);
    expect(reply.choices[0]!.message.content).toBe('Open Settings, then Reset.');
    await Promise.all([recorder.close(), upstream.close()]);
  });

  it('adds at most MAX_ADDED_MODELS ids its config does not name, then answers W0073 and keeps serving', async () => {
    const answers = Array.from({ length: MAX_ADDED_MODELS + 1 }, (_, i) => [`model-${i}`, [{ text: `from ${i}` }]]);
    const scripts = { models: { ...Object.fromEntries(answers), 'gpt-4.1-mini': [{ text: 'Still recording.' }] } };
    const upstream = await createFakeServer({ scripts });
    const recorder = await createFakeServer({ record: cassettePath(), config: configFor(upstream.url) });
    const openai = client(recorder.url);
    for (let i = 0; i < MAX_ADDED_MODELS; i++) {
      const reply = await openai.chat.completions.create({ ...plain, model: `model-${i}` });
      expect(reply.choices[0]!.message.content).toBe(`from ${i}`);
    }
    const refused = await openai.chat.completions
      .create({ ...plain, model: `model-${MAX_ADDED_MODELS}` }, { maxRetries: 0 })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 404, message: expect.stringContaining('W0073') });
    expect((await openai.chat.completions.create(plain)).choices[0]!.message.content).toBe('Still recording.');
    await Promise.all([recorder.close(), upstream.close()]);
  });

  it('takes the mode STANDIN_CASSETTES names over its own, as an in-process cassette does', async () => {
    vi.stubEnv('STANDIN_CASSETTES', 'replay');
    const path = cassettePath();
    const server = await createFakeServer({
      record: { path, mode: 'record' },
      config: configFor('http://127.0.0.1:9'),
    });
    expect(server.recordsTo).toEqual({ path, mode: 'replay' });
    await server.close();
  });

  it('warns (V0003) when the file cannot be written after a request, and rejects at close with V0003', async () => {
    const blocker = cassettePath();
    writeFileSync(blocker, 'a file, not a folder');
    const upstream = await createFakeServer({ scripts: upstreamScripts() });
    const recorder = await createFakeServer({ record: join(blocker, 'inside.json'), config: configFor(upstream.url) });
    const warned = new Promise<Error>((resolve) => process.once('warning', resolve));
    await client(recorder.url).chat.completions.create(plain);
    expect(await warned).toMatchObject({ code: 'V0003', message: expect.stringContaining('cannot be written') });
    await expect(recorder.close()).rejects.toThrow(/V0003/);
    await upstream.close();
  });

  it('refuses scripts (W0072): it answers from its providers and its cassette', async () => {
    const upstream = await createFakeServer();
    const recorder = await createFakeServer({ record: cassettePath(), config: configFor(upstream.url) });
    expect(() => recorder.fake('gpt-4.1-mini', [{ text: 'Hi' }])).toThrow(/W0072/);
    expect(() => recorder.load({ models: {} })).toThrow(/W0072/);
    await Promise.all([recorder.close(), upstream.close()]);
  });

  it('refuses record without config, config without record, and record with app or scripts (W0010)', async () => {
    const config = configFor('http://127.0.0.1:9');
    await expect(createFakeServer({ record: cassettePath() })).rejects.toThrow(/W0010.*record needs config/s);
    await expect(createFakeServer({ config })).rejects.toThrow(/W0010.*config is given without record/s);
    await expect(createFakeServer({ record: cassettePath(), config, scripts: { models: {} } })).rejects.toThrow(
      /W0010.*record takes no scripts/s,
    );
    await expect(
      createFakeServer({ record: { path: cassettePath(), mode: 'again' as never }, config }),
    ).rejects.toThrow(/W0010[\s\S]*record/);
  });
});
