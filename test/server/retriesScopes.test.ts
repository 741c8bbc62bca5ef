import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';
import { createTestApp } from 'standin/testing';

let server: FakeServer;
beforeEach(async () => {
  server = await createFakeServer();
});
afterEach(async () => {
  await server.close();
});

const chat = (content = 'Hi'): string =>
  JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content }] });
const post = (path: string, body: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
const control = (path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> =>
  fetch(`${server.url}/__standin/${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${server.token}` },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
const textOf = async (response: Response): Promise<string> =>
  ((await response.json()) as { choices: [{ message: { content: string } }] }).choices[0].message.content;

describe('retries over the wire', () => {
  it('a retry marked only x-stainless-retry-count: 1, after an unmarked first attempt, is the same step', async () => {
    server.fake('gpt-4.1-mini', [{ text: 'first' }]);
    const first = await post('/v1/chat/completions', chat(), { 'x-standin-scope': 't1' });
    expect(await textOf(first)).toBe('first');
    const retry = await post('/v1/chat/completions', chat(), {
      'x-standin-scope': 't1',
      'x-stainless-retry-count': '1',
    });
    expect(retry.status).toBe(200);
    expect(await textOf(retry)).toBe('first');
    await server.verify('t1');
  });

  it("a marked retry with another body than the scope's last request is the next step", async () => {
    server.fake('gpt-4.1-mini', [{ text: 'first' }, { text: 'second' }]);
    await post('/v1/chat/completions', chat('a'), { 'x-standin-scope': 't1' });
    const other = await post('/v1/chat/completions', chat('b'), {
      'x-standin-scope': 't1',
      'x-stainless-retry-count': '1',
    });
    expect(await textOf(other)).toBe('second');
  });

  it('an idempotency key decides alone: the same key is the same step, another key the next step, whatever the body', async () => {
    server.fake('gpt-4.1-mini', [{ text: 'first' }, { text: 'second' }]);
    await post('/v1/chat/completions', chat('a'), { 'x-standin-scope': 't1', 'idempotency-key': 'k1' });
    const again = await post('/v1/chat/completions', chat('a'), {
      'x-standin-scope': 't1',
      'idempotency-key': 'k1',
      'x-stainless-retry-count': '1',
    });
    expect(await textOf(again)).toBe('first');
    const other = await post('/v1/chat/completions', chat('a'), {
      'x-standin-scope': 't1',
      'idempotency-key': 'k2',
      'x-stainless-retry-count': '1',
    });
    expect(await textOf(other)).toBe('second');
  });

  it("the official client's retry of a rate limit gets the answer its step got", async () => {
    server.fake('gpt-4.1-mini', [{ fail: 'rate_limit', retryAfterMs: 1, times: 1, text: 'ok' }]);
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'scope:sdk', maxRetries: 2 });
    const completion = await client.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(completion.choices[0]!.message.content).toBe('ok');
    await server.verify('sdk');
  });

  it('T0013 for a request that repeats the last one unmarked says how to mark a retry', async () => {
    server.fake('gpt-4.1-mini', [{ text: 'first' }]);
    await post('/v1/chat/completions', chat(), { 'x-standin-scope': 't1' });
    const repeat = await post('/v1/chat/completions', chat(), { 'x-standin-scope': 't1' });
    expect(repeat.status).toBe(400);
    const { error } = (await repeat.json()) as { error: { message: string } };
    expect(error.message).toContain('T0013');
    expect(error.message).toContain('x-stainless-retry-count: 1');
    const next = await post('/v1/chat/completions', chat('other'), { 'x-standin-scope': 't2' });
    expect(next.status).toBe(200);
    const past = await post('/v1/chat/completions', chat('another'), { 'x-standin-scope': 't2' });
    expect(((await past.json()) as { error: { message: string } }).error.message).not.toContain(
      'x-stainless-retry-count',
    );
  });
});

