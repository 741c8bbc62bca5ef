import { describe, expect, it } from 'vitest';
import { createGeminiProvider, ProviderFailure, type ReplyRequest } from '../../../../src/index.js';
import { fixtureJson } from '../../../support/fixtures.js';
import { callContext as baseContext, failure, KEY } from '../loopback/callContext.js';
import { json, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const COUNT = '/v1beta/models/test-model:countTokens';
const provider = (settings = {}) => createGeminiProvider({ baseURL: server.url('/v1beta'), ...settings });
const callContext: typeof baseContext = (overrides = {}) =>
  baseContext({ provider: 'gemini', model: 'test-model', ...overrides });
const request: ReplyRequest = {
  model: 'test-model',
  instructions: 'Be brief.',
  messages: [{ role: 'user', content: 'Hello' }],
};

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('GeminiProvider', () => {
  describe('.countTokens', () => {
    it('posts the whole request as generateContentRequest, naming the model, and answers totalTokens', async () => {
      server.on(COUNT, json(200, { totalTokens: 9, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 9 }] }));
      expect(await provider().countTokens(request, callContext())).toBe(9);
      const sent = JSON.parse(server.at(COUNT)[0]!.body.toString('utf8')) as Record<string, unknown>;
      expect(sent).toMatchObject({
        generateContentRequest: {
          model: 'models/test-model',
          contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
          systemInstruction: { parts: [{ text: 'Be brief.' }] },
        },
      });
      expect(server.at(COUNT)[0]!.headers['x-goog-api-key']).toBe(KEY);
    });

    it('is a malformed response without a whole number of totalTokens', async () => {
      server.on(COUNT, json(200, { totalTokens: 'nine' }));
      expect((await failed(provider().countTokens(request, callContext()))).message).toMatch(
        /count.?tokens answer has totalTokens/i,
      );
    });

    it('fails with the kind of a Gemini error body', async () => {
      server.on(COUNT, json(429, fixtureJson('gemini', 'error-429-resource-exhausted.json')));
      expect((await failed(provider().countTokens(request, callContext()))).kind).toBe('rate_limit');
    });
  });
});
