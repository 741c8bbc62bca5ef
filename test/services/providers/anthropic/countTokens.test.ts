import { describe, expect, it } from 'vitest';
import { createAnthropicProvider, ProviderFailure, type ReplyRequest } from '../../../../src/index.js';
import { fixtureJson } from '../../../support/fixtures.js';
import { callContext as baseContext, failure, KEY } from '../loopback/callContext.js';
import { json, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const COUNT = '/v1/messages/count_tokens';
const provider = (settings = {}) => createAnthropicProvider({ baseURL: server.url(), ...settings });
const callContext: typeof baseContext = (overrides = {}) =>
  baseContext({ provider: 'anthropic', model: 'claude-test', ...overrides });
const request: ReplyRequest = {
  model: 'claude-test',
  instructions: 'Be brief.',
  messages: [{ role: 'user', content: 'Hello' }],
  tools: [{ name: 'lookup', input: { type: 'object', properties: { order: { type: 'string' } } } }],
  settings: { temperature: 0.2, maxOutputTokens: 100 },
};

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('AnthropicProvider', () => {
  describe('.countTokens', () => {
    it('posts the Messages body without max_tokens, stream or sampling, and answers input_tokens', async () => {
      server.on(COUNT, json(200, { input_tokens: 17 }));
      expect(await provider().countTokens(request, callContext())).toBe(17);
      const sent = JSON.parse(server.at(COUNT)[0]!.body.toString('utf8')) as Record<string, unknown>;
      expect(sent).toEqual({
        model: 'claude-test',
        system: 'Be brief.',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
        tools: [{ name: 'lookup', input_schema: { type: 'object', properties: { order: { type: 'string' } } } }],
      });
      expect(server.at(COUNT)[0]!.headers['x-api-key']).toBe(KEY);
    });

    it('is a malformed response without a whole number of input_tokens', async () => {
      server.on(COUNT, json(200, { input_tokens: -1 }));
      expect((await failed(provider().countTokens(request, callContext()))).message).toMatch(
        /count.?tokens answer has input_tokens/i,
      );
    });

    it('fails with the kind of an Anthropic error body', async () => {
      server.on(COUNT, json(429, fixtureJson('anthropic', 'error-429-rate-limit.json')));
      expect((await failed(provider().countTokens(request, callContext()))).kind).toBe('rate_limit');
    });
  });
});