describe('scopes over the wire', () => {
  it('server-wide scripts are defaults each scope starts from, with its own cursor', async () => {
    const loaded = await control('scripts', {
      method: 'PUT',
      body: { models: { 'gpt-4.1-mini': [{ text: 'one' }, { text: 'two' }] } },
    });
    expect(loaded.status).toBe(200);
    const a = new OpenAI({
      baseURL: `${server.url}/v1`,
      apiKey: 'x',
      defaultHeaders: { 'x-standin-scope': 'a' },
      maxRetries: 0,
    });
    const ask = async (client: OpenAI): Promise<string | null> =>
      (await client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }] }))
        .choices[0]!.message.content;
    expect(await ask(a)).toBe('one');
    expect(await textOf(await post('/v1/chat/completions', chat(), { 'x-standin-scope': 'b' }))).toBe('one');
    expect(await ask(a)).toBe('two');
    expect(await textOf(await post('/v1/chat/completions', chat('again'), { 'x-standin-scope': 'b' }))).toBe('two');
    expect((await control('verify?scope=a', { method: 'POST' })).status).toBe(200);
    expect((await control('verify', { method: 'POST' })).status).toBe(200);
  });

  it("a scope's verify counts only the models that scope used or was scripted for", async () => {
    server.load({
      models: { 'gpt-4.1-mini': [{ text: 'one' }], 'text-embedding-3-small': [{ text: 'never called anywhere' }] },
    });
    await post('/v1/chat/completions', chat(), { 'x-standin-scope': 't1' });
    expect((await control('verify?scope=t1', { method: 'POST' })).status).toBe(200);
    await control('scripts?scope=t2', { method: 'PUT', body: { models: { 'gpt-4.1-mini': [{ text: 'for t2' }] } } });
    const t2 = await control('verify?scope=t2', { method: 'POST' });
    expect(t2.status).toBe(409);
    expect(await t2.json()).toMatchObject({ unused: { t2: { 'gpt-4.1-mini': [{ index: 0 }] } } });
    // Without a scope, a default script no scope called is listed under the default scope.
    const all = await control('verify', { method: 'POST' });
    expect(await all.json()).toMatchObject({
      unused: { '': { 'text-embedding-3-small': [{ index: 0 }] }, t2: { 'gpt-4.1-mini': [{ index: 0 }] } },
    });
  });

  it("a served app's scope verify counts only the models that scope called", async () => {
    await server.close();
    const app = createTestApp({
      models: {
        writer: { provider: 'openai', model: 'gpt-4.1-mini' },
        judge: { provider: 'openai', model: 'gpt-4.1' },
      },
    });
    server = await createFakeServer({ app });
    server.fake('gpt-4.1-mini', [{ text: 'one' }]);
    server.fake('gpt-4.1', [{ text: 'judged' }]);
    await post('/v1/chat/completions', chat(), { 'x-standin-scope': 't1' });
    expect((await control('verify?scope=t1', { method: 'POST' })).status).toBe(200);
    await app.dispose();
  });

  it('PUT scripts replaces what it names; merge=1 keeps the rest', async () => {
    await control('scripts?scope=t1', {
      method: 'PUT',
      body: { models: { 'gpt-4.1-mini': [{ text: 'mini' }], 'gpt-4.1': [{ text: 'big' }] } },
    });
    const replaced = await control('scripts?scope=t1', {
      method: 'PUT',
      body: { models: { 'gpt-4.1': [{ text: 'big again' }] } },
    });
    expect(await replaced.json()).toEqual({ ok: true, scope: 't1', replaced: true });
    const gone = await post('/v1/chat/completions', chat(), { 'x-standin-scope': 't1' });
    expect(gone.status).toBe(404);
    const merged = await control('scripts?scope=t1&merge=1', {
      method: 'PUT',
      body: { models: { 'gpt-4.1-mini': [{ text: 'mini back' }] } },
    });
    expect(await merged.json()).toEqual({ ok: true, scope: 't1', replaced: false });
    expect(await textOf(await post('/v1/chat/completions', chat(), { 'x-standin-scope': 't1' }))).toBe('mini back');
    const big = await post(
      '/v1/chat/completions',
      JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'x' }] }),
      { 'x-standin-scope': 't1' },
    );
    expect(await textOf(big)).toBe('big again');
  });

  it('a refused scripts document changes nothing', async () => {
    await control('scripts', { method: 'PUT', body: { models: { 'gpt-4.1-mini': [{ text: 'kept' }] } } });
    const refused = await control('scripts', {
      method: 'PUT',
      body: { models: { 'gpt-4.1': [{ text: 'fine' }], 'gpt-4.1-mini': [{ txt: 'typo' }] } },
    });
    expect(refused.status).toBe(400);
    expect(await textOf(await post('/v1/chat/completions', chat()))).toBe('kept');
    expect(
      (
        await post(
          '/v1/chat/completions',
          JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'x' }] }),
        )
      ).status,
    ).toBe(404);
  });

  it('POST reset resets exactly the scope it names, and refuses what it does not take', async () => {
    server.fake('gpt-4.1-mini', [{ text: 'one' }, { text: 'two' }]);
    await post('/v1/chat/completions', chat(), { 'x-standin-scope': 'a' });
    await post('/v1/chat/completions', chat(), { 'x-standin-scope': 'b' });
    expect((await control('reset?scope=a', { method: 'POST' })).status).toBe(200);
    expect(await textOf(await post('/v1/chat/completions', chat('x'), { 'x-standin-scope': 'a' }))).toBe('one');
    expect(await textOf(await post('/v1/chat/completions', chat('x'), { 'x-standin-scope': 'b' }))).toBe('two');
    const typo = await control('reset?scop=a', { method: 'POST' });
    expect(typo.status).toBe(400);
    expect(await typo.json()).toMatchObject({ error: { message: expect.stringContaining('W0019') } });
    expect((await control('reset?scope=a&defaults=1', { method: 'POST' })).status).toBe(400);
    expect(await textOf(await post('/v1/chat/completions', chat('y'), { 'x-standin-scope': 'a' }))).toBe('two');
    expect((await control('reset?defaults=1', { method: 'POST' })).status).toBe(200);
    expect((await post('/v1/chat/completions', chat('z'), { 'x-standin-scope': 'a' })).status).toBe(404);
  });

  it('the control API refuses a scope with CR/LF, an empty one and one of 5,000 characters with 400 W0007', async () => {
    for (const scope of ['a%0d%0ab', '', 'x'.repeat(5000)]) {
      const response = await control(`sent?scope=${scope}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { message: expect.stringContaining('W0007') } });
    }
  });
});

describe('verify over the wire sees every error', () => {
  it('answers 409 naming T0013, T0008 and a spent classifier script, per scope', async () => {
    server.fake('gpt-4.1-mini', [{ text: 'one' }]);
    server.fake('typed', [{ value: { a: 'not a number' } }]);
    server.fakeClassifier([{ answers: { refund: 1 } }]);
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'scope:past', maxRetries: 0 });
    await client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'a' }] });
    await expect(
      client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'b' }] }),
    ).rejects.toMatchObject({ status: 400 });
    const typed = await post(
      '/v1/chat/completions',
      JSON.stringify({
        model: 'typed',
        messages: [{ role: 'user', content: 'x' }],
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'x',
            schema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
          },
        },
      }),
      { 'x-standin-scope': 'unfit' },
    );
    expect(typed.status).toBe(400);
    const question = { state: 'x', questions: { refund: { type: 'noul', instructions: 'A refund is asked for.' } } };
    for (let i = 0; i < 2; i++) await post('/v1/systemone', JSON.stringify(question), { 'x-standin-scope': 'spent' });
    for (const [scope, code] of [
      ['past', 'T0013'],
      ['unfit', 'T0008'],
      ['spent', 'K0008'],
    ] as const) {
      const response = await control(`verify?scope=${scope}`, { method: 'POST' });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        ok: false,
        code: 'W0018',
        errors: { [scope]: { count: 1, errors: [{ code }] } },
      });
    }
    await expect(server.verify('past')).rejects.toMatchObject({
      code: 'W0018',
      message: expect.stringContaining("In scope 'past', 1 request was answered"),
    });
    expect((await control('reset?scope=past', { method: 'POST' })).status).toBe(200);
    expect((await control('verify?scope=past', { method: 'POST' })).status).toBe(200);
  });

  it("answers 409 for an unfaked scope of a served app's scope fakes, and the 400 names the header to send", async () => {
    await server.close();
    const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
    server = await createFakeServer({ app });
    app.scope('t1').fake('writer', [{ text: 'for t1' }]);
    const bare = await post('/v1/chat/completions', chat());
    expect(bare.status).toBe(400);
    const { error } = (await bare.json()) as { error: { message: string } };
    expect(error.message).toContain('T0041');
    expect(error.message).toContain('Send the header x-standin-scope: <id>');
    const other = await post('/v1/chat/completions', chat(), { 'x-standin-scope': 't2' });
    expect(((await other.json()) as { error: { message: string } }).error.message).toContain(
      "this request's scope is 't2', the one its x-standin-scope header names",
    );
    const verify = await control('verify', { method: 'POST' });
    expect(verify.status).toBe(409);
    expect(await verify.json()).toMatchObject({
      errors: { '': { errors: [{ code: 'T0041' }] }, t2: { errors: [{ code: 'T0041' }] } },
    });
    await app.dispose();
  });

  it('answers 409 for a request in a scope the model is not scripted for, though other scopes script it (the client got a 404)', async () => {
    server.fake('gpt-4.1-mini', [{ text: 'for t1' }], 't1');
    expect((await post('/v1/chat/completions', chat(), { 'x-standin-scope': 't2' })).status).toBe(404);
    expect(
      (
        await post(
          '/v1/chat/completions',
          JSON.stringify({ model: 'unknown-model', messages: [{ role: 'user', content: 'x' }] }),
          { 'x-standin-scope': 't3' },
        )
      ).status,
    ).toBe(404);
    const t2 = await control('verify?scope=t2', { method: 'POST' });
    expect(t2.status).toBe(409);
    expect(await t2.json()).toMatchObject({ errors: { t2: { errors: [{ code: 'W0003' }] } } });
    expect((await control('verify?scope=t3', { method: 'POST' })).status).toBe(200);
  });
});

describe('retries beside parallel requests', () => {
  it('a marked retry of a request sent before another in the same scope is still its step', async () => {
    server.fake('gpt-4.1-mini', [{ text: 'first' }, { text: 'second' }]);
    expect(await textOf(await post('/v1/chat/completions', chat('a'), { 'x-standin-scope': 'p' }))).toBe('first');
    expect(await textOf(await post('/v1/chat/completions', chat('b'), { 'x-standin-scope': 'p' }))).toBe('second');
    const retry = await post('/v1/chat/completions', chat('a'), {
      'x-standin-scope': 'p',
      'x-stainless-retry-count': '1',
    });
    expect(await textOf(retry)).toBe('first');
  });
});
