import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

let server: FakeServer;
beforeEach(async () => {
  server = await createFakeServer();
});
afterEach(async () => {
  await server.close();
});

const verify = async (query = ''): Promise<{ status: number; body: { code: string; message: string } }> => {
  const response = await fetch(`${server.url}/__standin/verify${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
  });
  return { status: response.status, body: (await response.json()) as { code: string; message: string } };
};

describe('POST /__standin/verify', () => {
  describe('answering 409 W0014', () => {
    it('names the answers never asked for in its message, with their scope, model and index', async () => {
      server.load({
        models: { 'gpt-4.1-mini': [{ text: 'left over' }], 'claude-sonnet-4-5': [{ text: 'also left' }] },
      });
      const { status, body } = await verify();
      expect(status).toBe(409);
      expect(body.code).toBe('W0014');
      expect(body.message).toContain(`the default scope, model 'gpt-4.1-mini' [0] { text: "left over" }`);
      expect(body.message).toContain(`the default scope, model 'claude-sonnet-4-5' [0] { text: "also left" }`);
      expect(body.message).not.toContain('more');
    });

    it('names the first five, then says how many more there are', async () => {
      const answers = Array.from({ length: 8 }, (_, at) => ({ text: `answer ${at}` }));
      server.load({ models: { 'gpt-4.1-mini': answers } });
      const { body } = await verify();
      for (const at of [0, 1, 2, 3, 4]) expect(body.message).toContain(`[${at}] { text: "answer ${at}" }`);
      expect(body.message).not.toContain('[5]');
      expect(body.message).toContain('and 3 more');
    });

    it("names the scope a scope's answers were left in", async () => {
      server.load({ models: { 'gpt-4.1-mini': [{ text: 'for t2' }] } }, 't2');
      const { body } = await verify('?scope=t2');
      expect(body.message).toContain(`scope 't2', model 'gpt-4.1-mini' [0] { text: "for t2" }`);
    });
  });
});
