import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createApp,
  createVertexProvider,
  ProviderFailure,
  StandinError,
  type ReplyRequest,
} from '../../../../src/index.js';
import { GenerateChunkWriter } from '../../../../src/protocols/gemini/generateWriter.js';
import { callContext as baseContext, failure, KEY, parts } from '../loopback/callContext.js';
import { json, stream, type Handler, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));
afterEach(() => {
  vi.unstubAllEnvs();
});

const PROJECT_PATH = '/v1/projects/help-desk-test/locations/europe-west4/publishers/google/models/test-model';
const EXPRESS_PATH = '/v1/publishers/google/models/test-model';
const STREAM = `${PROJECT_PATH}:streamGenerateContent?alt=sse`;
const ask: ReplyRequest = { model: 'test-model', messages: [{ role: 'user', content: 'Hello' }] };
const onProject = { project: 'help-desk-test', location: 'europe-west4' } as const;
const context = (overrides = {}) => baseContext({ provider: 'vertex', apiKey: undefined, ...overrides });

function hi(): Handler {
  const writer = new GenerateChunkWriter({ id: 'resp_1', model: 'test-model' });
  return stream(
    [
      ...writer.part({ type: 'text', text: 'Hi' }),
      ...writer.part({ type: 'finish', reason: 'stop' }),
      ...writer.end(),
    ].join(''),
  );
}

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('VertexProvider', () => {
  it('is a real adapter', () => {
    expect(createVertexProvider(onProject).real).toBe(true);
  });

  describe('.reply', () => {
    it("streams from the project's publishers/google path with the token function's token as a bearer", async () => {
      server.on(STREAM, hi());
      const vertex = createVertexProvider({ ...onProject, baseURL: server.url(), token: () => 'ya29.token-1' });
      const got = await parts(vertex.reply(ask, context()));
      expect(got.filter((part) => part.type === 'text')).toEqual([{ type: 'text', text: 'Hi' }]);
      const [request] = server.at(STREAM);
      expect(request!.headers.authorization).toBe('Bearer ya29.token-1');
      expect(request!.headers['x-goog-api-key']).toBeUndefined();
    });

    it('asks the token function again on each call: a token without an expiry is not kept', async () => {
      server.on(STREAM, hi(), hi());
      let issued = 0;
      const vertex = createVertexProvider({
        ...onProject,
        baseURL: server.url(),
        token: async () => `ya29.${++issued}`,
      });
      await parts(vertex.reply(ask, context()));
      await parts(vertex.reply(ask, context()));
      expect(server.at(STREAM).map((request) => request.headers.authorization)).toEqual([
        'Bearer ya29.1',
        'Bearer ya29.2',
      ]);
    });

    it("sends the token function's token over the config's key", async () => {
      server.on(STREAM, hi());
      const vertex = createVertexProvider({ ...onProject, baseURL: server.url(), token: () => 'ya29.token-1' });
      await parts(vertex.reply(ask, context({ apiKey: KEY })));
      expect(server.at(STREAM)[0]!.headers.authorization).toBe('Bearer ya29.token-1');
    });

    it('calls express mode with an API key: x-goog-api-key, no bearer, no project in the path', async () => {
      const path = `${EXPRESS_PATH}:streamGenerateContent?alt=sse`;
      server.on(path, hi());
      const vertex = createVertexProvider({ ...onProject, baseURL: server.url(), apiKey: KEY });
      await parts(vertex.reply(ask, context()));
      const [request] = server.at(path);
      expect(request!.headers['x-goog-api-key']).toBe(KEY);
      expect(request!.headers.authorization).toBeUndefined();
    });

    it('reads the project and location from GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION when the settings name none', async () => {
      vi.stubEnv('GOOGLE_CLOUD_PROJECT', 'help-desk-test');
      vi.stubEnv('GOOGLE_CLOUD_LOCATION', 'europe-west4');
      server.on(STREAM, hi());
      const vertex = createVertexProvider({ baseURL: server.url(), token: () => 'ya29.token-1' });
      await parts(vertex.reply(ask, context()));
      expect(server.at(STREAM)).toHaveLength(1);
    });

    it('reads no GOOGLE_VERTEX_API_KEY for a custom host: it sends the bearer token there', async () => {
      vi.stubEnv('GOOGLE_VERTEX_API_KEY', KEY);
      server.on(STREAM, hi());
      const vertex = createVertexProvider({ ...onProject, baseURL: server.url(), token: () => 'ya29.token-1' });
      await parts(vertex.reply(ask, context()));
      expect(JSON.stringify(server.at(STREAM)[0]!.headers)).not.toContain(KEY);
    });

    it('rejects a call with neither a project nor an API key with C0032, before any request', async () => {
      vi.stubEnv('GOOGLE_CLOUD_PROJECT', '');
      const vertex = createVertexProvider({ baseURL: server.url(), token: () => 'ya29.token-1' });
      const error = await failure(parts(vertex.reply(ask, context())));
      expect(error).toBeInstanceOf(StandinError);
      expect((error as StandinError).code).toBe('C0032');
      expect(error.message).toContain('GOOGLE_CLOUD_PROJECT');
      expect(server.received).toHaveLength(0);
    });

    it('rejects a GOOGLE_CLOUD_PROJECT that is no project id with C0032', async () => {
      vi.stubEnv('GOOGLE_CLOUD_PROJECT', 'Not A Project/../x');
      const vertex = createVertexProvider({ baseURL: server.url(), token: () => 'ya29.token-1' });
      expect(((await failure(parts(vertex.reply(ask, context())))) as StandinError).code).toBe('C0032');
    });

    it('fails with kind auth when the token function throws, without the key in the message', async () => {
      const vertex = createVertexProvider({
        ...onProject,
        baseURL: server.url(),
        token: () => {
          throw new Error('the credential expired');
        },
      });
      const error = await failed(parts(vertex.reply(ask, context())));
      expect(error.kind).toBe('auth');
      expect(error.message).toContain('the token function failed: the credential expired');
      expect(server.received).toHaveLength(0);
    });

    it('fails with kind auth when the token function gives an empty token', async () => {
      const vertex = createVertexProvider({ ...onProject, baseURL: server.url(), token: () => '' });
      const error = await failed(parts(vertex.reply(ask, context())));
      expect(error.kind).toBe('auth');
      expect(error.message).toContain('gave no token');
    });

    it('fails with kind timeout when the token function gives nothing within timeoutMs', async () => {
      const vertex = createVertexProvider({
        ...onProject,
        baseURL: server.url(),
        timeoutMs: 20,
        token: () => new Promise<string>(() => undefined),
      });
      const error = await failed(parts(vertex.reply(ask, context())));
      expect(error.kind).toBe('timeout');
      expect(error.message).toContain('within 20 ms');
    });

    it("reads Google's error body into the failure's kind", async () => {
      const body = { error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } };
      server.on(STREAM, json(429, body));
      const vertex = createVertexProvider({ ...onProject, baseURL: server.url(), token: () => 'ya29.token-1' });
      const error = await failed(parts(vertex.reply(ask, context())));
      expect(error.kind).toBe('rate_limit');
      expect(error.message).not.toContain('ya29.token-1');
    });
  });

  describe('.embed', () => {
    it("posts embedContent on the project's path and reads the vector", async () => {
      const path = `${PROJECT_PATH}:embedContent`;
      server.on(path, json(200, { embedding: { values: [0.25, -0.5] } }));
      const vertex = createVertexProvider({ ...onProject, baseURL: server.url(), token: () => 'ya29.token-1' });
      expect(await vertex.embed('refund', context({ model: 'test-model' }))).toEqual([0.25, -0.5]);
      expect(server.at(path)[0]!.headers.authorization).toBe('Bearer ya29.token-1');
      // Vertex AI's path names the model; its body carries the content alone, as @google/genai sends it.
      expect(JSON.parse(server.at(path)[0]!.body.toString('utf8'))).toEqual({
        content: { parts: [{ text: 'refund' }] },
      });
    });
  });
});

