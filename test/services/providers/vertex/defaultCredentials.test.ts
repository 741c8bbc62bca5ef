import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, createVertexProvider, ProviderFailure, type ReplyRequest } from '../../../../src/index.js';
import { GenerateChunkWriter } from '../../../../src/protocols/gemini/generateWriter.js';
import { callContext, failure, parts } from '../loopback/callContext.js';
import { stream, type Handler, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

/** What the stand-in for Google's credentials gives: each token it hands out, and when that token expires. */
const google = vi.hoisted(() => ({
  scopes: [] as unknown[],
  issued: 0,
  expiresIn: undefined as number | undefined,
  fails: undefined as Error | undefined,
}));

// Application-default credentials without a Google account: the package's GoogleAuth, as the adapter calls it.
vi.mock('google-auth-library', () => ({
  GoogleAuth: class {
    #credentials: { expiry_date?: number } = {};
    constructor(options: { scopes: unknown }) {
      google.scopes.push(options.scopes);
    }
    async getAccessToken(): Promise<string> {
      if (google.fails !== undefined) throw google.fails;
      this.#credentials = google.expiresIn === undefined ? {} : { expiry_date: Date.now() + google.expiresIn };
      return `ya29.adc-${++google.issued}`;
    }
    async getClient(): Promise<{ credentials: { expiry_date?: number } }> {
      return { credentials: this.#credentials };
    }
  },
}));

let server: LoopbackServer;
useLoopback((started) => (server = started));
beforeEach(() => {
  // The machine's own Google Cloud settings must not move the path the tests expect.
  vi.stubEnv('GOOGLE_CLOUD_LOCATION', '');
  Object.assign(google, { scopes: [], issued: 0, expiresIn: undefined, fails: undefined });
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const STREAM =
  '/v1/projects/help-desk-test/locations/us-central1/publishers/google/models/test-model:streamGenerateContent?alt=sse';
const ask: ReplyRequest = { model: 'test-model', messages: [{ role: 'user', content: 'Hello' }] };
const context = () => callContext({ provider: 'vertex', apiKey: undefined });
const vertex = () => createVertexProvider({ baseURL: server.url(), project: 'help-desk-test' });

function hi(): Handler {
  const writer = new GenerateChunkWriter({ id: 'resp_1', model: 'test-model' });
  return stream([...writer.part({ type: 'text', text: 'Hi' }), ...writer.end()].join(''));
}

const bearers = () => server.at(STREAM).map((request) => request.headers.authorization);

describe("VertexProvider with Google's application-default credentials", () => {
  describe('.reply', () => {
    it("asks GoogleAuth for a cloud-platform token and sends it as a bearer, in the default location's path", async () => {
      server.on(STREAM, hi());
      await parts(vertex().reply(ask, context()));
      expect(google.scopes).toEqual(['https://www.googleapis.com/auth/cloud-platform']);
      expect(bearers()).toEqual(['Bearer ya29.adc-1']);
    });

    it('keeps a token until shortly before it expires', async () => {
      google.expiresIn = 3_600_000;
      server.on(STREAM, hi(), hi());
      const provider = vertex();
      await parts(provider.reply(ask, context()));
      await parts(provider.reply(ask, context()));
      expect(bearers()).toEqual(['Bearer ya29.adc-1', 'Bearer ya29.adc-1']);
    });

    it('asks for a new token when the kept one expires within the minute', async () => {
      google.expiresIn = 30_000;
      server.on(STREAM, hi(), hi());
      const provider = vertex();
      await parts(provider.reply(ask, context()));
      await parts(provider.reply(ask, context()));
      expect(bearers()).toEqual(['Bearer ya29.adc-1', 'Bearer ya29.adc-2']);
    });

    it('asks for a token each call when the credentials give no expiry', async () => {
      server.on(STREAM, hi(), hi());
      const provider = vertex();
      await parts(provider.reply(ask, context()));
      await parts(provider.reply(ask, context()));
      expect(bearers()).toEqual(['Bearer ya29.adc-1', 'Bearer ya29.adc-2']);
      expect(google.scopes).toHaveLength(1);
    });

    it('fails with kind auth, naming the credentials, when none can be found', async () => {
      google.fails = new Error('Could not load the default credentials.');
      const error = await failure(parts(vertex().reply(ask, context())));
      expect(error).toBeInstanceOf(ProviderFailure);
      expect((error as ProviderFailure).kind).toBe('auth');
      expect(error.message).toContain(
        "Google's application-default credentials failed: Could not load the default credentials.",
      );
      expect(server.received).toHaveLength(0);
    });
  });

  it('serves a config with a project and no key', async () => {
    server.on(STREAM, hi());
    const app = createApp({
      models: { writer: { provider: 'vertex', model: 'test-model' } },
      providers: { vertex: { baseURL: server.url(), project: 'help-desk-test' } },
    });
    expect((await app.reply('writer', { messages: [{ role: 'user', content: 'Hello' }] })).text).toBe('Hi');
    expect(bearers()).toEqual(['Bearer ya29.adc-1']);
  });
});
