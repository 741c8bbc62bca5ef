import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

let server: FakeServer;
beforeEach(async () => {
  server = await createFakeServer();
});
afterEach(async () => {
  await server.close();
});

const post = async (
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; message: string }> => {
  const response = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { error?: { message: string } };
  return { status: response.status, message: json.error?.message ?? '' };
};
const chat = (model: string): unknown => ({ model, messages: [{ role: 'user', content: 'Hi' }] });

describe('messages over the wire', () => {
  it('a model scripted for another scope only: the 404 says to send x-standin-scope naming it', async () => {
    server.fake('gpt-4.1-mini', [{ text: 'for t1' }], 't1');
    const bare = await post(chat('gpt-4.1-mini'));
    expect(bare.status).toBe(404);
    expect(bare.message).toContain('the default scope (the request sent no x-standin-scope header)');
    expect(bare.message).toContain("It is scripted for scope 't1': send the header x-standin-scope: <id> naming one.");
    const other = await post(chat('gpt-4.1-mini'), { 'x-standin-scope': 't2' });
    expect(other.message).toContain("The request ran in scope 't2'");
  });

  it("a scripts document's mistakes name the document's path, not app.fake(...)", async () => {
    const response = await fetch(`${server.url}/__standin/scripts`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ models: { 'gpt-4.1-mini': [{ txt: 'Hi' }] }, classifier: [{ answers: 5 }] }),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toContain("scripts.models['gpt-4.1-mini'][0].txt: unknown key 'txt'");
    expect(error.message).not.toContain('app.fake');
    const classifier = await fetch(`${server.url}/__standin/scripts`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ classifier: [{ answers: 5 }] }),
    });
    const body = (await classifier.json()) as { error: { message: string } };
    expect(body.error.message).toContain('classifier script entry scripts.classifier[0]');
    expect(body.error.message).not.toContain('new ClassificationAdapterError');
  });

  it("a scripted answer's mistake found when it is asked names the document's path", async () => {
    server.load({ models: { typed: [{ value: { a: 'x' } }] } });
    const unfit = await post({
      ...(chat('typed') as object),
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'x', schema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] } },
      },
    });
    expect(unfit.status).toBe(400);
    expect(unfit.message).toContain("T0008: scripts.models['typed'][0].value does not fit");
    expect(unfit.message).not.toContain('app.fake');
  });
});
