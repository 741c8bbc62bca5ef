import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

const MODEL = 'llama3.2';

describe('FakeServer', () => {
  let server: FakeServer;

  beforeEach(async () => {
    server = await createFakeServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const post = (path: string, body: unknown): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const chat = (body: Record<string, unknown> = {}): Promise<Response> =>
    post('/api/chat', { model: MODEL, messages: [{ role: 'user', content: 'Hi' }], ...body });

  describe('POST /api/chat', () => {
    it('streams NDJSON when the request leaves stream out: deltas, then one line with done: true', async () => {
      server.fake(MODEL, [{ reasoning: 'A greeting.', text: 'Hello!', units: { tokensIn: 9, tokensOut: 4 } }]);
      const response = await chat();
      expect(response.headers.get('content-type')).toBe('application/x-ndjson');
      const lines = (await response.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((line) => line.message)).toEqual([
        { role: 'assistant', content: '', thinking: 'A greeting.' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'assistant', content: '' },
      ]);
      expect(lines.at(-1)).toMatchObject({
        model: MODEL,
        done: true,
        done_reason: 'stop',
        prompt_eval_count: 9,
        eval_count: 4,
      });
      expect(lines.slice(0, -1).every((line) => line.done === false)).toBe(true);
    });

    it('answers one JSON body for stream: false, tool calls whole with object arguments', async () => {
      server.fake(MODEL, [{ calls: [{ tool: 'weather', with: { city: 'Paris' } }] }]);
      const tools = [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }];
      const response = await chat({ stream: false, tools });
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toMatchObject({
        done: true,
        done_reason: 'stop',
        message: {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'weather', arguments: { city: 'Paris' } } }],
        },
      });
    });

    it("answers each scripted failure with Ollama's status and its { error } body", async () => {
      server.fake(MODEL, [{ fail: 'server' }, { fail: 'timeout' }, { fail: 'auth' }, { fail: 'rate_limit' }]);
      const said: unknown[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await chat({ messages: [{ role: 'user', content: `Hi ${i}` }] });
        said.push([response.status, await response.json()]);
      }
      expect(said).toEqual([
        [503, { error: 'server busy, please try again.  maximum pending requests exceeded' }],
        [500, { error: 'timed out waiting for llama runner to start' }],
        [401, { error: 'unauthorized' }],
        [429, { error: 'too many requests, retry after 1 second' }],
      ]);
    });

    it("refuses a field of the wrong type in Go's words, and a model no script serves with Ollama's 404", async () => {
      server.fake(MODEL, [{ text: 'unused' }]);
      const refused = await chat({ stream: 'yes' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: 'W0002: json: cannot unmarshal string into Go struct field stream of type bool',
      });
      const missing = await chat({ model: 'llama9' });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: string }).error).toMatch(
        /^W0003: model "llama9" not found, try pulling it first/,
      );
    });

    it('reads a tool message as the result of the call it names, in sent', async () => {
      server.fake(MODEL, [{ text: 'Sunny.' }]);
      await chat({
        stream: false,
        messages: [
          { role: 'user', content: 'Weather?' },
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ function: { name: 'weather', arguments: { city: 'Paris' } } }],
          },
          { role: 'tool', content: '{"sky":"sunny"}', tool_name: 'weather' },
        ],
      });
      expect((server.sent[0]!.input as { messages: unknown[] }).messages.at(-1)).toEqual({
        role: 'tool',
        results: [{ id: 'call_0', tool: 'weather', output: { sky: 'sunny' } }],
      });
    });
  });

  describe('POST /api/generate', () => {
    it('answers a prompt with its system text as response lines, or one body for stream: false', async () => {
      server.fake(MODEL, [{ text: 'Streamed.' }, { text: 'Whole.' }]);
      const streamed = await (await post('/api/generate', { model: MODEL, prompt: 'Hi', system: 'Be brief.' })).text();
      const texts = streamed
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { response: string }).response);
      expect(texts.join('')).toBe('Streamed.');
      const whole = await post('/api/generate', { model: MODEL, prompt: 'Again', stream: false });
      expect(await whole.json()).toMatchObject({ response: 'Whole.', done: true });
      expect(server.sent[0]!.input).toMatchObject({ instructions: 'Be brief.' });
    });
  });
});