describe('createVertexProvider', () => {
  it('rejects a token that is not a function with P0004, naming the field', () => {
    const error = (() => {
      try {
        createVertexProvider({ token: 'ya29.token' as never });
      } catch (caught) {
        return caught as StandinError;
      }
      throw new Error('expected P0004');
    })();
    expect(error.code).toBe('P0004');
    expect(error.message).toContain('settings.token');
  });

  it('rejects a location that is no Google Cloud location with P0004', () => {
    expect(() => createVertexProvider({ location: 'Europe West' })).toThrow(/settings\.location/);
  });
});

describe('the config of a vertex provider', () => {
  it("calls express mode with the config's API key: a config holds no token function", async () => {
    const path = `${EXPRESS_PATH}:streamGenerateContent?alt=sse`;
    server.on(path, hi());
    const app = createApp({
      models: { writer: { provider: 'vertex', model: 'test-model' } },
      providers: { vertex: { baseURL: server.url(), ...onProject, apiKey: KEY } },
    });
    expect((await app.reply('writer', { messages: [{ role: 'user', content: 'Hello' }] })).text).toBe('Hi');
    expect(server.at(path)[0]!.headers['x-goog-api-key']).toBe(KEY);
  });

  it('rejects a project that is no Google Cloud project id with C0001, saying what it should hold', () => {
    expect(() =>
      createApp({
        models: { writer: { provider: 'vertex', model: 'test-model' } },
        providers: { vertex: { project: 'Help Desk' } },
      }),
    ).toThrow(/providers\.vertex\.project[\s\S]*Google Cloud project id/);
  });
});
